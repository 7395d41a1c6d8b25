import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import { TORUS_CELLS } from '../../hex/torus.ts';
import { BLACK, DRAWN, NonagaPosition, PLAYING, RED, type Side } from './position.ts';
import { DEFAULT_NONAGA_OPTIONS, type NonagaOptions, type NonagaState } from './state.ts';

/**
 * Nonaga's position notation (docs/positions.md): the side to move and the number of the turn it is
 * about to play; the rule options that differ from the default; where the board is (the axial q.r of
 * its top-left corner: the board drifts, and turns are written in absolute coordinates); and the
 * board row by row (r, then q), rows separated by `_`: `o` a disc, `r`/`b` a Red/Black token on its
 * disc, `x` the disc the opponent moved last turn (it may not move now; `R`/`B` with a token on it),
 * a number a run of cells without a disc. The start, Red to move:
 *
 *   r1 -2.-2 2rob_1oooo_booor_oooo_rob
 *
 * Not carried: the turns before, so repetitions count afresh from here.
 */

const SIDES = ['Red', 'Black'];
/** The sides as a refusal's values name them (engine/refusal.ts): codes, not words. */
const SIDE_CODES = ['red', 'black'] as const;
const DISCS = 19;
/** The board drifts, but 19 discs in one group span at most 19 cells; more room for `connectivity-none`. */
const SPAN_LIMIT = 24;
const COORDINATE_LIMIT = 999;

export function formatNonagaPosition(state: NonagaState): string {
  const { pos, options } = state;
  const discs: { q: number; r: number; cell: number }[] = [];
  for (let cell = 0; cell < TORUS_CELLS; cell++) if (pos.disc[cell]) discs.push({ ...pos.coordinates(cell), cell });
  const q0 = Math.min(...discs.map((d) => d.q));
  const r0 = Math.min(...discs.map((d) => d.r));
  const r1 = Math.max(...discs.map((d) => d.r));
  const rows: string[] = [];
  for (let r = r0; r <= r1; r++) {
    const row = discs.filter((d) => d.r === r).sort((a, b) => a.q - b.q);
    let text = '';
    let q = q0;
    for (const d of row) {
      if (d.q > q) text += String(d.q - q);
      text += discLetter(state, d.cell);
      q = d.q + 1;
    }
    rows.push(text);
  }
  return [`${pos.turn === RED ? 'r' : 'b'}${pos.turns + 1}`, ...optionWords(options), `${q0}.${r0}`, rows.join('_')].join(' ');
}

function discLetter({ pos }: NonagaState, cell: number): string {
  const token = pos.token[cell] as number;
  const letter = token === RED ? 'r' : token === BLACK ? 'b' : 'o';
  if (cell !== pos.blocked) return letter;
  return letter === 'o' ? 'x' : letter.toUpperCase();
}

function optionWords(o: NonagaOptions): string[] {
  const words: string[] = [];
  if (o.connectivity !== 'strict') words.push(`connectivity-${o.connectivity}`);
  if (o.placementCap) words.push('placement-cap');
  if (o.triangleOnly) words.push('triangle-only');
  if (o.stuckPasses) words.push('stuck-passes');
  if (o.maxTurns !== DEFAULT_NONAGA_OPTIONS.maxTurns) words.push(`max-turns-${o.maxTurns}`);
  return words;
}

const SIDE = /^([rb])(\d{1,5})?$/i;
const ORIGIN = /^(-?\d+)\.(-?\d+)$/;
const EXAMPLE = 'such as "r1 -2.-2 2rob_1oooo_booor_oooo_rob"';

const clip = (text: string): string => (text.length > 24 ? `${text.slice(0, 24)}…` : text);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

type Cell = readonly [number, number];

/** A position from text, checked: any mistake is an error that says what is wrong. */
export function parseNonagaPosition(text: string): Result<NonagaState> {
  const words = text.trim().split(/\s+/);
  if (words.length < 3 || words.length > 10)
    return refuse('nonaga.position.words', `a Nonaga position is the side to move, where the board is and its rows, ${EXAMPLE}`);
  const side = SIDE.exec(words[0] as string);
  if (!side)
    return refuse(
      'nonaga.position.side',
      `"${clip(words[0] as string)}" is not the side to move: write r (Red) or b (Black) and the turn number, such as r1`,
      { text: clip(words[0] as string) },
    );
  let turn: Side = side[1]?.toLowerCase() === 'r' ? RED : BLACK;
  const turnNumber = side[2] === undefined ? 1 : Number(side[2]);
  if (turnNumber === 0) return refuse('nonaga.position.turnZero', 'turns are numbered from 1 (r1 or b1 is the first turn of the game)');
  const options = parseOptionWords(words.slice(1, -2));
  if (!options.ok) return options;
  const origin = ORIGIN.exec(words.at(-2) as string);
  if (!origin)
    return refuse(
      'nonaga.position.corner',
      `"${clip(words.at(-2) as string)}" is not where the board is: write the q.r of its top-left corner, ${EXAMPLE}`,
      { text: clip(words.at(-2) as string) },
    );
  const q0 = Number(origin[1]);
  const r0 = Number(origin[2]);
  if (Math.abs(q0) > COORDINATE_LIMIT || Math.abs(r0) > COORDINATE_LIMIT)
    return refuse(
      'nonaga.position.cornerFar',
      `the board's corner ${q0}.${r0} is too far out: coordinates run from -${COORDINATE_LIMIT} to ${COORDINATE_LIMIT}`,
      { corner: `${q0}.${r0}`, limit: COORDINATE_LIMIT },
    );
  const board = parseRows(words.at(-1) as string, q0, r0);
  if (!board.ok) return board;
  const { discs, tokens, blocked } = board.value;
  if (discs.length !== DISCS)
    return refuse('nonaga.position.discs', `the board has ${plural(discs.length, 'disc')}, but Nonaga is played with ${DISCS}`, {
      discs: discs.length,
      total: DISCS,
    });
  for (const s of [RED, BLACK] as const)
    if (tokens[s].length !== 3)
      return refuse('nonaga.position.tokens', `${SIDES[s]} has ${plural(tokens[s].length, 'token')}, but each player has 3`, {
        side: SIDE_CODES[s],
        tokens: tokens[s].length,
      });
  if (blocked.length > 1)
    return refuse('nonaga.position.marks', `${blocked.length} discs are marked as moved last turn (x), but only one disc moves a turn`, {
      marks: blocked.length,
    });
  const rules = options.value;
  if (rules.connectivity !== 'none') {
    const apart = cutOff(discs);
    if (apart)
      return refuse(
        'nonaga.position.cutOff',
        `the disc at ${apart[0]},${apart[1]} is cut off: the discs must form one group (write connectivity-none to play without)`,
        { cell: `${apart[0]},${apart[1]}` },
      );
  }
  const joined = ([RED, BLACK] as const).filter((s) => joinedUp(tokens[s], rules.triangleOnly));
  if (joined.length === 2)
    return refuse(
      'nonaga.position.bothJoined',
      "both players' tokens are joined, but the game ends on the slide that joins the first three",
    );
  // A player whose tokens are joined has won on their slide, the turn not yet over: they are the side
  // to move of the finished game, whoever the text names.
  const winner = joined[0];
  if (winner !== undefined) turn = winner;
  const turns = turnNumber - 1;
  if (turns > rules.maxTurns)
    return refuse(
      'nonaga.position.pastEnd',
      `turn ${turnNumber} is past the end of the game: it is drawn once ${rules.maxTurns} turns are played`,
      {
        number: turnNumber,
        max: rules.maxTurns,
      },
    );
  if (winner !== undefined && turns >= rules.maxTurns)
    return refuse(
      'nonaga.position.wonAfterDraw',
      `the game was drawn when its ${rules.maxTurns} turns were played: no slide can have won after that`,
      {
        max: rules.maxTurns,
      },
    );
  const mark = blocked[0];
  const onBlocked = mark && [...tokens[RED], ...tokens[BLACK]].find(([q, r]) => q === mark[0] && r === mark[1]);
  if (mark && onBlocked && (winner === undefined || !tokens[winner].includes(onBlocked)))
    return refuse(
      'nonaga.position.tokenOnMoved',
      `a token stands on the disc moved last turn (at ${mark[0]},${mark[1]}): a token gets there only by the slide that wins the game, after which no disc moves`,
      { cell: `${mark[0]},${mark[1]}` },
    );
  const result = winner ?? (turns >= rules.maxTurns ? DRAWN : PLAYING);
  const pos = NonagaPosition.arrange(rules, discs, [tokens[0], tokens[1]], { turn, turns, blocked: blocked[0] ?? null, result });
  // Players alternate: whoever moved first is the side to move after an even number of turns.
  const first = (turns % 2 === 0 ? turn : turn ^ 1) as Side;
  const state: NonagaState = { pos, options: { ...rules, first: first === RED ? 'red' : 'black' }, turns: [], seed: '', first };
  return ok({ ...state, position: formatNonagaPosition(state) });
}

function parseOptionWords(words: readonly string[]): Result<NonagaOptions> {
  const o = { ...DEFAULT_NONAGA_OPTIONS } as { -readonly [K in keyof NonagaOptions]: NonagaOptions[K] };
  for (const word of words) {
    const lower = word.toLowerCase();
    const max = /^max-turns-(\d{1,5})$/.exec(lower);
    if (lower === 'connectivity-final' || lower === 'connectivity-none' || lower === 'connectivity-strict')
      o.connectivity = lower.slice('connectivity-'.length) as NonagaOptions['connectivity'];
    else if (lower === 'placement-cap') o.placementCap = true;
    else if (lower === 'triangle-only') o.triangleOnly = true;
    else if (lower === 'stuck-passes') o.stuckPasses = true;
    else if (max && Number(max[1]) >= 1) o.maxTurns = Number(max[1]);
    else
      return refuse(
        'nonaga.position.option',
        `"${clip(word)}" is not an option of a Nonaga position (connectivity-final, connectivity-none, placement-cap, triangle-only, stuck-passes, max-turns-N)`,
        { text: clip(word) },
      );
  }
  return ok(o);
}

interface Board {
  discs: Cell[];
  tokens: [Cell[], Cell[]];
  blocked: Cell[];
}

function parseRows(text: string, q0: number, r0: number): Result<Board> {
  const board: Board = { discs: [], tokens: [[], []], blocked: [] };
  const rows = text.split('_');
  if (rows.length > SPAN_LIMIT)
    return refuse('nonaga.position.rows', `the board spans ${rows.length} rows: at most ${SPAN_LIMIT}`, {
      rows: rows.length,
      limit: SPAN_LIMIT,
    });
  for (const [i, row] of rows.entries()) {
    let q = q0;
    const r = r0 + i;
    for (const [, run, letter] of row.matchAll(/(\d{1,3})|(\D)/g)) {
      if (letter === undefined) {
        q += Number(run);
      } else {
        if (!'orbxRB'.includes(letter))
          return refuse(
            'nonaga.position.cell',
            `row ${i + 1}: "${letter}" is no cell; write o (a disc), r or b (a token on its disc), x (the disc moved last turn), R or B (a token on it) or a number of cells without a disc`,
            { row: i + 1, text: letter },
          );
        const cell: Cell = [q, r];
        board.discs.push(cell);
        if (letter === 'r' || letter === 'R') board.tokens[0].push(cell);
        if (letter === 'b' || letter === 'B') board.tokens[1].push(cell);
        if (letter === 'x' || letter === 'R' || letter === 'B') board.blocked.push(cell);
        q++;
      }
      if (q - q0 > SPAN_LIMIT)
        return refuse('nonaga.position.rowLength', `row ${i + 1} spans more than ${SPAN_LIMIT} cells`, { row: i + 1, limit: SPAN_LIMIT });
    }
  }
  return ok(board);
}

const NEIGHBOURS: readonly Cell[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

const touch = (a: Cell, b: Cell): boolean => NEIGHBOURS.some(([dq, dr]) => a[0] + dq === b[0] && a[1] + dr === b[1]);

/** A disc not in the group of the first, or null when the discs are one group. */
function cutOff(discs: readonly Cell[]): Cell | null {
  const group = [discs[0] as Cell];
  const reached = new Set<Cell>(group);
  for (let i = 0; i < group.length; i++) {
    for (const d of discs) {
      if (!reached.has(d) && touch(group[i] as Cell, d)) {
        reached.add(d);
        group.push(d);
      }
    }
  }
  return discs.find((d) => !reached.has(d)) ?? null;
}

/** Three tokens on neighbouring discs: two of the three pairs touch (all three for triangle-only). */
function joinedUp([a, b, c]: readonly Cell[], triangleOnly: boolean): boolean {
  const pairs = [touch(a as Cell, b as Cell), touch(b as Cell, c as Cell), touch(a as Cell, c as Cell)].filter(Boolean).length;
  return pairs >= (triangleOnly ? 3 : 2);
}
