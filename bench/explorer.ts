import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { countedOf, openingOf, positionKey } from '../src/explorer/index.ts';
import { explorerAnswer } from '../src/server/explorer.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';
import type { OpeningLine } from '../src/server/store.ts';

/**
 * The opening explorer on 100,000 finished Hive games in the embedded store (a file in a temporary
 * folder, synchronous commits as served): how long the store takes to fill, then the explorer's
 * answer (the moves replayed and keyed, the index read, the totals) at positions of those games, the
 * start among them — median and p99 — beside a game read by id from the same store (the anchor).
 *
 * The games are plausible openings drawn with the seeded Rng: 20 plies of legal moves, each chosen
 * with a skew (the moves of each position in an order of their own, the first ones far likelier), so
 * the first plies are shared by many games, as popular openings are, and later ones by few. Each is
 * written as a real game's end writes it: the game made, then ended with its opening (store.end),
 * so the index is the one the server builds; its moves are not stored (the explorer never reads them).
 */

const GAMES = Number(process.env.HEXARENA_BENCH_EXPLORER_GAMES ?? 100_000);
const PLIES = 20;
const QUERIES = 5000;
/** Games written at once: the store commits what a tick brings in one transaction. */
const AT_ONCE = 500;

interface Stat {
  readonly median: number;
  readonly p99: number;
}

interface Node {
  readonly state: unknown;
  readonly key: string;
  /** The legal moves, in this position's own order of preference. */
  readonly moves: readonly unknown[];
  readonly children: Map<number, Node>;
}

export async function benchExplorer(): Promise<void> {
  console.log(`\n## Opening explorer: ${GAMES.toLocaleString('en')} finished Hive games in SQLite`);
  const hive = findGame('hive');
  if (!hive.ok) throw hive.error;
  const game = hive.value;
  const rng = Rng.fromSeed('bench/explorer');
  // Positions of the first plies kept (shared by many games); deeper ones made as they come.
  const node = (state: unknown): Node => ({
    state,
    key: positionKey(game, state),
    moves: rng.shuffle([...game.legalMoves(state)]),
    children: new Map(),
  });
  const KEPT = 8;
  const root = node(game.newGame(game.defaultOptions, 'bench'));
  const skewed = (n: number) => Math.floor(n * rng.next() ** 3);
  const opening = (): { line: OpeningLine; texts: string[] } => {
    const steps: { key: string; move: string }[] = [];
    const texts: string[] = [];
    let at: Node | null = root;
    let state = root.state;
    for (let ply = 0; ply < PLIES && game.result(state) === null; ply++) {
      const here: Node = at ?? node(state);
      const i = skewed(here.moves.length);
      const move = here.moves[i];
      const text = game.formatMove(here.state, move);
      steps.push({ key: here.key, move: text });
      texts.push(text);
      let next = here.children.get(i) ?? null;
      if (!next) {
        const played = game.play(here.state, move);
        if (ply + 1 < KEPT) {
          next = node(played);
          here.children.set(i, next);
        }
        state = played;
      } else state = next.state;
      at = next;
    }
    const roll = rng.next();
    const counted = countedOf(roll < 0.47 ? { kind: 'win', winner: 0 } : roll < 0.94 ? { kind: 'win', winner: 1 } : { kind: 'draw' });
    return { line: { variant: 'hive', steps, counted: counted ?? 'draw' }, texts };
  };

  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-explorer-'));
  const store = SqliteStore.inFolder(dir);
  try {
    // Some games kept for the queries: their moves, cut at a random ply.
    const sampled: string[][] = [[]];
    let drawn = 0;
    let written = 0;
    const t0 = performance.now();
    for (let from = 0; from < GAMES; from += AT_ONCE) {
      const td = performance.now();
      const batch = Array.from({ length: Math.min(AT_ONCE, GAMES - from) }, (_, i) => {
        const { line, texts } = opening();
        if (sampled.length < QUERIES && rng.chance(QUERIES / GAMES)) sampled.push(texts.slice(0, rng.int(texts.length + 1)));
        return { id: `g${from + i}`, line };
      });
      drawn += performance.now() - td;
      const tw = performance.now();
      await Promise.all(
        batch.map(async ({ id, line }) => {
          await store.games.create({ id, game: 'hive', options: {}, seed: id, seats: ['open', 'open'], clock: null, createdAt: from });
          const result: Json = line.counted === 'draw' ? { kind: 'draw' } : { kind: 'win', winner: line.counted === 'first' ? 0 : 1 };
          if (!(await store.games.end(id, { result: result, termination: 'rules', plies: 0, opening: line })))
            throw new Error(`${id} did not end`);
        }),
      );
      written += performance.now() - tw;
    }
    const filled = (performance.now() - t0) / 1000;
    // The openings' tree is let go: the questions run in the heap a server would have.
    root.children.clear();
    const size = statSync(path.join(dir, 'hexarena.sqlite')).size / 2 ** 20;
    console.log(
      `  filled in ${filled.toFixed(1)} s: openings drawn and keyed ${(drawn / 1000).toFixed(1)} s, written ${(written / 1000).toFixed(1)} s (${((written * 1000) / GAMES).toFixed(0)} µs a game's end with its opening); ${size.toFixed(0)} MB`,
    );
    while (sampled.length < QUERIES) sampled.push(sampled[rng.int(sampled.length)]?.slice(0, rng.int(PLIES)) ?? []);

    // Warmed up first: the replay's and the store's code compiled, as on a server that has been up a while.
    for (const moves of sampled.slice(0, 500)) await explorerAnswer(store, game as AnyGame, {}, moves);
    // The four timings take turns, question by question, so a pause of the collector or of a neighbour
    // on the machine falls on each alike.
    const keys = sampled.map((moves) => {
      const answer = openingOf(game as AnyGame, {}, 'explorer', moves);
      return answer.ok ? (answer.value.key ?? '') : '';
    });
    let moves = 0;
    let games = 0;
    const ops: ((i: number) => Promise<unknown>)[] = [
      async (i) => {
        const answer = await explorerAnswer(store, game as AnyGame, {}, sampled[i] as string[]);
        if (!answer.ok) throw answer.error;
        moves += answer.value.moves.length;
        games += answer.value.games;
      },
      async (i) => openingOf(game as AnyGame, {}, 'explorer', sampled[i] as string[]),
      (i) => store.explorer.counts('hive', keys[i] as string),
      (i) => store.games.read(`g${(i * 7919) % GAMES}`),
    ];
    const times = ops.map(() => [] as number[]);
    for (let i = 0; i < QUERIES; i++)
      for (const [k, op] of ops.entries()) {
        const t = performance.now();
        await op(i);
        times[k]?.push(performance.now() - t);
      }
    const [asked, keyed, read, anchor] = times.map((ms) => {
      ms.sort((a, b) => a - b);
      return { median: ms[Math.floor(ms.length / 2)] as number, p99: ms[Math.floor(ms.length * 0.99)] as number };
    }) as [Stat, Stat, Stat, Stat];
    const time = async (runs: number, op: () => Promise<unknown>): Promise<Stat> => {
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await op();
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { median: ms[Math.floor(runs / 2)] as number, p99: ms[Math.floor(runs * 0.99)] as number };
    };
    const start = await time(200, () => explorerAnswer(store, game as AnyGame, {}, []));
    console.log(
      `  an answer (the moves replayed and keyed, the index read): median ${asked.median.toFixed(2)} ms, p99 ${asked.p99.toFixed(2)} ms over ${QUERIES} positions of the games (${(games / QUERIES).toFixed(0)} games, ${(moves / QUERIES).toFixed(1)} moves an answer); the start alone (${GAMES.toLocaleString('en')} games): median ${start.median.toFixed(2)} ms`,
    );
    console.log(
      `  of which the moves replayed and keyed: median ${keyed.median.toFixed(2)} ms, p99 ${keyed.p99.toFixed(2)} ms; the index read: median ${read.median.toFixed(2)} ms, p99 ${read.p99.toFixed(2)} ms`,
    );
    console.log(
      `  anchor, a game read by id from the same store: median ${anchor.median.toFixed(2)} ms, p99 ${anchor.p99.toFixed(2)} ms — the answer is ${(asked.median / anchor.median).toFixed(1)}× at the median, ${(asked.p99 / anchor.p99).toFixed(1)}× at p99`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
