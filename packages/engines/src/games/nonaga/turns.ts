import { discMoves, MAX_PLY_MOVES, slides } from './moves.ts';
import type { NonagaTurn } from './notation.ts';
import { type NonagaPosition, PASS_DISC, PASS_SLIDE, PLAYING } from './position.ts';

/** Every legal turn: each slide, then each disc move after it (a winning slide alone). */
export function legalTurns(pos: NonagaPosition): NonagaTurn[] {
  const turns: NonagaTurn[] = [];
  const slideBuffer = new Int32Array(MAX_PLY_MOVES);
  const discBuffer = new Int32Array(MAX_PLY_MOVES);
  let ns = slides(pos, slideBuffer);
  // A player none of whose tokens can slide passes the slide where the rules allow it.
  if (ns === 0 && pos.rules.stuckPasses && pos.result === PLAYING) slideBuffer[ns++] = PASS_SLIDE;
  for (let i = 0; i < ns; i++) {
    const slide = slideBuffer[i] as number;
    pos.make(slide);
    if (pos.result === pos.turn) turns.push({ slide, disc: null });
    else {
      const nd = discMoves(pos, discBuffer);
      for (let j = 0; j < nd; j++) turns.push({ slide, disc: discBuffer[j] as number });
      if (nd === 0 && pos.rules.stuckPasses) turns.push({ slide, disc: PASS_DISC });
    }
    pos.unmake();
  }
  return turns;
}
