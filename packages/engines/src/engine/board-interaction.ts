/**
 * Board interaction without a DOM, in the manner of chessground: plain state, free functions,
 * legal moves injected from outside; the board never knows the rules. A key names whatever can be
 * clicked or focused (a cell "2,-1", a piece in hand "hand:wS1", a territory "t12"); the same
 * functions serve mouse, touch and keyboard (Enter on a focused key).
 */
export interface Target<K extends string, M> {
  readonly to: K;
  readonly move: M;
}

export interface BoardState<K extends string, M> {
  /** Where each selectable origin may go, and the move each destination makes. */
  readonly dests: ReadonlyMap<K, readonly Target<K, M>[]>;
  /** Keys that make a move in one click (placing a mark, a disc with only one way). */
  readonly direct: ReadonlyMap<K, M>;
  readonly selected: K | null;
  /** False while it is not a human's turn here (the AI thinks, the game is over). */
  readonly movable: boolean;
}

export function boardState<K extends string, M>(
  dests: ReadonlyMap<K, readonly Target<K, M>[]>,
  direct: ReadonlyMap<K, M> = new Map(),
  movable = true,
): BoardState<K, M> {
  return { dests, direct, selected: null, movable };
}

export interface SelectResult<K extends string, M> {
  readonly state: BoardState<K, M>;
  /** Set when the selection made a move: the caller plays it and builds the next state. */
  readonly move?: M;
}

/**
 * One click (or Enter) on a key: with a selection, a destination plays its move and another
 * origin moves the selection; without one, an origin is selected and a direct key plays.
 * Clicking the selection again, or anything else, clears it.
 */
export function select<K extends string, M>(state: BoardState<K, M>, key: K): SelectResult<K, M> {
  if (!state.movable) return { state };
  if (state.selected !== null) {
    const target = state.dests.get(state.selected)?.find((t) => t.to === key);
    if (target) return { state: { ...state, selected: null }, move: target.move };
  }
  if (key !== state.selected && (state.dests.get(key)?.length ?? 0) > 0) return { state: { ...state, selected: key } };
  const direct = state.direct.get(key);
  if (direct !== undefined && state.selected === null) return { state, move: direct };
  return { state: { ...state, selected: null } };
}

/** What to draw: the selection and the destinations it may go to (empty without a selection). */
export function highlights<K extends string, M>(state: BoardState<K, M>): { selected: K | null; dests: K[] } {
  if (state.selected === null) return { selected: null, dests: [] };
  return { selected: state.selected, dests: (state.dests.get(state.selected) ?? []).map((t) => t.to) };
}

/** Groups moves into origins and destinations. */
export function groupDests<K extends string, M>(moves: readonly { from: K; to: K; move: M }[]): Map<K, Target<K, M>[]> {
  const dests = new Map<K, Target<K, M>[]>();
  for (const { from, to, move } of moves) {
    const list = dests.get(from) ?? [];
    if (!list.some((t) => t.to === to)) list.push({ to, move });
    dests.set(from, list);
  }
  return dests;
}

/**
 * Where a move goes on the board (its origin, if it has one, and its destination), found among the
 * board's own targets: for an arrow drawn over it, as an analysis board shows the engine's move.
 */
export function keysOfMove<K extends string, M>(state: BoardState<K, M>, isIt: (move: M) => boolean): { from?: K; to: K } | null {
  for (const [from, targets] of state.dests) for (const t of targets) if (isIt(t.move)) return { from, to: t.to };
  for (const [to, move] of state.direct) if (isIt(move)) return { to };
  return null;
}
