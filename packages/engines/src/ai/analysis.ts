import type { GameRules, Player } from '../engine/game.ts';
import type { Rng } from '../engine/rng.ts';
import { searchHooks } from './alphabeta.ts';
import { aiOf } from './profiles.ts';
import { MATE_BOUND } from './score.ts';
import { Searcher } from './search.ts';

/**
 * The engine beside an analysis board: the best lines of a position, deeper and deeper, as
 * lichess's analysis shows them (multi-PV). The second line is the best search that leaves out the
 * first line's move, the third leaves out both: each line is a different first move, scored as
 * exactly as the first.
 */

/** One line the engine would play from the analysed position. */
export interface AnalysisLine {
  /** Move texts from the analysed position; a turn of several plies (Nonaga's) is one move. */
  readonly moves: readonly string[];
  /** For the side to move in the analysed position: about a hundredth of a piece, or WIN less the plies to a forced end. */
  readonly score: number;
}

/** What the engine knows after searching every line to `depth` plies. */
export interface AnalysisStep {
  readonly depth: number;
  readonly nodes: number;
  /** Best first; fewer than asked when the position has fewer moves. */
  readonly lines: readonly AnalysisLine[];
  /** Whose point of view the scores take. */
  readonly toMove: Player;
}

export interface AnalysisLimits {
  /** How many lines (1 to 5). */
  readonly lines?: number;
  readonly maxDepth?: number;
  /** The table holds 2^ttBits entries (about 14 bytes each). */
  readonly ttBits?: number;
}

/** Whether a game can be analysed by search (games of chance are judged by simulations instead). */
export function canSearch(game: GameRules<unknown, unknown>): boolean {
  try {
    searchHooks(game);
    return true;
  } catch {
    return false;
  }
}

/**
 * The analysis, one step a depth, until `maxDepth` or until every line's result is forced. The
 * caller stops whenever it likes (stops pulling): each step is whole.
 */
export function* analysePosition<S, M>(game: GameRules<S, M>, state: S, limits: AnalysisLimits = {}): Generator<AnalysisStep> {
  const hooks = searchHooks(game);
  const toMove = game.toMove(state);
  if (toMove === null || game.result(state) !== null) return;
  const wanted = Math.max(1, Math.min(5, limits.lines ?? 3));
  const pos = hooks.open(state);
  const searcher = new Searcher(limits.ttBits);
  const buffer = new Int32Array(hooks.maxMoves);
  const legal = Array.from(buffer.subarray(0, pos.generate(buffer)));
  for (let depth = 1; depth <= (limits.maxDepth ?? 60); depth++) {
    const lines: AnalysisLine[] = [];
    const taken: number[] = [];
    let nodes = 0;
    while (lines.length < wanted && taken.length < legal.length) {
      const result = searcher.search(pos, hooks.maxMoves, { depth, searchMoves: legal.filter((m) => !taken.includes(m)) });
      nodes += result.nodes;
      taken.push(result.move);
      lines.push({ moves: lineTexts(game, state, result.pv.length > 0 ? result.pv : [result.move]), score: result.score });
    }
    yield { depth, nodes, lines, toMove };
    if (lines.every((l) => Math.abs(l.score) >= MATE_BOUND)) return;
  }
}

/**
 * The search's plies as move texts: plies are grouped into the turns they make (the mover changes,
 * or the game ends), and each turn becomes the game's move through its search hooks.
 */
export function lineTexts<S, M>(game: GameRules<S, M>, state: S, plies: readonly number[]): string[] {
  const hooks = searchHooks(game);
  const pos = hooks.open(state);
  const texts: string[] = [];
  let current = state;
  let turn: number[] = [];
  for (const ply of plies) {
    const side = pos.turn();
    pos.make(ply);
    turn.push(ply);
    if (pos.turn() !== side || pos.terminal() !== null) {
      const move = hooks.toMove(current, turn);
      texts.push(game.formatMove(current, move));
      current = game.play(current, move);
      turn = [];
      if (game.result(current) !== null) break;
    }
  }
  return texts;
}

/** What simulations say of a game of chance: each seat's share of the games it won from here. */
export interface ChanceStep {
  readonly playouts: number;
  /** Per seat, games won (a game still going when a playout stops counts for its leader). */
  readonly wins: readonly number[];
}

/**
 * Each seat's chance of winning a game of chance (DiceWars), by playing it out many times with
 * the game's own quick players and dice of the simulation's own (the game's are secret). One step
 * per `batch` playouts, the counts adding up.
 */
export function* simulateChances<S, M>(
  game: GameRules<S, M>,
  state: S,
  seats: number,
  rng: Rng,
  { batch = 50, playouts = 2000, plies = 2000 }: { batch?: number; playouts?: number; plies?: number } = {},
): Generator<ChanceStep> {
  const ai = aiOf(game);
  if (!ai.playout || !ai.determinize) throw new Error(`${game.id} has no playouts to simulate`);
  const wins = new Array<number>(seats).fill(0);
  let played = 0;
  while (played < playouts && game.result(state) === null) {
    for (let i = 0; i < batch; i++, played++) {
      const end = ai.playout(ai.determinize(state, rng), rng, plies);
      const outcome = game.result(end);
      const winner = outcome?.kind === 'win' ? outcome.winner : game.standings?.(end)[0];
      if (winner !== undefined) wins[winner] = (wins[winner] as number) + 1;
    }
    yield { playouts: played, wins: [...wins] };
  }
}
