import type { RefusedMove } from './address.ts';
import type { Glyph, TreePath, VariationTree } from './tree.ts';
import type { EngineView } from './use-engine.ts';

/** A point in the board's own drawing (the user space of its `svg.board`). */
export type BoardPoint = { readonly x: number; readonly y: number };
/** Where a move starts (if it starts on the board) and ends, for an arrow drawn over the board. */
export type MovePoints = { readonly from?: BoardPoint; readonly to: BoardPoint };

/** What an analysis adds to a game page: the tree, the engine, the tools. */
export interface AnalysisInfo {
  readonly tree: VariationTree;
  readonly path: TreePath;
  goToPath(path: TreePath): void;
  /** The line through the shown move becomes the main line at its nearest fork. */
  promote(): void;
  /** Deletes the shown move and what follows it. */
  remove(): void;
  annotate(note: { glyph?: Glyph | null; comment?: string | null }): void;
  /** Plays an engine line's moves from the shown position into the tree, up to `count` of them. */
  playLine(moves: readonly string[], count: number): void;
  readonly engine: EngineView & { readonly lines: number; setLines(lines: number): void };
  /** The analysis's address, whole (to share). */
  readonly link: string;
  /** A move of the opened address the rules refused, with why. */
  readonly refused: RefusedMove | null;
  /** Where the engine's best move goes on the board, when the game's board can say. */
  readonly bestPoints: MovePoints | null;
  /** The opening explorer can tell of the position: a game of two without chance, reached from its start (not a position set up). */
  readonly explorable: boolean;
  /** The online game the main line comes from, whose computer review the board shows. */
  readonly review: string | null;
}
