import type { AnyGame } from '../../engine/game.ts';
import { hive, loadGameString } from '../../games/hive/game.ts';
import { perft as hivePerft } from '../../games/hive/perft.ts';
import { parseGameType } from '../../games/hive/pieces.ts';
import { findGame } from '../../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

export interface PerftFlags {
  readonly depth: number;
  readonly type?: string;
  readonly position?: string;
  readonly bulk?: boolean;
  readonly json?: boolean;
}

/** Leaf counts through the pure contract: slow, but works for every game. */
function contractPerft(game: AnyGame, state: unknown, depth: number, bulk: boolean): number {
  if (depth === 0) return 1;
  const moves = game.legalMoves(state);
  if (depth === 1 && bulk) return moves.length;
  let nodes = 0;
  for (const m of moves) nodes += contractPerft(game, game.play(state, m), depth - 1, bulk);
  return nodes;
}

function hiveStart(flags: PerftFlags) {
  let text = flags.position ?? flags.type ?? 'Base+MLP';
  if (flags.position && flags.type) throw new UsageError('give --type or --position, not both: a GameString names its own type');
  if (!flags.position) {
    const type = parseGameType(text);
    if (!type.ok) throw new UsageError(type.error.message);
    text = type.value;
  }
  // Perft counts the rules as written: tournament opening on, repetition off.
  const loaded = loadGameString(text, { tournament: true, repetitionDraw: false });
  if (!loaded.ok) throw new UsageError(`--position: ${loaded.error.message}`);
  return loaded.value;
}

export function perftCommand(io: CliIo, gameId: string, flags: PerftFlags): void {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  const bulk = flags.bulk ?? false;
  let count: (depth: number) => number;
  if (game.id === hive.id) {
    const state = hiveStart(flags);
    count = (depth) => hivePerft(state.pos.clone(), depth, bulk);
  } else {
    if (flags.type || flags.position) throw new UsageError('--type and --position are for hive');
    const state = game.newGame(game.defaultOptions, 'perft');
    count = (depth) => contractPerft(game, state, depth, bulk);
  }
  const rows: { depth: number; nodes: number; ms: number }[] = [];
  const bar = progressBar(io, `perft ${game.id}`);
  for (let depth = 1; depth <= flags.depth; depth++) {
    bar.update(depth - 1, flags.depth);
    const t = performance.now();
    const nodes = count(depth);
    const ms = performance.now() - t;
    rows.push({ depth, nodes, ms: Math.round(ms * 1000) / 1000 });
    if (!flags.json) {
      bar.finish();
      const rate = ms > 0 ? `${formatCount(Math.round((nodes / ms) * 1000))} nodes/s` : '';
      io.stdout(`depth ${String(depth).padStart(2)}  ${formatCount(nodes).padStart(14)} nodes  ${ms.toFixed(1).padStart(9)} ms  ${rate}\n`);
    }
  }
  bar.finish();
  if (flags.json) io.stdout(`${JSON.stringify(rows)}\n`);
}
