import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { scratchFolder } from '../cli/testing.ts';
import { MIGRATIONS, SqliteStore } from './sqlite-store.ts';
import { gameStoreContract } from './store-contract.testing.ts';

gameStoreContract('SQLite', async () => new SqliteStore(':memory:'));
const migratedDir = mkdtempSync(path.join(tmpdir(), 'hexarena-migrated-'));
afterAll(() => rmSync(migratedDir, { recursive: true, force: true }));
let migrated: Promise<void> | undefined;

/**
 * A store file migrated once for the file, copied into each test's folder: the contract is about
 * what the store does (its migrations are the tests' below, and the store in memory's), and migrating
 * on disk, each migration a durable commit, took some 100 ms (20 ms of CPU) of each of
 * 75-odd tests; a copy takes 2 ms.
 */
async function migratedCopy(): Promise<SqliteStore> {
  migrated ??= SqliteStore.inFolder(migratedDir).close();
  await migrated;
  const dir = scratchFolder();
  // The file closed cleanly: its log is folded in and gone, but whatever SQLite left beside it is copied too.
  for (const name of readdirSync(migratedDir)) copyFileSync(path.join(migratedDir, name), path.join(dir, name));
  return SqliteStore.inFolder(dir);
}

gameStoreContract('SQLite on disk', migratedCopy);

describe('a store made by a newer hexarena', () => {
  it('is refused at open, in words, and left as it was', () => {
    const dir = scratchFolder();
    const file = path.join(dir, 'hexarena.sqlite');
    const newer = new Database(file);
    for (const migration of MIGRATIONS) newer.exec(migration);
    newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    newer.close();
    expect(() => SqliteStore.inFolder(dir)).toThrow(
      `made by a newer hexarena (schema ${MIGRATIONS.length + 1}; this one knows ${MIGRATIONS.length})`,
    );
    const after = new Database(file);
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
    after.close();
  });
});

describe('a store made by an older hexarena', () => {
  it('is brought up to date at open: move counts, due times and open seats worked out from what it holds', async () => {
    const dir = scratchFolder();
    // The schema as hexarena had it before move counts, claims and the lobby's index (migrations 1–2).
    const old = new Database(path.join(dir, 'hexarena.sqlite'));
    for (const migration of MIGRATIONS.slice(0, 2)) old.exec(migration);
    old.pragma('user_version = 2');
    const game = old.prepare(
      "INSERT INTO games (id, game, options, seed, seats, clock, created_at, ended_result, termination) VALUES (?, 'tictactoe', '{}', 's', ?, NULL, ?, ?, ?)",
    );
    game.run('live', '["open","open"]', 1, null, null);
    game.run('full', '["open","easy"]', 2, null, null);
    game.run('over', '["open","open"]', 3, '{"kind":"draw"}', 'rules');
    for (const [ply, move] of ['b2', 'a1'].entries()) old.prepare('INSERT INTO moves VALUES (?, ?, ?, ?)').run('live', ply, move, ply);
    old.prepare("INSERT INTO seats VALUES ('live', 0, 'h', 'Ann')").run();
    old.prepare("INSERT INTO seats VALUES ('full', 0, 'h', 'Bob')").run();
    // Two bots whose names differ only in case, as an older hexarena let them register.
    old.prepare("INSERT INTO bots VALUES ('first-hash', 'Randy', 1)").run();
    old.prepare("INSERT INTO bots VALUES ('later-hash', 'randy', 2)").run();
    old.close();

    const store = SqliteStore.inFolder(dir);
    try {
      // The first keeps its name; the later one takes a suffix, and neither is lost.
      expect(await store.bots.nameOf('first-hash')).toBe('Randy');
      expect(await store.bots.nameOf('later-hash')).toBe('randy-later-');
      // The lobby: only the live game with a seat still open.
      expect((await store.lobby.open()).map((g) => g.id)).toEqual(['live']);
      // Every live game is due at once (the first sweep looks at each); the finished one never.
      expect(await store.games.claimDue('me', 10, 5, 10)).toEqual(['live', 'full']);
      expect((await store.games.read('over'))?.due).toBeNull();
      // The move count is right: the next move is ply 2, not 0.
      expect(await store.games.append('live', { ply: 0, move: 'c3', at: 9 }, { deadline: null, due: null })).toBe('ply-taken');
      expect(await store.games.append('live', { ply: 2, move: 'c3', at: 9 }, { deadline: null, due: null })).toBeNull();
      expect(await store.games.claimSeat('live', 1, 'h2', 'Cy')).toBe(true);
      expect(await store.lobby.open()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('a store made before rematches were kept out of the lobby (migration 8)', () => {
  it('no longer offers the rematches it holds there', async () => {
    const dir = scratchFolder();
    const old = new Database(path.join(dir, 'hexarena.sqlite'));
    for (const migration of MIGRATIONS.slice(0, 7)) old.exec(migration);
    old.pragma('user_version = 7');
    const game = old.prepare(
      "INSERT INTO games (id, game, options, seed, seats, created_at, open_seats, creator) VALUES (?, 'tictactoe', '{}', 's', '[\"open\",\"open\"]', ?, ?, ?)",
    );
    game.run('waiting', 1, 2, 'address:a');
    game.run('kept', 2, 1, 'rematch:finished');
    old.close();
    const store = SqliteStore.inFolder(dir);
    try {
      expect((await store.lobby.open()).map((g) => g.id)).toEqual(['waiting']);
    } finally {
      await store.close();
    }
  });
});

const writerOut = mkdtempSync(path.join(tmpdir(), 'hexarena-writer-'));
afterAll(() => rmSync(writerOut, { recursive: true, force: true }));
let writerBuilt: Promise<string> | undefined;

/**
 * The writer compiled once for the file's twenty starts: plain Node starts it in a tenth of the CPU
 * that tsx takes (1.5 s a start), and one process still, so SIGKILL reaches the writer itself.
 * better-sqlite3 stays outside the bundle (its native part is found beside it), imported by its path.
 */
function compiledWriter(): Promise<string> {
  writerBuilt ??= (async () => {
    const outfile = path.join(writerOut, 'store-writer.mjs');
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    await build({
      entryPoints: [fileURLToPath(new URL('./store-writer.testing.ts', import.meta.url))],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'error',
      plugins: [
        { name: 'sqlite-by-path', setup: (b) => b.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: sqlite, external: true })) },
      ],
    });
    return outfile;
  })();
  return writerBuilt;
}

/** Starts a writer that appends moves to `dir`'s store and prints "ack <game> <ply>" once each is durable. */
async function startWriter(
  dir: string,
): Promise<{ child: ChildProcess; acks: Map<string, number>; waitForAcks: (n: number) => Promise<void> }> {
  const child = spawn(process.execPath, [await compiledWriter(), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  // However the test ends, no writer outlives it.
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  const acks = new Map<string, number>();
  let total = 0;
  let buffer = '';
  const waiters: { n: number; resolve: () => void }[] = [];
  child.stdout?.on('data', (data: Buffer) => {
    buffer += data.toString();
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const [word, game, ply] = buffer.slice(0, nl).split(' ');
      buffer = buffer.slice(nl + 1);
      if (word !== 'ack') continue;
      acks.set(game as string, Math.max(acks.get(game as string) ?? -1, Number(ply)));
      total++;
      for (const w of waiters.filter((w) => total >= w.n)) w.resolve();
    }
  });
  const waitForAcks = (n: number) =>
    new Promise<void>((resolve, reject) => {
      if (total >= n) return resolve();
      waiters.push({ n, resolve });
      child.once('exit', (code) => (total >= n ? resolve() : reject(new Error(`writer exited (${code}) after ${total} acks`))));
    });
  return { child, acks, waitForAcks };
}

describe('the SQLite store under SIGKILL', () => {
  it('a writer killed at random moments, 20 times, never loses an acknowledged move, and the games go on', async () => {
    const dir = scratchFolder();
    const rng = Rng.fromSeed('kill');
    const acknowledged = new Map<string, number>();
    for (let round = 0; round < 20; round++) {
      const { child, acks, waitForAcks } = await startWriter(dir);
      // Kill it after a random number of acknowledged moves: mid-transaction as often as not.
      await waitForAcks(1 + rng.int(40));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      for (const [game, ply] of acks) acknowledged.set(game, Math.max(acknowledged.get(game) ?? -1, ply));
      // Everything acknowledged so far is there, in order, with no gap.
      const store = SqliteStore.inFolder(dir);
      for (const [game, ply] of acknowledged) {
        const moves = (await store.games.read(game))?.moves ?? [];
        expect(moves.length, `${game} after round ${round}`).toBeGreaterThan(ply);
        expect(moves.map((m) => m.ply)).toEqual(moves.map((_, i) => i));
      }
      await store.close();
    }
    // The writers resumed the same games from the store each time.
    expect(Math.max(...acknowledged.values())).toBeGreaterThan(20);
  });
});
