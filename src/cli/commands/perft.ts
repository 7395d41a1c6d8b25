import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { refuseOthersFlags } from '../flags.ts';
import type { GivenFlags } from '../games/cli-game.ts';
import { CLI_GAMES, cliGameOf } from '../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

/** perft's own flags; a game's (Hive's --type and --position) come with it. */
export interface PerftFlags extends GivenFlags {
  readonly depth: number;
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

export async function perftCommand(io: CliIo, gameId: string, flags: PerftFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  const bulk = flags.bulk ?? false;
  const own = cliGameOf(game.id);
  // A game's own perft flags (Hive's --type and --position) mean nothing to another game.
  const perftFlags = CLI_GAMES.map((g) => ({ id: g.id, flags: g.perftFlags ?? [] }));
  refuseOthersFlags(game.id, perftFlags, flags, (m) => new UsageError(m));
  let count: (depth: number) => number;
  if (own?.perft) {
    const counter = await own.perft(flags);
    count = (depth) => counter(depth, bulk);
  } else {
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
