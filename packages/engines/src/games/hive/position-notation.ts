import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { displayCoordinates } from './layout.ts';
import {
  BUGS,
  COLOR_CODES,
  COLOR_NAMES,
  COUNT_OF_BUG,
  type Color,
  FIRST_INDEX_OF_BUG,
  formatPiece,
  PIECE_COUNT,
  parseGameType,
  pieceId,
} from './pieces.ts';
import { HivePosition, MAX_HEIGHT } from './position.ts';
import { checkHiveLayout, earliestTurn, type HiveLayout, type PlacedPiece } from './position-check.ts';
import type { HiveOptions, HiveState } from './state.ts';

/**
 * Hive's position notation (docs/positions.md): what a GameString cannot say — a position set up by
 * hand — in words separated by spaces, so that it reads well and survives a page address:
 *
 *   Base+MLP w4 wA1.-1.0 wQ.0.0 bQ.1.0 bB1.1.0 last.bB1
 *
 * the game type; the side to move and its turn number (UHP's White[4]); the options that differ from
 * the default (`no-tournament`, `repetition-draw`); each piece as name.q.r in axial coordinates, a
 * piece written after another on the same cell standing on it; `last.X`, the piece the last move
 * moved, placed or threw (the pillbug may not throw it, and it may not move). The pieces not written
 * are in hand. Not carried: the moves before, so repetitions count afresh from here.
 */

const WORD_LIMIT = 64;
const COORDINATE_LIMIT = 99;

/** The position as text: pieces row by row (r, then q), stacks bottom first. */
export function formatHivePosition(state: HiveState): string {
  const { pos, options } = state;
  const words: string[] = [pos.type, `${pos.turn === 0 ? 'w' : 'b'}${pos.turnNumber}`];
  if (!options.tournament) words.push('no-tournament');
  if (options.repetitionDraw) words.push('repetition-draw');
  const shown = displayCoordinates(pos);
  const cells = [...shown].filter(([cell]) => (pos.height[cell] as number) > 0).sort(([, a], [, b]) => a.r - b.r || a.q - b.q);
  for (const [cell, h] of cells) {
    for (let level = 0; level < (pos.height[cell] as number); level++)
      words.push(`${formatPiece(pos.stack[cell * MAX_HEIGHT + level] as number)}.${h.q}.${h.r}`);
  }
  if (pos.lastMoved >= 0) words.push(`last.${formatPiece(pos.lastMoved)}`);
  return words.join(' ');
}

const SIDE = /^([wb])(\d{1,4})?$/i;
const PIECE = /^([wb])([a-z])(\d*)\.(-?\d+)\.(-?\d+)$/i;
const LAST = /^last\.(\S*)$/i;

const EXAMPLE = 'such as "Base+MLP b2 wS1.0.0 bG1.1.0 last.bG1"';

/**
 * A position from text, checked: any mistake is an error that says what is wrong (the game's
 * `parsePosition` also takes a GameString, see game.ts).
 */
export function parseHivePosition(text: string): Result<HiveState> {
  const words = text.trim().split(/\s+/);
  if (words[0] === '')
    return refuse('hive.position.empty', `an empty position: write the game type, the side to move and the pieces, ${EXAMPLE}`);
  if (words.length > WORD_LIMIT)
    return refuse('hive.position.tooLong', `a position has at most ${PIECE_COUNT} pieces: this text has ${words.length} words`, {
      pieces: PIECE_COUNT,
      words: words.length,
    });
  const type = parseGameType(words[0] as string);
  if (!type.ok) return type;
  const side = SIDE.exec(words[1] ?? '');
  if (!side) {
    if (words[1] === undefined)
      return refuse('hive.position.sayTurn', `say who is to move after the game type: w or b and the turn number, ${EXAMPLE}`);
    return refuse(
      'hive.position.side',
      `"${clip(words[1])}" is not the side to move: write w or b and the turn number, such as w3 (White's third turn)`,
      {
        text: clip(words[1]),
      },
    );
  }
  const turn: Color = side[1]?.toLowerCase() === 'w' ? 0 : 1;
  const turnNumber = side[2] === undefined ? null : Number(side[2]);
  if (turnNumber === 0) return refuse('hive.position.turnZero', 'turns are numbered from 1 (w1 is the first turn of the game)');
  let tournament = true;
  let repetitionDraw = false;
  let lastName: string | null = null;
  const named: { color: Color; bug: number; n: number | null; q: number; r: number; word: string }[] = [];
  for (const word of words.slice(2)) {
    const lower = word.toLowerCase();
    if (lower === 'no-tournament') tournament = false;
    else if (lower === 'repetition-draw') repetitionDraw = true;
    else if (LAST.test(word)) {
      if (lastName !== null) return refuse('hive.position.twoLast', 'name one piece as moved last (last.X), not two');
      lastName = (LAST.exec(word) as RegExpExecArray)[1] as string;
    } else {
      const m = PIECE.exec(word);
      if (!m)
        return refuse(
          'hive.position.notAPlacedPiece',
          `"${clip(word)}" is not a piece on a cell: write its name and axial coordinates q.r, such as wQ.0.0 or bA1.-1.2`,
          { text: clip(word) },
        );
      const [, c, letter, digits, q, r] = m as unknown as [string, string, string, string, string, string];
      const color: Color = c.toLowerCase() === 'w' ? 0 : 1;
      const bug = BUGS.indexOf(letter.toUpperCase() as (typeof BUGS)[number]);
      if (bug < 0)
        return refuse('hive.position.notABug', `"${clip(word)}": ${letter} is no bug; the bugs are Q S B G A M L P`, {
          text: clip(word),
          letter,
        });
      const coordinates = [Number(q), Number(r)];
      if (coordinates.some((v) => Math.abs(v) > COORDINATE_LIMIT))
        return refuse('hive.position.farCell', `"${clip(word)}": coordinates run from -${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}`, {
          text: clip(word),
          limit: COORDINATE_LIMIT,
        });
      const n = digits === '' ? null : Number(digits);
      const count = COUNT_OF_BUG[bug] as number;
      const piece = `${c.toLowerCase()}${BUGS[bug]}${digits}`;
      if (count === 1 && n !== null)
        return refuse(
          'hive.position.onlyOne',
          `${piece} is not a piece: a player has one ${bugWord(bug)}, written ${c.toLowerCase()}${BUGS[bug]}`,
          { piece, bug: BUGS[bug] as string, name: `${c.toLowerCase()}${BUGS[bug]}` },
        );
      if (n !== null && (n < 1 || n > count))
        return refuse(
          'hive.position.numbered',
          `${piece} is not a piece: a player has ${count} ${bugWord(bug)}s (${numbered(color, bug).join(', ')})`,
          { piece, bug: BUGS[bug] as string, count, names: numbered(color, bug).join(', ') },
        );
      named.push({ color, bug, n: count === 1 ? 1 : n, q: coordinates[0] as number, r: coordinates[1] as number, word });
    }
  }
  // Pieces written without their number (wS) take the lowest numbers the others leave free.
  const taken = new Set(
    named.filter((p) => p.n !== null).map((p) => pieceId(p.color, (FIRST_INDEX_OF_BUG[p.bug] as number) + (p.n as number) - 1)),
  );
  const pieces: PlacedPiece[] = [];
  for (const p of named) {
    let piece: number;
    if (p.n !== null) piece = pieceId(p.color, (FIRST_INDEX_OF_BUG[p.bug] as number) + p.n - 1);
    else {
      const free = numberedIds(p.color, p.bug).find((id) => !taken.has(id));
      if (free === undefined)
        return refuse(
          'hive.position.tooMany',
          `${COLOR_NAMES[p.color]} has more than ${COUNT_OF_BUG[p.bug]} ${bugWord(p.bug)}s on the board: a player has ${COUNT_OF_BUG[p.bug]}`,
          { color: COLOR_CODES[p.color], bug: BUGS[p.bug] as string, count: COUNT_OF_BUG[p.bug] as number },
        );
      taken.add(free);
      piece = free;
    }
    pieces.push({ piece, q: p.q, r: p.r });
  }
  let lastMoved = -1;
  if (lastName !== null) {
    const last = resolveLast(lastName, pieces);
    if (!last.ok) return last;
    lastMoved = last.value;
  }
  const layout: HiveLayout = {
    type: type.value,
    tournament,
    turn,
    turnNumber: turnNumber ?? earliestTurn(turn, pieces),
    pieces,
    lastMoved,
  };
  const why = checkHiveLayout(layout);
  if (why !== null) return why;
  return ok(arrangeLayout(layout, repetitionDraw));
}

/** The position the engine plays from a checked layout (the hash and bitboards made as by play). */
export function arrangeLayout(layout: HiveLayout, repetitionDraw = false): HiveState {
  const options: HiveOptions = { type: layout.type, tournament: layout.tournament, repetitionDraw };
  const ply = 2 * (layout.turnNumber - 1) + layout.turn;
  const pos = HivePosition.arrange(
    options,
    layout.pieces.map((p) => [p.piece, p.q, p.r] as const),
    { turn: layout.turn, ply, ...(layout.lastMoved >= 0 ? { lastMoved: layout.lastMoved } : {}) },
  );
  return { pos, options };
}

function resolveLast(name: string, pieces: readonly PlacedPiece[]): Result<number> {
  const found = pieces.find((p) => formatPiece(p.piece).toLowerCase() === name.toLowerCase());
  if (found) return ok(found.piece);
  return refuse(
    'hive.position.lastName',
    `last.${clip(name)}: the piece that moved last must be a piece on the board, named in full (such as last.wA1)`,
    {
      text: clip(name),
    },
  );
}

const numberedIds = (color: Color, bug: number): number[] =>
  Array.from({ length: COUNT_OF_BUG[bug] as number }, (_, i) => pieceId(color, (FIRST_INDEX_OF_BUG[bug] as number) + i));

const numbered = (color: Color, bug: number): string[] => numberedIds(color, bug).map(formatPiece);

const BUG_WORDS = ['queen', 'spider', 'beetle', 'grasshopper', 'ant', 'mosquito', 'ladybug', 'pillbug'];
const bugWord = (bug: number): string => BUG_WORDS[bug] as string;

/** Untrusted text quoted back: never a page of it. */
const clip = (text: string): string => (text.length > 24 ? `${text.slice(0, 24)}…` : text);
