import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './online.testing.ts';
import { hexarena, type LoadedGame, replayFailure, startLoad } from './operations.testing.ts';
import { sharedPostgres } from './postgres.testing.ts';

const env = { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };

/** Every game of the database at `url` with its moves in order, each replayed through its engine: those that did not replay. */
async function replayAll(url: string): Promise<{ games: Map<string, string[]>; failures: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const games = new Map<string, string[]>();
    const failures: string[] = [];
    const { rows } = await client.query<{ id: string; game: string; options: string; seed: string }>(
      'SELECT id, game, options, seed FROM games ORDER BY id',
    );
    for (const row of rows) {
      const moves = (await client.query<{ move: string }>('SELECT move FROM moves WHERE game_id = $1 ORDER BY ply', [row.id])).rows.map(
        (m) => m.move,
      );
      games.set(row.id, moves);
      const failure = replayFailure(row, moves);
      if (failure) failures.push(failure);
    }
    return { games, failures };
  } finally {
    await client.end();
  }
}

describe('hexarena backup and restore of a PostgreSQL store (pg_dump, pg_restore)', () => {
  let work: string;
  /** PostgreSQL's databases from the worker's shared server: these tests never stop it. */
  const postgres = sharedPostgres();
  let server: ServerProcess;
  let site: string;
  let games: LoadedGame[];
  let before: Map<string, string[]>;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'hexarena-pg-backup-'));
    site = await postgres.createDatabase();
    server = await startServer(path.join(work, 'data'), { ...env, DATABASE_URL: site });
  });
  afterAll(async () => {
    await server?.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('dumps the store while moves go on: every move acknowledged before it began, one instant of each game', async () => {
    const load = await startLoad(server.base, 3, 'pg-backup-load');
    games = load.games;
    await load.until(30);
    before = new Map(games.map((g) => [g.id, [...g.acked]]));
    const made = await hexarena(['backup', 'site.dump', '--db', site], work);
    await load.stop();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^backed up the PostgreSQL store to site\.dump \(.+ MB, pg_dump's custom format\)\n$/);
    expect(load.refused).toEqual([]);
  });

  it('restores into an empty database, where every acknowledged move is and every game replays', async () => {
    const fresh = await postgres.createDatabase();
    const restored = await hexarena(['restore', 'site.dump', '--db', fresh], work);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const { games: copied, failures } = await replayAll(fresh);
    expect(failures).toEqual([]);
    for (const g of games) {
      const moves = copied.get(g.id) ?? [];
      expect(moves.slice(0, before.get(g.id)?.length)).toEqual(before.get(g.id));
      expect(g.acked.slice(0, moves.length)).toEqual(moves);
    }
    // A server opens it as it is.
    const second = await startServer(path.join(work, 'second'), { ...env, DATABASE_URL: fresh });
    try {
      const g = games[0] as LoadedGame;
      const served = (await (await fetch(`${second.base}/api/games/${g.id}`)).json()) as { moves: string[] };
      expect(served.moves).toEqual(copied.get(g.id));
    } finally {
      await second.kill();
    }
  });

  it('refuses a database holding a store without --replace, and one an instance runs on even with it', async () => {
    const over = await hexarena(['restore', 'site.dump', '--db', site], work);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(
      /^hexarena: the database holds a hexarena store already \(3 games\): restore into an empty database, or add --replace/,
    );
    const live = await hexarena(['restore', 'site.dump', '--db', site, '--replace'], work);
    expect(live.code).toBe(1);
    expect(live.stderr).toMatch(
      /^hexarena: an instance is running on the database \(its heartbeat is \d+ s old\): stop every instance first/,
    );
  });

  it('with --replace once the instance stopped: the database dumped first, then the backup in its place', async () => {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const everything = await replayAll(site);
    const replaced = await hexarena(['restore', 'site.dump', '--db', site, '--replace'], work);
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    const kept = /dumped to (site\.dump\.replaced-\S+)\)/.exec(replaced.stdout)?.[1];
    expect(kept).toBeDefined();
    // Nothing lost: the dump of the database as it was restores every move the load had acknowledged.
    const aside = await postgres.createDatabase();
    expect((await hexarena(['restore', kept as string, '--db', aside], work)).code).toBe(0);
    expect((await replayAll(aside)).games).toEqual(everything.games);
    for (const g of games) expect(everything.games.get(g.id)).toEqual(g.acked);
  });

  it('says what is wrong with a foreign or damaged dump, or a dump given for a data folder', async () => {
    writeFileSync(path.join(work, 'half.dump'), 'PGDMP not really a dump');
    const damaged = await hexarena(['restore', 'half.dump', '--db', await postgres.createDatabase()], work);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/^hexarena: half\.dump is damaged: pg_restore failed: /);
    const sqlite = await hexarena(['restore', 'site.dump', '--data', 'folder'], work);
    expect(sqlite.code).toBe(2);
    expect(sqlite.stderr).toBe(
      'hexarena: site.dump is a PostgreSQL dump: restore it into a database with --db postgres://… (or DATABASE_URL)\n',
    );
  });
});
