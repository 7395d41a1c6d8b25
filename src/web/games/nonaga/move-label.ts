import { t } from '../../i18n/index.ts';

/**
 * A Nonaga turn as the move list shows it to a player. The record's notation names cells by the
 * plane's axial coordinates (`2,0>-1,0 1,1>3,-1`), exact but unreadable at a glance, and the board
 * drifts, so no fixed labels could stand on it. A player reads a turn by what moved and which way,
 * as the board draws it (pointy discs, rows across): the slide as its arrow and how many discs it
 * crossed (`↙3`), the disc as the arrows of its way from where it was to where it went, the longer
 * leg first (`disc ↗2↖1`). The record's text stays the move's title and what the list copies. The
 * words (`disc`, `pass`) are the player's language's; the arrows and counts are everyone's.
 */

/** The six ways on the drawn board, round the compass: axial step and its arrow. */
const WAYS: readonly { q: number; r: number; arrow: string }[] = [
  { q: 1, r: 0, arrow: '→' },
  { q: 1, r: -1, arrow: '↗' },
  { q: 0, r: -1, arrow: '↖' },
  { q: -1, r: 0, arrow: '←' },
  { q: -1, r: 1, arrow: '↙' },
  { q: 0, r: 1, arrow: '↘' },
];

const CELL = /^(-?\d+),(-?\d+)$/;

function cell(text: string): { q: number; r: number } | null {
  const m = CELL.exec(text);
  return m ? { q: Number(m[1]), r: Number(m[2]) } : null;
}

/** A step from one cell to another as the arrows of its way: one leg, or two along neighbouring ways. */
export function wayOf(dq: number, dr: number): string {
  if (dq === 0 && dr === 0) return '';
  for (let i = 0; i < 6; i++) {
    const u = WAYS[i] as (typeof WAYS)[number];
    const w = WAYS[(i + 1) % 6] as (typeof WAYS)[number];
    // dq,dr = a·u + b·w with a, b ≥ 0 (the two ways either side of the step's direction).
    const det = u.q * w.r - u.r * w.q;
    const a = (dq * w.r - dr * w.q) / det;
    const b = (u.q * dr - u.r * dq) / det;
    if (a < 0 || b < 0 || (b === 0 && a === 0)) continue;
    if (b === 0) return `${u.arrow}${a}`;
    if (a === 0) continue; // the next pair writes it as its first leg
    return a >= b ? `${u.arrow}${a}${w.arrow}${b}` : `${w.arrow}${b}${u.arrow}${a}`;
  }
  return '';
}

/** One step of a turn (`from>to` or `pass`) as arrows; the text itself when it is neither. */
function step(text: string): string {
  if (text === 'pass') return t('nonaga.moveLabel.pass');
  const [from, to] = text.split('>').map((c) => cell(c ?? ''));
  if (!from || !to) return text;
  return wayOf(to.q - from.q, to.r - from.r) || text;
}

/** A turn of the record (`2,0>-1,0 1,1>3,-1`) as a player reads it (`←3, disc ↘2↗1`). */
export function nonagaMoveLabel(turn: string): string {
  const [slide, disc, ...rest] = turn.trim().split(/\s+/);
  if (!slide || rest.length > 0) return turn;
  const slid = step(slide);
  if (disc === undefined) return slid;
  return t('nonaga.moveLabel.turn', { slide: slid, disc: step(disc) });
}
