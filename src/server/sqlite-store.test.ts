import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { scratchFolder } from '../cli/testing.ts';
import { Rng } from '../engine/rng.ts';
import { SqliteStore } from './sqlite-store.ts';
import { gameStoreContract } from './store-contract.testing.ts';

gameStoreContract('SQLite', async () => new SqliteStore(':memory:'));
gameStoreContract('SQLite on disk', async () => SqliteStore.inFolder(scratchFolder()));

const writer = fileURLToPath(new URL('./store-writer.testing.ts', import.meta.url));

/** Starts a writer that appends moves to `dir`'s store and prints "ack <game> <ply>" once each is durable. */
function startWriter(dir: string): { child: ChildProcess; acks: Map<string, number>; waitForAcks: (n: number) => Promise<void> } {
  // tsx as a loader of this very process: its CLI would run the writer in a grandchild that SIGKILL misses.
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
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
      const { child, acks, waitForAcks } = startWriter(dir);
      // Kill it after a random number of acknowledged moves: mid-transaction as often as not.
      await waitForAcks(1 + rng.int(40));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      for (const [game, ply] of acks) acknowledged.set(game, Math.max(acknowledged.get(game) ?? -1, ply));
      // Everything acknowledged so far is there, in order, with no gap.
      const store = SqliteStore.inFolder(dir);
      for (const [game, ply] of acknowledged) {
        const moves = (await store.read(game))?.moves ?? [];
        expect(moves.length, `${game} after round ${round}`).toBeGreaterThan(ply);
        expect(moves.map((m) => m.ply)).toEqual(moves.map((_, i) => i));
      }
      await store.close();
    }
    // The writers resumed the same games from the store each time.
    expect(Math.max(...acknowledged.values())).toBeGreaterThan(20);
  });
});
