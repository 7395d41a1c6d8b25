import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { TORUS_NEIGHBORS as NB, torusCell } from '../../hex/torus.ts';
import { discMoves, hasGap, MAX_PLY_MOVES, slides } from './moves.ts';
import { DISC, moveFrom, moveTo, type NonagaPosition, PASS_DISC, PASS_SLIDE } from './position.ts';

/**
 * A turn as text: the slide, then the disc move, each `from>to`, with cells in absolute axial
 * coordinates `q,r` of the plane the board drifts across (the starting board is centred on 0,0):
 * `2,0>1,0 -2,2>3,-1`. A winning slide stands alone; a passed step (under the stuck-passes rule,
 * when no token can slide or no disc can move) is written `pass`: `pass -2,2>3,-1`, `2,0>1,0 pass`.
 * Coordinates keep their meaning wherever the board drifts, so a game reads as a story.
 */
export interface NonagaTurn {
  /** The slide, or PASS_SLIDE. */
  readonly slide: number;
  /** The disc move, PASS_DISC, or null after a winning slide. */
  readonly disc: number | null;
}

export const formatCell = (pos: NonagaPosition, cell: number): string => {
  const h = pos.coordinates(cell);
  return `${h.q},${h.r}`;
};

export const formatStep = (pos: NonagaPosition, move: number): string =>
  move === PASS_SLIDE || move === PASS_DISC ? 'pass' : `${formatCell(pos, moveFrom(move))}>${formatCell(pos, moveTo(move))}`;

export function formatTurn(pos: NonagaPosition, turn: NonagaTurn): string {
  const slide = formatStep(pos, turn.slide);
  if (turn.disc === null) return slide;
  // The disc move is written on the board after the slide (the slide moves no disc, so the same).
  return `${slide} ${formatStep(pos, turn.disc)}`;
}

const STEP = /^(-?\d+),(-?\d+)>(-?\d+),(-?\d+)$/;

/** A cell named by coordinates, checked to be the cell the position means by them (not one 32 away). */
function cellAt(pos: NonagaPosition, q: number, r: number): number | undefined {
  const cell = torusCell(q, r);
  const h = pos.coordinates(cell);
  return h.q === q && h.r === r ? cell : undefined;
}

function parseStep(pos: NonagaPosition, text: string): Result<[number, number]> {
  const m = STEP.exec(text);
  if (!m) return refuse('nonaga.notAStep', `"${text}" is not a step: write from>to with cells as q,r, such as 2,0>1,0`, { text });
  const from = cellAt(pos, Number(m[1]), Number(m[2]));
  const to = cellAt(pos, Number(m[3]), Number(m[4]));
  if (from === undefined || to === undefined) return refuse('nonaga.farCell', `"${text}" names a cell far from the board`, { text });
  return ok([from, to]);
}

/** Reads a turn and checks it, saying what is wrong in the game's own words. */
export function parseTurn(pos: NonagaPosition, text: string): Result<NonagaTurn> {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 1 || parts.length > 2 || parts[0] === '')
    return refuse('nonaga.notATurn', `"${text}" is not a turn: write the slide and the disc move, such as "2,0>1,0 -2,2>3,-1"`, { text });
  const buffer = new Int32Array(MAX_PLY_MOVES);
  const slideCount = slides(pos, buffer);
  let slideMove: number;
  if (parts[0] === 'pass') {
    if (slideCount > 0 || !pos.rules.stuckPasses)
      return refuse('nonaga.passSlide', 'you may pass the slide only when none of your tokens can slide (and the rules allow passing)');
    slideMove = PASS_SLIDE;
  } else {
    const slide = parseStep(pos, parts[0] as string);
    if (!slide.ok) return slide;
    const [from, to] = slide.value;
    if (pos.token[from] !== pos.turn) {
      const cell = formatCell(pos, from);
      return pos.token[from] === -1
        ? refuse('nonaga.noToken', `no token stands on ${cell}`, { cell })
        : refuse('nonaga.notYourToken', `the token on ${cell} is not yours`, { cell });
    }
    slideMove = (from << 10) | to;
    if (!buffer.subarray(0, slideCount).includes(slideMove))
      return refuse(
        'nonaga.slideStops',
        `a token slides as far as it goes, to the last disc before a gap or a token: ${formatCell(pos, to)} is not where it stops`,
        { cell: formatCell(pos, to) },
      );
  }
  const after = pos.clone();
  after.make(slideMove);
  if (after.result === pos.turn) {
    if (parts.length === 2) return refuse('nonaga.slideWins', 'that slide wins the game: no disc move follows');
    return ok({ slide: slideMove, disc: null });
  }
  if (parts.length === 1) return refuse('nonaga.sayDisc', 'say which disc moves after the slide, such as "2,0>1,0 -2,2>3,-1"');
  const n = discMoves(after, buffer);
  if (parts[1] === 'pass') {
    if (n === 0 && pos.rules.stuckPasses) return ok({ slide: slideMove, disc: PASS_DISC });
    return refuse('nonaga.passDisc', 'you may pass the disc move only when no disc can move (and the rules allow passing)');
  }
  const disc = parseStep(after, parts[1] as string);
  if (!disc.ok) return disc;
  const [df, dt] = disc.value;
  const move = DISC | (df << 10) | dt;
  if (Array.from(buffer.subarray(0, n)).includes(move)) return ok({ slide: slideMove, disc: move });
  return explainDisc(after, df, dt);
}

function explainDisc(pos: NonagaPosition, from: number, to: number): Result<never, Error> {
  if (!pos.disc[from]) return refuse('nonaga.noDisc', `there is no disc on ${formatCell(pos, from)}`, { cell: formatCell(pos, from) });
  if (pos.token[from] !== -1) return refuse('nonaga.discCarries', 'that disc carries a token');
  if (from === pos.blocked) return refuse('nonaga.discJustMoved', 'that disc was just moved by your opponent');
  if (!hasGap(pos.disc, from)) return refuse('nonaga.discHemmed', 'that disc is hemmed in: it cannot slide out');
  if (pos.disc[to]) return refuse('nonaga.placeHeld', `${formatCell(pos, to)} already holds a disc`, { cell: formatCell(pos, to) });
  let touching = 0;
  for (let d = 0; d < 6; d++) {
    const n = NB[to * 6 + d] as number;
    if (n !== from && pos.disc[n]) touching++;
  }
  if (touching < 2)
    return touching === 1
      ? refuse('nonaga.touchesOne', 'the new place touches only one disc')
      : refuse('nonaga.touchesNone', 'the new place touches no disc');
  if (pos.rules.placementCap && touching > 4) return refuse('nonaga.touchesFive', 'the new place touches more than 4 discs');
  return refuse('nonaga.splits', 'the board would split');
}
