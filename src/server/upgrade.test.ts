import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './online.testing.ts';
import { hexarena, replayAll } from './operations.testing.ts';
import { MIGRATIONS, SqliteStore } from './sqlite-store.ts';

/**
 * The upgrade path of docs/operations.md: a store made by an older hexarena — the migrations of each
 * earlier schema version, with games written as that version wrote them — opens under today's
 * migrations and keeps every game, each still replaying through its engine.
 */

/** A Hive game of random legal moves, as text, the same every run. */
function hiveMoves(count: number): string[] {
  const rng = Rng.fromSeed('upgrade');
  let state = hive.newGame(hive.defaultOptions, 'upgrade');
  const moves: string[] = [];
  while (moves.length < count && hive.result(state) === null) {
    const move = rng.pick(hive.legalMoves(state));
    moves.push(hive.formatMove(state, move));
    state = hive.play(state, move);
  }
  return moves;
}

const GAMES: Record<string, { game: string; options: unknown; seed: string; moves: string[] }> = {
  tictactoe: { game: 'tictactoe', options: {}, seed: 's', moves: ['b2', 'a1', 'c3'] },
  hive: { game: 'hive', options: hive.defaultOptions, seed: 'upgrade', moves: hiveMoves(30) },
};

/** A store as hexarena left it at schema `version`, holding GAMES (in the columns every version has). */
function oldStore(file: string, version: number): void {
  const db = new Database(file);
  for (const migration of MIGRATIONS.slice(0, version)) db.exec(migration);
  db.pragma(`user_version = ${version}`);
  const game = db.prepare(
    'INSERT INTO games (id, game, options, seed, seats, clock, created_at, ended_result, termination, deadline) VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, NULL, NULL)',
  );
  const move = db.prepare('INSERT INTO moves (game_id, ply, move, at) VALUES (?, ?, ?, ?)');
  for (const [id, g] of Object.entries(GAMES)) {
    game.run(id, g.game, JSON.stringify(g.options), g.seed, '["open","open"]', 1000);
    for (const [ply, text] of g.moves.entries()) move.run(id, ply, text, 1000 + ply);
  }
  db.close();
}

let dir: string;
beforeAll(() => {
  // In memory where the system has it: a store migrated 25 times over fsyncs each step.
  dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'hexarena-upgrade-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('upgrading the store', () => {
  it('a store of every earlier schema version opens under today’s, keeps every game, and every game replays', async () => {
    expect(GAMES.hive?.moves.length).toBe(30);
    for (let version = 1; version < MIGRATIONS.length; version++) {
      const file = path.join(dir, `v${version}.sqlite`);
      oldStore(file, version);
      await new SqliteStore(file).close();
      const db = new Database(file, { readonly: true });
      expect(db.pragma('user_version', { simple: true }), `from version ${version}`).toBe(MIGRATIONS.length);
      db.close();
      const { games, failures } = replayAll(file);
      expect(failures, `from version ${version}`).toEqual([]);
      expect(Object.fromEntries(games), `from version ${version}`).toEqual(
        Object.fromEntries(Object.entries(GAMES).map(([id, g]) => [id, g.moves])),
      );
    }
  });

  it('a backup of the oldest schema restores with hexarena restore, and a real server serves its games', async () => {
    oldStore(path.join(dir, 'oldest.sqlite'), 1);
    const restored = await hexarena(['restore', 'oldest.sqlite', '--data', 'site'], dir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const server = await startServer(path.join(dir, 'site'));
    try {
      for (const [id, g] of Object.entries(GAMES)) {
        const served = (await (await fetch(`${server.base}/api/games/${id}`)).json()) as { moves: string[]; game: string };
        expect(served.moves).toEqual(g.moves);
      }
    } finally {
      await server.kill();
    }
  });
});
