import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './online.testing.ts';
import { hexarena, type LoadedGame, replayAll, startLoad } from './operations.testing.ts';
import { SQLITE_FILE } from './sqlite-store.ts';

const env = { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };

describe('hexarena backup while the server serves, and restore into a fresh folder', () => {
  let work: string;
  let server: ServerProcess;
  let games: LoadedGame[];
  let before: Map<string, string[]>;
  const backup = () => path.join(work, 'site.backup');

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'hexarena-backup-'));
    server = await startServer(path.join(work, 'data'), env);
  });
  afterAll(async () => {
    await server?.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies every move acknowledged before it began, as one instant of the store, while moves go on', async () => {
    const load = await startLoad(server.base, 4, 'backup-load');
    games = load.games;
    await load.until(40);
    // What was acknowledged before the backup began: all of it must be in the backup.
    before = new Map(games.map((g) => [g.id, [...g.acked]]));
    const atStart = load.acks();
    const made = await hexarena(['backup', 'site.backup', '--data', 'data'], work);
    const during = load.acks() - atStart;
    await load.stop();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^backed up 4 games and \d+ moves from data to site\.backup \(.+ MB, checked, in .+ s\)\n$/);
    expect(load.refused).toEqual([]);
    console.log(`backup: ${during} moves acknowledged while it ran; ${load.acks()} in all`);
    const { games: copied, failures } = replayAll(backup());
    expect(failures).toEqual([]);
    for (const g of games) {
      const moves = copied.get(g.id) ?? [];
      // Every move acknowledged before the backup began is in it …
      expect(moves.slice(0, before.get(g.id)?.length)).toEqual(before.get(g.id));
      // … and what it holds besides is what the server went on to acknowledge, in order (one instant of each game).
      expect(g.acked.slice(0, moves.length)).toEqual(moves);
    }
    // One self-contained file: no log beside it.
    expect(existsSync(`${backup()}-wal`)).toBe(false);
  });

  it('refuses to write over a file, and to restore over the store a server is using', async () => {
    const again = await hexarena(['backup', 'site.backup', '--data', 'data'], work);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('hexarena: site.backup exists already: a backup never writes over a file, name a new one\n');
    const over = await hexarena(['restore', 'site.backup', '--data', 'data'], work);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^hexarena: data holds a store already \(4 games\): restore into a new folder, or add --replace/);
    const live = await hexarena(['restore', 'site.backup', '--data', 'data', '--replace'], work);
    expect(live.code).toBe(1);
    expect(live.stderr).toMatch(
      /^hexarena: a server is using the store in data \(its heartbeat is \d+ s old\): stop it first, then restore \(a server that crashed counts as running for 15 s after its last heartbeat\)\n$/,
    );
  });

  it('restores into a fresh folder, where a server serves every game as it was backed up and every game replays', async () => {
    const restored = await hexarena(['restore', 'site.backup', '--data', 'fresh'], work);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^restored 4 games and \d+ moves into fresh; `hexarena serve` brings its schema up to date/);
    const { games: copied } = replayAll(backup());
    const second = await startServer(path.join(work, 'fresh'), env);
    try {
      for (const g of games) {
        const served = (await (await fetch(`${second.base}/api/games/${g.id}`)).json()) as { moves: string[] };
        expect(served.moves).toEqual(copied.get(g.id));
        expect(served.moves.slice(0, before.get(g.id)?.length)).toEqual(before.get(g.id));
      }
    } finally {
      await second.kill();
    }
    expect(replayAll(path.join(work, 'fresh', SQLITE_FILE)).failures).toEqual([]);
  });

  it('with --replace, once the server is stopped: the backup in place, the store it replaced kept beside it', async () => {
    // A clean stop (SIGTERM) writes the server's last heartbeat, marked stopped: the store is free at once.
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const replaced = await hexarena(['restore', 'site.backup', '--data', 'data', '--replace'], work);
    expect(replaced.stderr).toBe('');
    expect(replaced.code).toBe(0);
    const kept = /kept as (data\/hexarena\.sqlite\.replaced-\S+)\)/.exec(replaced.stdout)?.[1];
    expect(kept).toBeDefined();
    // Nothing lost: the replaced store holds every move the load had acknowledged.
    const old = replayAll(path.join(work, kept as string));
    for (const g of games) expect(old.games.get(g.id)).toEqual(g.acked);
    expect(replayAll(path.join(work, 'data', SQLITE_FILE)).games).toEqual(replayAll(backup()).games);
  });

  it('says what is wrong with a missing, foreign, damaged or newer file, and changes nothing', async () => {
    const fails = async (file: string, expected: RegExp) => {
      const r = await hexarena(['restore', file, '--data', 'other'], work);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(expected);
      expect(existsSync(path.join(work, 'other'))).toBe(false);
    };
    await fails('nothing.backup', /^hexarena: there is no backup at nothing\.backup\n$/);
    writeFileSync(path.join(work, 'notes.txt'), 'not a backup\n');
    await fails('notes.txt', /^hexarena: notes\.txt is not a hexarena backup: neither a SQLite store nor a PostgreSQL dump/);
    const other = new Database(path.join(work, 'other.sqlite'));
    other.exec('CREATE TABLE t (x)');
    other.close();
    await fails('other.sqlite', /^hexarena: other\.sqlite is a SQLite database but not a hexarena store\n$/);
    const bytes = readFileSync(backup());
    writeFileSync(path.join(work, 'cut.backup'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await fails('cut.backup', /^hexarena: cut\.backup is damaged: /);
    // A page in the middle overwritten: the b-tree no longer holds together.
    const garbled = Buffer.from(bytes);
    const pageSize = garbled.readUInt16BE(16);
    for (let page = 1; page < garbled.length / pageSize; page += 2) garbled.fill(0x5a, page * pageSize, page * pageSize + 64);
    writeFileSync(path.join(work, 'garbled.backup'), garbled);
    await fails('garbled.backup', /^hexarena: garbled\.backup is damaged: /);
    const newer = new Database(path.join(work, 'newer.backup'));
    newer.exec('CREATE TABLE games (id); CREATE TABLE moves (game_id)');
    newer.pragma('user_version = 9999');
    newer.close();
    await fails('newer.backup', /^hexarena: newer\.backup was made by a newer hexarena \(schema 9999; this one knows \d+\)/);
    const pg = await hexarena(['restore', 'site.backup', '--db', 'postgres://127.0.0.1:1/none'], work);
    expect(pg.code).toBe(2);
    expect(pg.stderr).toBe('hexarena: site.backup is a SQLite store: restore it into a data folder with --data DIR, without --db\n');
  });
});
