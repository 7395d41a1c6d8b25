import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import Database from 'better-sqlite3';
import { Client, post } from './online.testing.ts';

/** Helpers of the operations tests (backup, restore, upgrades, metrics, logs): the command run as an operator runs it. */

const bin = fileURLToPath(new URL('../../bin/hexarena.js', import.meta.url));

/** `hexarena <args>` in `cwd`, without blocking this process (a load may run meanwhile): its exit code and output. */
export function hexarena(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A game a load plays: its two seats' tokens, and every move the server acknowledged, in order. */
export interface LoadedGame {
  readonly id: string;
  readonly tokens: readonly string[];
  readonly acked: string[];
}

/**
 * Hive games of two seats each, played with random legal moves over each game's socket as fast as
 * the server answers, until `stop()`; `acks()` counts what was acknowledged so far; `until(n)`
 * resolves once n moves were. `stop` resolves when every move sent has its answer.
 */
export async function startLoad(base: string, games: number, seed: string) {
  const rng = Rng.fromSeed(seed);
  const played: LoadedGame[] = [];
  for (let g = 0; g < games; g++) {
    const created = await post(base, '/api/games', { game: 'hive', seats: ['open', 'open'], seat: 0 });
    const other = await post(base, `/api/games/${created.json.id}/seats/1`, {});
    played.push({ id: created.json.id as string, tokens: [created.json.token as string, other.json.token as string], acked: [] });
  }
  let stopped = false;
  let acks = 0;
  const refused: string[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const clients = await Promise.all(played.map((g) => Client.open(base, g.id)));
  const loops = played.map(async (g, i) => {
    let state = hive.newGame(hive.defaultOptions, 'client');
    let version = 0;
    while (!stopped && hive.result(state) === null) {
      const move = rng.pick(hive.legalMoves(state));
      const text = hive.formatMove(state, move);
      const seat = hive.toMove(state) as number;
      const answer = await (clients[i] as Client).ask({ type: 'move', seat, token: g.tokens[seat], move: text, version });
      if (answer.ok !== true) {
        refused.push(`game ${i}: ${JSON.stringify(answer)}`);
        return;
      }
      g.acked.push(text);
      version = answer.version as number;
      state = hive.play(state, move);
      acks++;
      for (const w of waiters.filter((w) => acks >= w.n)) w.resolve();
    }
  });
  return {
    games: played,
    refused,
    acks: () => acks,
    until: (n: number) => (acks >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(loops);
      for (const c of clients) c.close();
    },
  };
}

/** Why a stored game's moves do not replay through its engine, or undefined when they do. */
export function replayFailure(row: { id: string; game: string; options: string; seed: string }, moves: string[]): string | undefined {
  const game = unwrap(findGame(row.game));
  const options = game.parseOptions(JSON.parse(row.options));
  const replayed = options.ok ? playMoves(game, options.value, row.seed, moves) : options;
  return replayed.ok ? undefined : `${row.id}: ${replayed.error.message}`;
}

/** Every game of a SQLite store with its moves in order, each replayed through its engine: the games that did not replay, with why. */
export function replayAll(file: string): { games: Map<string, string[]>; failures: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const games = new Map<string, string[]>();
    const failures: string[] = [];
    const rows = db.prepare('SELECT id, game, options, seed FROM games ORDER BY id').all() as {
      id: string;
      game: string;
      options: string;
      seed: string;
    }[];
    const movesOf = db.prepare('SELECT move FROM moves WHERE game_id = ? ORDER BY ply');
    for (const row of rows) {
      const moves = (movesOf.all(row.id) as { move: string }[]).map((m) => m.move);
      games.set(row.id, moves);
      const failure = replayFailure(row, moves);
      if (failure) failures.push(failure);
    }
    return { games, failures };
  } finally {
    db.close();
  }
}
