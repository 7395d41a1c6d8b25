import { type BoardState, boardState, groupDests } from '../../engine/board-interaction.ts';
import { legalTurns, type NonagaState } from './game.ts';
import type { NonagaTurn } from './notation.ts';
import { moveFrom, moveTo, PASS_DISC, PASS_SLIDE, PLAYING, type Side } from './position.ts';

/**
 * Nonaga's two-step turn: first a token (its slide ends highlighted), then a disc (its new places
 * highlighted). The first step's move is the slide alone; `afterSlide` gives the board for the
 * second step, whose moves are whole turns. A winning slide is a whole turn at once.
 */
export type NonagaStep = { readonly kind: 'slide'; readonly slide: number } | { readonly kind: 'turn'; readonly turn: NonagaTurn };

const key = (state: NonagaState, cell: number): string => {
  const h = state.pos.coordinates(cell);
  return `${h.q},${h.r}`;
};

export function nonagaSlideBoard(state: NonagaState, movable: boolean): BoardState<string, NonagaStep> {
  const turns = legalTurns(state.pos);
  const slides = new Map<number, NonagaStep>();
  for (const t of turns) {
    if (t.disc === null) slides.set(t.slide, { kind: 'turn', turn: t });
    else if (!slides.has(t.slide)) slides.set(t.slide, { kind: 'slide', slide: t.slide });
  }
  // A player none of whose tokens can slide passes the slide (where the rules allow): the "pass" key.
  const pass = slides.get(PASS_SLIDE);
  slides.delete(PASS_SLIDE);
  const moves = [...slides].map(([slide, step]) => ({ from: key(state, moveFrom(slide)), to: key(state, moveTo(slide)), move: step }));
  const direct = new Map<string, NonagaStep>(pass ? [['pass', pass]] : []);
  return boardState(groupDests(moves), direct, movable && turns.length > 0);
}

/** The second step, after `slide`: free discs and their new places; a passed disc step is "pass". */
export function nonagaDiscBoard(state: NonagaState, slide: number): BoardState<string, NonagaStep> {
  const turns = legalTurns(state.pos).filter((t) => t.slide === slide && t.disc !== null);
  const moves = turns
    .filter((t) => t.disc !== PASS_DISC)
    .map((t) => ({
      from: key(state, moveFrom(t.disc as number)),
      to: key(state, moveTo(t.disc as number)),
      move: { kind: 'turn', turn: t } as const,
    }));
  const pass = turns.find((t) => t.disc === PASS_DISC);
  const direct = new Map<string, NonagaStep>(pass ? [['pass', { kind: 'turn', turn: pass }]] : []);
  return boardState(groupDests(moves), direct, true);
}

/** The winner's three joined tokens, as board keys, once a slide has won the game. */
export function joinedTokens(state: NonagaState): string[] {
  const { pos } = state;
  if (pos.result !== 0 && pos.result !== 1) return [];
  return [0, 1, 2].map((i) => key(state, pos.tokens[pos.result * 3 + i] as number));
}

/**
 * The position as `side` would find it were the opponent to pass a whole turn: a premove's board
 * shows that player's turns there on the opponent's turn (the rules judge the turn queued when it
 * comes). The position itself when it is `side`'s turn; null once the game is over.
 */
export function nonagaPremoveState(state: NonagaState, side: Side): NonagaState | null {
  if (state.pos.result !== PLAYING) return null;
  if (state.pos.turn === side) return state;
  const pos = state.pos.clone();
  pos.make(PASS_SLIDE);
  pos.make(PASS_DISC);
  return pos.result === PLAYING ? { ...state, pos } : null;
}
