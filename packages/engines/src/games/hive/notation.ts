import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { NEIGHBORS, ORIGIN_CELL } from './grid.ts';
import { legalMoves } from './movegen.ts';
import {
  BUG_NAMES,
  BUGS,
  bugOf,
  COLOR_CODES,
  COLOR_NAMES,
  colorOf,
  formatPiece,
  type GameType,
  MOSQUITO,
  PILLBUG,
  parseGameType,
  parsePiece,
  QUEEN,
} from './pieces.ts';
import { isPinned, markPinned } from './pins.ts';
import { encodeMove, type HiveMove, type HivePosition, IN_HAND, MAX_HEIGHT, OUT_OF_GAME, PASS } from './position.ts';

/**
 * The Universal Hive Protocol's MoveString: `piece reference`, where the reference is a piece with
 * a direction mark: `-X` west of X, `X-` east, `/X` south-west, `X/` north-east, `\X` north-west,
 * `X\` south-east, bare `X` on top of X. Moves compare by (piece, destination), so any reference
 * that names the destination is accepted; the canonical one is written.
 */

/** Direction index (NW NE E SE SW W) from the reference to the destination → how UHP writes it. */
const MARKS: readonly [prefix: string, suffix: string][] = [
  ['\\', ''], // NW
  ['', '/'], // NE
  ['', '-'], // E
  ['', '\\'], // SE
  ['/', ''], // SW
  ['-', ''], // W
];

export function formatMove(pos: HivePosition, move: HiveMove): string {
  if (move === PASS) return 'pass';
  const piece = move & 31;
  const to = (move >> 5) & 1023;
  const name = formatPiece(piece);
  const h = pos.height[to] as number;
  if (h > 0) return `${name} ${formatPiece(pos.stack[to * MAX_HEIGHT + h - 1] as number)}`;
  // The first occupied neighbour of the destination in UHP order names it, never the moving piece.
  for (let d = 0; d < 6; d++) {
    const cell = NEIGHBORS[to * 6 + d] as number;
    const ch = pos.height[cell] as number;
    if (ch === 0) continue;
    let ref = pos.stack[cell * MAX_HEIGHT + ch - 1] as number;
    if (ref === piece) {
      if (ch === 1) continue;
      ref = pos.stack[cell * MAX_HEIGHT + ch - 2] as number;
    }
    const [prefix, suffix] = MARKS[(d + 3) % 6] as [string, string];
    return `${name} ${prefix}${formatPiece(ref)}${suffix}`;
  }
  return name;
}

const MOVE_SHAPE = /^(\S+)(?:\s+([-/\\]?)(\w+)([-/\\]?))?$/;

/** Reads a MoveString and checks it against the legal moves, explaining any refusal. */
export function parseMove(pos: HivePosition, text: string): Result<HiveMove> {
  const trimmed = text.trim();
  const legal = legalMoves(pos);
  if (trimmed.toLowerCase() === 'pass') {
    if (legal.includes(PASS)) return ok(PASS);
    return legal.length === 0 ? gameOver() : refuse('hive.passOnlyStuck', 'You can only pass when you have no other move.');
  }
  const m = MOVE_SHAPE.exec(trimmed);
  if (!m)
    return refuse('hive.notAMove', `"${text}" is not a move: write a piece and where it goes, such as "wS1", "bG1 -wS1" or "wQ wS1/"`, {
      text,
    });
  const [, pieceText, prefix = '', refText, suffix = ''] = m;
  const piece = parsePiece(pieceText as string);
  if (!piece.ok) return piece;
  let to: number;
  if (refText === undefined) {
    if (pos.piecesOnBoard > 0)
      return refuse('hive.sayWhere', `Say where ${formatPiece(piece.value)} goes: only the first piece of the game is written alone.`, {
        piece: formatPiece(piece.value),
      });
    to = ORIGIN_CELL;
  } else {
    if (prefix !== '' && suffix !== '')
      return refuse('hive.oneMark', `"${text}": put the direction mark on one side of the reference piece only.`, { text });
    const ref = parsePiece(refText);
    if (!ref.ok) return ref;
    const refCell = pos.where[ref.value] as number;
    if (refCell < 0)
      return refuse('hive.referenceOff', `${formatPiece(ref.value)} is not on the board, so it can't be a reference.`, {
        piece: formatPiece(ref.value),
      });
    const mark = prefix || suffix;
    const dir = mark === '' ? -1 : MARKS.findIndex(([p, s]) => (prefix ? p === mark : s === mark));
    to = dir < 0 ? refCell : (NEIGHBORS[refCell * 6 + dir] as number);
  }
  const move = encodeMove(piece.value, to);
  if (legal.includes(move)) return ok(move);
  return explainIllegal(pos, piece.value, to, legal);
}

/** The rules' refusal once the game is over. */
export const gameOver = (): Result<never, Error> => refuse('rules.gameOver', 'The game is over.');

/** Why (piece → to) is not legal, in the spirit of Mzinga's messages. */
function explainIllegal(pos: HivePosition, piece: number, to: number, legal: readonly HiveMove[]): Result<never, Error> {
  const name = formatPiece(piece);
  if (legal.length === 0) return gameOver();
  const where = pos.where[piece] as number;
  if (where === OUT_OF_GAME) return refuse('hive.notInGame', `${name} is not in a ${pos.type} game.`, { piece: name, type: pos.type });
  const mine = colorOf(piece) === pos.turn;
  const bug = BUGS[bugOf(piece)] as string;
  const bugName = BUG_NAMES[bugOf(piece)] as string;
  if (where === IN_HAND) {
    if (!mine)
      return refuse('hive.notYours', `It's ${COLOR_NAMES[pos.turn]}'s turn: you can't place ${COLOR_NAMES[colorOf(piece)]}'s pieces.`, {
        turn: COLOR_CODES[pos.turn] as string,
      });
    const next = pos.nextInHand(pos.turn, bugOf(piece));
    if (next !== piece)
      return refuse('hive.inOrder', `Place ${formatPiece(next)} before ${name}: pieces of one bug enter in order.`, {
        next: formatPiece(next),
        piece: name,
      });
    if (bugOf(piece) === QUEEN && pos.tournament && pos.turnNumber === 1)
      return refuse('hive.queenNotFirst', "You can't place your Queen Bee on your first turn.");
    if (!pos.queenPlaced(pos.turn) && pos.turnNumber === 4 && bugOf(piece) !== QUEEN)
      return refuse('hive.queenByFourth', 'You must place your Queen Bee on your fourth turn.');
    if (pos.height[to] !== 0) return refuse('hive.placeOnTop', "You can't place a piece on top of another.");
    if (pos.piecesOnBoard === 1) return refuse('hive.blackTouches', "Black's first piece must touch White's.");
    let friend = false;
    let enemy = false;
    for (let d = 0; d < 6; d++) {
      const top = pos.top(NEIGHBORS[to * 6 + d] as number);
      if (top < 0) continue;
      if (colorOf(top) === pos.turn) friend = true;
      else enemy = true;
    }
    if (enemy) return refuse('hive.placeByOpponent', "You can't place a new piece next to one of your opponent's pieces.");
    if (!friend) return refuse('hive.placeTouchOwn', 'A new piece must touch one of your own pieces.');
    return refuse('hive.cannotPlace', `You can't place ${name} there.`, { piece: name });
  }
  if (!pos.queenPlaced(pos.turn)) return refuse('hive.queenFirst', "You can't move a piece until your Queen Bee is placed.");
  if (piece === pos.lastMoved) return refuse('hive.movedLast', "You can't move that piece because it was moved on the last turn.");
  if (pos.top(where) !== piece) return refuse('hive.covered', "You can't move that piece because it's covered by another piece.");
  if (!mine) {
    return refuse(
      'hive.opponentsPiece',
      "You can't move your opponent's pieces, except by throwing them with a Pillbug (or a Mosquito next to one).",
    );
  }
  markPinned(pos);
  const canThrow = bugOf(piece) === PILLBUG || bugOf(piece) === MOSQUITO;
  if (pos.height[where] === 1 && isPinned(where) && !canThrow)
    return refuse('hive.breaksHive', "You can't move that piece because it will break the hive.");
  if (pos.height[where] === 1 && isPinned(where))
    return refuse('hive.breaksHiveMayThrow', "You can't move that piece because it will break the hive (it may still throw).");
  if (to === where) return refuse('hive.alreadyThere', 'That piece is already there.');
  if (!legal.some((m) => (m & 31) === piece)) return refuse('hive.noMove', `That ${bugName} has no legal move.`, { bug });
  return refuse('hive.cannotGo', `A ${bugName} can't move there.`, { bug });
}

// GameString: GameType;State;Turn;move1;…;moveN

export const GAME_STATES = ['NotStarted', 'InProgress', 'Draw', 'WhiteWins', 'BlackWins'] as const;
export type GameState = (typeof GAME_STATES)[number];

export const formatTurn = (pos: HivePosition): string => `${COLOR_NAMES[pos.turn]}[${pos.turnNumber}]`;

export interface ParsedGameString {
  readonly type: GameType;
  readonly moves: readonly string[];
}

/**
 * Splits a GameString (or a bare GameType). The State and Turn fields are checked for shape
 * only: they are recomputed from the moves, which the caller replays with full validation.
 */
export function parseGameString(text: string): Result<ParsedGameString> {
  const parts = text
    .trim()
    .split(';')
    .map((p) => p.trim());
  const type = parseGameType(parts[0] ?? '');
  if (!type.ok) return type;
  if (parts.length === 1) return ok({ type: type.value, moves: [] });
  if (parts.length < 3)
    return refuse('hive.gameString.shape', 'a GameString is GameType;State;Turn;move1;…, such as "Base;InProgress;White[2];wS1;bG1 -wS1"');
  const state = parts[1] as string;
  const states = GAME_STATES.join(', ');
  // The values are cut to a line: they are what was pasted, which may be anything.
  if (!GAME_STATES.some((s) => s.toLowerCase() === state.toLowerCase()))
    return refuse('hive.gameString.state', `"${state}" is not a game state (${states})`, { text: state.slice(0, 24), states });
  const turn = parts[2] as string;
  if (!/^(white|black)\[\d+\]$/i.test(turn))
    return refuse('hive.gameString.turn', `"${turn}" is not a turn such as White[1] or Black[12]`, { text: turn.slice(0, 24) });
  return ok({ type: type.value, moves: parts.slice(3).filter((m) => m !== '') });
}
