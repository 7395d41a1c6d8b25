import { describeScore, Searcher } from '@hexarena/engines/ai/search.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hiveAi } from '@hexarena/engines/games/hive/ai.ts';
import { hive, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { MAX_MOVES } from '@hexarena/engines/games/hive/movegen.ts';
import { perft } from '@hexarena/engines/games/hive/perft.ts';
import { PERFT } from '@hexarena/engines/games/hive/perft-table.ts';
import { HivePosition } from '@hexarena/engines/games/hive/position.ts';
import { unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import { benchHiveVs } from './hive-vs.ts';
import type { BenchOptions } from './run.ts';

/** Three midgames of medium against medium (Base+MLP), 84, 20 and 83 legal moves. */
export const MIDGAMES: readonly string[] = [
  'Base+MLP;InProgress;White[11];wA1;bA1 \\wA1;wQ wA1-;bQ bA1/;wA2 /wA1;bA2 -bA1;wA2 -bA2;bP -bQ;wA3 /wA1;bQ \\bP;wA3 bQ/;bA3 bA1/;wA3 bA3/;bQ -bP;wA2 /bA2;bQ \\bP;wP wA1\\;bM /bQ;wM /wA1;bM /wM',
  'Base+MLP;InProgress;White[15];wA1;bA1 \\wA1;wQ wA1\\;bQ \\bA1;wP wQ/;bP bA1/;wA2 wP-;bQ bP/;wA2 bQ-;bA2 -bP;wA2 \\bA2;bA3 /bA2;wA2 bQ/;bA3 wQ\\;wA2 \\bA2;bM /bA2;wA2 bQ/;bM /wA1;wA2 \\bA2;bB1 /bA2;wP bA3/;bA3 bM\\;wP wQ/;bM wQ\\;wP bM/;bM \\wA2;wP wQ/;bB1 bA2',
  'Base+MLP;InProgress;White[19];wA1;bA1 wA1\\;wQ wA1/;bQ bA1-;wA2 -wA1;bA2 /bA1;wA2 /bA2;bP bA1\\;wA3 -wA1;bQ bP\\;wA3 /bQ;bA3 bP/;wA3 bA3-;bQ bA2\\;wA2 -bA2;bQ bP\\;wP -wQ;bM bA2\\;wM /wP;bM -wM;wA2 /bA2;bB1 /bM;wA3 bA3/;bB1 bM;wA2 -bA2;bB1 wM;wQ \\wP;bB1 wP;wA3 /bQ;bB1 wQ;bM /bB1;bA3 -wA3;wM /bA3;bB2 -bB1;bM wA1/;bL \\bB1',
];

const rate = (n: number, ms: number) => `${(((n / ms) * 1000) / 1e6).toFixed(1)} M/s`;

/** Perft leaves per second and search speed: the figures to hold against the native engines. */
export async function benchHive(options: BenchOptions = {}): Promise<void> {
  if (options.vs !== undefined) await benchHiveVs(options.vs);
  benchLongReplay();
  console.log('\n## Hive perft, Base+MLP from the start (one core)');
  for (const depth of [5, 6]) {
    for (const bulk of [true, false]) {
      const pos = new HivePosition({ type: 'Base+MLP', tournament: true });
      const t = performance.now();
      const nodes = perft(pos, depth, bulk);
      const ms = performance.now() - t;
      const check = nodes === PERFT['Base+MLP'][depth - 1] ? 'exact' : `WRONG, expected ${PERFT['Base+MLP'][depth - 1]}`;
      console.log(
        `depth ${depth} ${bulk ? 'bulk    ' : 'no bulk '} ${nodes.toLocaleString('en-US').padStart(12)} leaves  ${(ms / 1000).toFixed(2).padStart(6)} s  ${rate(nodes, ms).padStart(9)}  (${check})`,
      );
    }
  }

  console.log('\n## Hive search from three midgames (alpha-beta, 1 s and 5 s)');
  for (const [i, text] of MIDGAMES.entries()) {
    const state = unwrap(loadGameString(text));
    for (const timeMs of [1000, 5000]) {
      const searcher = new Searcher();
      const r = searcher.search((hiveAi.search as NonNullable<typeof hiveAi.search>).open(state), MAX_MOVES, { timeMs });
      console.log(
        `midgame ${String.fromCharCode(97 + i)} (${hive.legalMoves(state).length} moves)  ${timeMs / 1000} s: depth ${r.depth}, ` +
          `${r.nodes.toLocaleString('en-US')} nodes, ${rate(r.nodes, r.ms)}, score ${describeScore(r.score)}, best ${hive.formatMove(state, r.move)}`,
      );
    }
  }
}

/**
 * A game of 10,000 random moves replayed through the pure contract (as a record is loaded): each
 * state is a clone, and clones share the moves so far, so time and memory grow linearly.
 */
export function benchLongReplay(): void {
  console.log('\n## Hive: a 10,000-move game replayed through the pure contract (every state kept)');
  const { moves } = unfinishedGame('long-replay', 10_000);
  globalThis.gc?.();
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const before = used();
  const t = performance.now();
  let replayed = hive.newGame(hive.defaultOptions, 'long-replay');
  const states = [replayed];
  for (const move of moves) {
    replayed = hive.play(replayed, move);
    states.push(replayed);
  }
  const ms = performance.now() - t;
  const mb = (used() - before) / 1e6;
  console.log(
    `${moves.length} moves: ${(ms / 1000).toFixed(2)} s, memory +${mb.toFixed(0)} MB (heap and typed arrays) for ${states.length} states`,
  );
}
