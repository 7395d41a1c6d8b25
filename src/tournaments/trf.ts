import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';

/**
 * FIDE's Tournament Report File (TRF), the subset bbpPairings reads and writes: a Swiss tournament
 * as player lines (`001`: start rank, name, rating, points, place, then one entry a round) and the
 * header codes the pairing needs (`XXR` rounds, `XXC` configuration, `BBx` point system, `092`
 * system). Columns are fixed; every error names its line and column (both from 1). Lines with other
 * codes (`240` byes, `250`/`XXA` accelerations, `260`/`XXP` forbidden pairs, federation data…) are
 * kept verbatim, so a file read and written again loses nothing the pairing uses.
 */

/** `w`/`b` a colour, `-` no colour (a bye or a forfeit not played), blank nothing recorded. */
export type TrfColour = 'w' | 'b' | '-' | ' ';

/**
 * One round's result letter: `1 0 =` played; `+ -` forfeit win/loss; `W D L` played but not rated;
 * `H` half-point bye, `F` full-point bye, `U` pairing-allocated bye, `Z` or blank zero-point bye.
 */
export type TrfResult = '1' | '0' | '=' | '+' | '-' | 'W' | 'D' | 'L' | 'H' | 'F' | 'U' | 'Z' | ' ';

export const TRF_RESULTS: readonly TrfResult[] = ['1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z', ' '];

export interface TrfRound {
  /** The opponent's start rank; 0 for `0000` (no opponent), null for a blank field. */
  readonly opponent: number | null;
  readonly colour: TrfColour;
  readonly result: TrfResult;
}

export interface TrfPlayer {
  /** The start rank (pairing number), from 1. */
  readonly startRank: number;
  readonly sex: string;
  readonly title: string;
  readonly name: string;
  /** Null where the file leaves it blank (bbpPairings reads that as 0). */
  readonly rating: number | null;
  readonly federation: string;
  readonly fideId: string;
  readonly birthDate: string;
  /** The points the file records; checked against the results and the point system. */
  readonly points: number;
  /** The place in the standings, null where blank. */
  readonly place: number | null;
  /** One entry a round, from round 1; trailing blank entries are not kept. */
  readonly rounds: readonly TrfRound[];
}

/** Points for each kind of result (bbpPairings's BBW BBD BBL BBZ BBF BBU). */
export interface PointSystem {
  readonly win: number;
  readonly draw: number;
  readonly loss: number;
  readonly zeroPointBye: number;
  readonly forfeitLoss: number;
  readonly pairingAllocatedBye: number;
}

export const STANDARD_POINTS: PointSystem = { win: 1, draw: 0.5, loss: 0, zeroPointBye: 0, forfeitLoss: 0, pairingAllocatedBye: 1 };

export interface Tournament {
  /** `012`: the tournament's name. */
  readonly name: string | null;
  /** `092`/`192`: the pairing system, as the file spells it (`FIDE_DUTCH_2025`). */
  readonly system: string | null;
  /** `XXR`/`142`: the total number of rounds. */
  readonly totalRounds: number | null;
  /** `XXC white1`/`black1` (or `152`): the first-ranked player's colour in round 1. */
  readonly initialColour: 'white' | 'black' | null;
  /** `XXC rank`: the players are ordered by the order of their lines, not their start ranks. */
  readonly useRank: boolean;
  readonly points: PointSystem;
  /** In the order of their lines. */
  readonly players: readonly TrfPlayer[];
  /** Lines of codes this module does not interpret, verbatim, in their order. */
  readonly otherLines: readonly string[];
}

/** Where each field of a `001` line sits: [first column, width], columns from 0. */
const COLUMNS = {
  startRank: [4, 4],
  sex: [9, 1],
  title: [10, 3],
  name: [14, 33],
  rating: [48, 4],
  federation: [53, 3],
  fideId: [57, 11],
  birthDate: [69, 10],
  points: [80, 4],
  place: [85, 4],
} as const;
/** Round 1's entry starts here (two blanks, then `oooo c r`); each round takes 10 columns. */
const FIRST_ROUND = 89;
const ROUND_WIDTH = 10;
/** The shortest `001` line: through the points column (bbpPairings refuses shorter ones). */
const MIN_PLAYER_LINE = 84;

const RESULT_COMPLEMENT: Partial<Record<TrfResult, TrfResult[]>> = {
  '1': ['0', 'L'],
  '0': ['1', 'W'],
  '=': ['=', 'D'],
  W: ['L', '0'],
  L: ['W', '1'],
  D: ['D', '='],
  '+': ['-'],
  '-': ['+', '-'],
};

class TrfError extends Error {}

const at = (line: number, column: number, message: string): TrfError => new TrfError(`line ${line}, column ${column}: ${message}`);

/** Parses a TRF: the tournament, or the first thing wrong with the text, with its line and column. */
export function parseTrf(text: string): Result<Tournament> {
  try {
    return ok(parseOrThrow(text));
  } catch (e) {
    if (e instanceof TrfError) return fail(e.message);
    throw e;
  }
}

interface Draft {
  name: string | null;
  system: string | null;
  totalRounds: number | null;
  initialColour: 'white' | 'black' | null;
  useRank: boolean;
  points: { -readonly [K in keyof PointSystem]: PointSystem[K] };
  pairingByeSet: boolean;
  players: TrfPlayer[];
  playerLines: number[];
  otherLines: string[];
}

function parseOrThrow(text: string): Tournament {
  const d: Draft = {
    name: null,
    system: null,
    totalRounds: null,
    initialColour: null,
    useRank: false,
    points: { ...STANDARD_POINTS },
    pairingByeSet: false,
    players: [],
    playerLines: [],
    otherLines: [],
  };
  // bbpPairings writes CR alone; other tools CR LF or LF.
  const lines = text.split(/\r\n|\r|\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    readLine(d, line, i + 1);
  }
  checkPlayers(d);
  return {
    name: d.name,
    system: d.system,
    totalRounds: d.totalRounds,
    initialColour: d.initialColour,
    useRank: d.useRank,
    points: d.points,
    players: d.players,
    otherLines: d.otherLines,
  };
}

const POINT_CODES: Record<string, keyof PointSystem> = {
  BBW: 'win',
  BBD: 'draw',
  BBL: 'loss',
  BBZ: 'zeroPointBye',
  BBF: 'forfeitLoss',
  BBU: 'pairingAllocatedBye',
};

function readLine(d: Draft, line: string, n: number): void {
  const code = line.slice(0, 3);
  if (code === '001') {
    d.players.push(readPlayer(line, n));
    d.playerLines.push(n);
  } else if (code === '012') d.name = line.slice(4).trim();
  else if (code === '092' || code === '192') d.system = line.slice(4).trim();
  else if (code === 'XXR' || code === '142') d.totalRounds = readCount(line, n);
  else if (code === 'XXC') readConfiguration(d, line, n);
  else if (code === '152') {
    const c = line.slice(4).trim();
    if (c !== 'W' && c !== 'B') throw at(n, 5, `the first colour is W or B, not "${c}"`);
    d.initialColour = c === 'W' ? 'white' : 'black';
  } else if (code in POINT_CODES) {
    const key = POINT_CODES[code] as keyof PointSystem;
    d.points[key] = readNumber(line.slice(4, 12), n, 5, 'points');
    if (key === 'pairingAllocatedBye') d.pairingByeSet = true;
    if (key === 'win' && !d.pairingByeSet) d.points.pairingAllocatedBye = d.points.win;
  } else if (code === '162') readPointLine(d, line, n);
  else if (code === '013' || code === '310') throw at(n, 1, 'team tournaments are not supported');
  else if (code === '299') throw at(n, 1, 'abnormal assignment points are not supported');
  else d.otherLines.push(line);
}

function readCount(line: string, n: number): number {
  const text = line.slice(3).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) throw at(n, 5, `the number of rounds is a positive whole number, not "${text}"`);
  return Number(text);
}

function readConfiguration(d: Draft, line: string, n: number): void {
  for (const token of line.slice(3).trim().split(/\s+/)) {
    if (token === 'rank') d.useRank = true;
    else if (token === 'white1') d.initialColour = 'white';
    else if (token === 'black1') d.initialColour = 'black';
    else if (token !== '') throw at(n, line.indexOf(token, 3) + 1, `unknown configuration "${token}" (rank, white1, black1)`);
  }
}

/** TRF-2026's `162`: one `Xpp.p` field every 9 columns from column 6. */
function readPointLine(d: Draft, line: string, n: number): void {
  const letters: Record<string, (keyof PointSystem)[]> = {
    W: ['win'],
    D: ['draw'],
    L: ['loss'],
    Z: ['zeroPointBye', 'forfeitLoss'],
    P: ['pairingAllocatedBye'],
  };
  for (let i = 5; i < line.length; i += 9) {
    if (line.slice(i).trim() === '') break;
    const letter = line[i] as string;
    const keys = letters[letter];
    if (!keys) throw at(n, i + 1, `unknown point code "${letter}" (W, D, L, Z, P)`);
    const value = readNumber(line.slice(i + 1, i + 5), n, i + 2, 'points');
    for (const key of keys) d.points[key] = value;
    if (letter === 'P') d.pairingByeSet = true;
    if (letter === 'W' && !d.pairingByeSet) d.points.pairingAllocatedBye = value;
  }
}

function readNumber(field: string, n: number, column: number, what: string): number {
  const text = field.trim();
  if (!/^\d+(\.\d)?$/.test(text)) throw at(n, column, `${what}: "${text}" is not a number with at most one decimal`);
  return Number(text);
}

const field = (line: string, [start, width]: readonly [number, number]): string => line.slice(start, start + width);

function readPlayer(line: string, n: number): TrfPlayer {
  if (line.length < MIN_PLAYER_LINE) throw at(n, line.length + 1, `a player line is at least ${MIN_PLAYER_LINE} characters long`);
  const rankText = field(line, COLUMNS.startRank).trim();
  if (!/^\d+$/.test(rankText) || Number(rankText) < 1) throw at(n, 5, `start rank "${rankText}" is not a positive number`);
  const ratingText = field(line, COLUMNS.rating).trim();
  if (ratingText !== '' && !/^\d+$/.test(ratingText)) throw at(n, 49, `rating "${ratingText}" is not a number`);
  const placeText = field(line, COLUMNS.place).trim();
  if (placeText !== '' && !/^\d+$/.test(placeText)) throw at(n, 86, `place "${placeText}" is not a number`);
  const startRank = Number(rankText);
  const rounds: TrfRound[] = [];
  for (let c = FIRST_ROUND; c < line.length; c += ROUND_WIDTH) rounds.push(readRound(line, c, n, startRank));
  while (rounds.length > 0 && isBlank(rounds[rounds.length - 1] as TrfRound)) rounds.pop();
  return {
    startRank,
    sex: field(line, COLUMNS.sex).trim(),
    title: field(line, COLUMNS.title).trim(),
    name: field(line, COLUMNS.name).trim(),
    rating: ratingText === '' ? null : Number(ratingText),
    federation: field(line, COLUMNS.federation).trim(),
    fideId: field(line, COLUMNS.fideId).trim(),
    birthDate: field(line, COLUMNS.birthDate).trim(),
    points: readNumber(field(line, COLUMNS.points), n, 81, 'points'),
    place: placeText === '' ? null : Number(placeText),
    rounds,
  };
}

const isBlank = (r: TrfRound): boolean => r.opponent === null && r.colour === ' ' && r.result === ' ';

function readRound(line: string, c: number, n: number, self: number): TrfRound {
  const entry = line.slice(c, c + ROUND_WIDTH).padEnd(ROUND_WIDTH);
  const round = (c - FIRST_ROUND) / ROUND_WIDTH + 1;
  if (entry.slice(0, 2) !== '  ' || entry[6] !== ' ' || entry[8] !== ' ')
    throw at(n, c + 1, `round ${round}: an entry is "  oooo c r" (opponent, colour, result)`);
  const opponentText = entry.slice(2, 6);
  let opponent: number | null = null;
  if (opponentText.trim() !== '') {
    if (!/^ *\d+$/.test(opponentText)) throw at(n, c + 3, `round ${round}: opponent "${opponentText.trim()}" is not a start rank`);
    opponent = Number(opponentText);
    if (opponent === self) throw at(n, c + 3, `round ${round}: a player cannot meet themselves`);
  }
  const colour = entry[7] as string;
  if (colour !== 'w' && colour !== 'b' && colour !== '-' && colour !== ' ')
    throw at(n, c + 8, `round ${round}: colour "${colour}" is not w, b, - or blank`);
  const result = (entry[9] as string).toUpperCase();
  if (!(TRF_RESULTS as readonly string[]).includes(result))
    throw at(n, c + 10, `round ${round}: result "${result}" is not one of ${TRF_RESULTS.join(' ').trim()} or blank`);
  const r: TrfRound = { opponent, colour, result: result as TrfResult };
  const why = inconsistency(r);
  if (why) throw at(n, c + 3, `round ${round}: ${why}`);
  return r;
}

/** What bbpPairings refuses in one entry: a game without its opponent or colour, a bye with them. */
function inconsistency(r: TrfRound): string | null {
  const met = r.opponent !== null && r.opponent !== 0;
  const played = r.colour === 'w' || r.colour === 'b';
  if ('HFUZ'.includes(r.result) && (met || played)) return `a bye ("${r.result}") has no opponent and no colour`;
  if ('10=WDL'.includes(r.result) && !(met && played)) return `a game ("${r.result}") has an opponent and a colour`;
  if ((r.result === '+' || r.result === '-') && played && !met) return 'a forfeit with a colour needs an opponent';
  return null;
}

function checkPlayers(d: Draft): void {
  const byRank = new Map<number, number>();
  for (const [i, p] of d.players.entries()) {
    if (byRank.has(p.startRank)) throw at(d.playerLines[i] as number, 5, `start rank ${p.startRank} is repeated`);
    byRank.set(p.startRank, i);
  }
  if (!d.useRank)
    for (let r = 1; r <= d.players.length; r++)
      if (!byRank.has(r)) throw at(d.playerLines.at(-1) ?? 1, 5, `start rank ${r} is missing (ranks run 1…${d.players.length})`);
  for (const [i, p] of d.players.entries()) {
    const line = d.playerLines[i] as number;
    for (const [k, r] of p.rounds.entries()) {
      if (r.opponent === null || r.opponent === 0) continue;
      const column = FIRST_ROUND + k * ROUND_WIDTH + 3;
      const j = byRank.get(r.opponent);
      if (j === undefined) throw at(line, column, `round ${k + 1}: opponent ${r.opponent} has no player line`);
      const back = (d.players[j] as TrfPlayer).rounds[k];
      if (back?.opponent !== p.startRank)
        throw at(line, column, `round ${k + 1}: opponent ${r.opponent} does not record this player in that round`);
      const colours = `${r.colour}${back.colour}`;
      if (colours !== 'wb' && colours !== 'bw' && colours !== '--')
        throw at(line, column, `round ${k + 1}: the colours against ${r.opponent} are "${r.colour}" and "${back.colour}"`);
      if (!RESULT_COMPLEMENT[r.result]?.includes(back.result))
        throw at(line, column, `round ${k + 1}: results "${r.result}" and ${r.opponent}'s "${back.result}" do not match`);
    }
    const expected = pointsOf(p, d.points);
    if (Math.abs(expected - p.points) > 1e-9)
      throw at(line, COLUMNS.points[0] + 1, `points ${p.points.toFixed(1)} but the results add up to ${expected.toFixed(1)}`);
  }
}

/** The points one round's entry is worth under a point system. */
export function pointsFor(r: TrfRound, points: PointSystem): number {
  switch (r.result) {
    case '1':
    case 'W':
    case '+':
    case 'F':
      return points.win;
    case '=':
    case 'D':
    case 'H':
      return points.draw;
    case '0':
    case 'L':
      return points.loss;
    case '-':
      return points.forfeitLoss;
    case 'U':
      return points.pairingAllocatedBye;
    default:
      return points.zeroPointBye;
  }
}

/** A player's points from their results (in tenths to add exactly). */
export const pointsOf = (p: TrfPlayer, points: PointSystem): number =>
  p.rounds.reduce((sum, r) => sum + Math.round(pointsFor(r, points) * 10), 0) / 10;

/** Writes a tournament as TRF; `parseTrf(formatTrf(t))` gives `t` back. */
export function formatTrf(t: Tournament, eol = '\n'): string {
  const out: string[] = [];
  if (t.name !== null) out.push(`012 ${t.name}`);
  for (const p of t.players) out.push(formatPlayer(p));
  out.push('');
  if (t.system !== null) out.push(`092 ${t.system}`);
  if (t.totalRounds !== null) out.push(`XXR ${t.totalRounds}`);
  const config = [t.useRank ? 'rank' : '', t.initialColour === null ? '' : `${t.initialColour}1`].filter((s) => s !== '');
  if (config.length > 0) out.push(`XXC ${config.join(' ')}`);
  for (const [code, key] of Object.entries(POINT_CODES)) {
    const standard = key === 'pairingAllocatedBye' ? t.points.win : STANDARD_POINTS[key];
    if (t.points[key] !== standard) out.push(`${code} ${t.points[key].toFixed(1).padStart(4)}`);
  }
  out.push(...t.otherLines);
  return out.join(eol) + eol;
}

function formatPlayer(p: TrfPlayer): string {
  const line = Array.from({ length: FIRST_ROUND }, () => ' ');
  const put = ([start, width]: readonly [number, number], text: string, right: boolean): void => {
    if (text.length > width) throw new Error(`TRF: "${text}" does not fit in ${width} columns`);
    const padded = right ? text.padStart(width) : text.padEnd(width);
    for (let i = 0; i < width; i++) line[start + i] = padded[i] as string;
  };
  line.splice(0, 3, '0', '0', '1');
  put(COLUMNS.startRank, String(p.startRank), true);
  put(COLUMNS.sex, p.sex, false);
  put(COLUMNS.title, p.title, true);
  put(COLUMNS.name, p.name, false);
  put(COLUMNS.rating, p.rating === null ? '' : String(p.rating), true);
  put(COLUMNS.federation, p.federation, false);
  put(COLUMNS.fideId, p.fideId, true);
  put(COLUMNS.birthDate, p.birthDate, false);
  put(COLUMNS.points, p.points.toFixed(1), true);
  put(COLUMNS.place, p.place === null ? '' : String(p.place), true);
  let text = line.join('');
  for (const r of p.rounds) {
    const opponent = r.opponent === null ? '    ' : String(r.opponent).padStart(4, r.opponent === 0 ? '0' : ' ');
    text += `  ${opponent} ${r.colour} ${r.result}`;
  }
  return text;
}
