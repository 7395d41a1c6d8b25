import type { Outcome } from '../../engine/game.ts';
import type { Termination } from '../../engine/record.ts';
import { fail, ok, type Result } from '../../engine/result.ts';
import { cellOf } from '../../games/hive/grid.ts';
import { encodeMove, type GameType, type HiveState, hive, PASS, parseGameType, parsePiece } from '../../games/hive/index.ts';
import { type ImportedHiveGame, importOptions, recordOf, refusal, type SourceMove } from './replay.ts';

/**
 * boardspace.net's Hive game files: SGF in form (`(;…)`, properties `ID[value]`), with the game in
 * boardspace's own properties: `SU[hive-lmp]` the variant, `P0[id "name"]` / `P1[id "name"]` the
 * players, and one `P0[n action …]` / `P1[n action …]` a step of a player's turn — `dropb wQ N 13 .`,
 * `move w wB1 M 14 .`, `pass`, `done`, `resign`… A turn counts only at its `done`. Cells are
 * boardspace's letter+number grid, turned into UHP MoveStrings against hexarena's own replay of the
 * game. What was learned of the format, and what is guessed: docs/hive-records.md.
 */

export const MAX_SGF_CHARS = 4 * 1024 * 1024;

interface Property {
  readonly id: string;
  readonly value: string;
}

/** SGF's syntax: game trees, nodes, properties with escaped values. One line of play; variations are refused. */
export function sgfProperties(text: string): Result<Property[]> {
  if (text.length > MAX_SGF_CHARS) return fail(`an SGF file of more than ${MAX_SGF_CHARS} characters is not a Hive game`);
  const props: Property[] = [];
  let depth = 0;
  let trees = 0;
  let closedAt = -1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (/\s/.test(c) || c === '\uFEFF') {
      i++;
    } else if (c === '(') {
      if (closedAt === depth + 1 || (depth === 0 && trees > 0))
        return fail('the file holds variations or several games: only one line of play is read');
      depth++;
      trees++;
      i++;
    } else if (c === ')') {
      if (depth === 0) return fail(`a ")" at character ${i + 1} closes nothing`);
      closedAt = depth;
      depth--;
      i++;
    } else if (c === ';') {
      if (depth === 0) return fail(`a node at character ${i + 1} is outside any game tree "( … )"`);
      i++;
    } else if (/[A-Za-z]/.test(c)) {
      if (depth === 0) return fail(`a property at character ${i + 1} is outside any game tree "( … )"`);
      const start = i;
      while (i < n && /[A-Za-z0-9]/.test(text[i] as string)) i++;
      const id = text.slice(start, i);
      let values = 0;
      for (;;) {
        while (i < n && /\s/.test(text[i] as string)) i++;
        if (text[i] !== '[') break;
        i++;
        let value = '';
        while (i < n && text[i] !== ']') {
          if (text[i] === '\\') i++;
          if (i < n) value += text[i];
          i++;
        }
        if (i >= n) return fail(`the value of ${id.slice(0, 20)} is never closed with "]"`);
        i++;
        props.push({ id, value });
        values++;
      }
      if (values === 0) return fail(`the property ${id.slice(0, 20)} at character ${start + 1} has no [value]`);
    } else {
      return fail(`"${c}" at character ${i + 1} is not SGF`);
    }
  }
  if (trees === 0) return fail('no SGF game tree "(; … )" in the file');
  if (depth !== 0) return fail('the file ends inside a game tree: it is cut short');
  return ok(props);
}

/** `hive`, `hive-m`, `hive-lmp`… → Base, Base+M, Base+MLP; Ultimate and others are not hexarena's. */
function typeOf(su: string): Result<GameType> {
  const m = /^hive(?:-([a-z]+))?$/i.exec(su.trim());
  const letters = m?.[1] ?? '';
  if (!m || !/^[lmp]*$/i.test(letters))
    return fail(`"${su}" is not a Hive variant hexarena plays (hive, hive-m, hive-l, hive-p, hive-lm, … hive-lmp)`);
  return parseGameType(letters === '' ? 'Base' : `Base+${letters}`);
}

/** One turn as the file commits it at `done`. */
interface Committed {
  readonly player: 0 | 1;
  /** The action as written ("P0 dropb wQ N 13 ."), for errors. */
  readonly source: string;
  /** null for a pass. */
  readonly piece: string | null;
  readonly col: number;
  readonly row: number;
}

const PIECE = /^([wb])?([qsbgamlp])([1-9])?$/i;

/**
 * A piece as boardspace writes it — `wQ`, `bS1`, `wM1`, or without its colour in older files (`S1`,
 * `Q`) — as a UHP name of the file's colours: the number of the Mosquito, Ladybug, Pillbug and Queen
 * goes (`M1` is `M`).
 */
function pieceName(token: string, color: string): Result<string> {
  const m = PIECE.exec(token);
  if (!m) return fail(`"${token}" is not a Hive piece`);
  const bug = (m[2] as string).toUpperCase();
  const number = m[3] ?? '';
  const single = 'QMLP'.includes(bug);
  if (single && number !== '' && number !== '1') return fail(`"${token}": there is one ${bug} a side`);
  if (!single && number === '') return fail(`"${token}": say which one (${bug}1, ${bug}2…)`);
  return ok(`${(m[1] ?? color).toLowerCase()}${bug}${single ? '' : number}`);
}

/** A boardspace cell: a column letter and a row number. */
function cellArgs(letter: string | undefined, number: string | undefined): { col: number; row: number } | null {
  if (letter === undefined || number === undefined || !/^[A-Za-z]$/.test(letter) || !/^\d{1,3}$/.test(number)) return null;
  return { col: letter.toUpperCase().charCodeAt(0) - 65, row: Number(number) };
}

const COLOR_OF_PLAYER = ['w', 'b'] as const;

interface Turns {
  committed: Committed[];
  end: { result: Outcome | null; termination?: Termination };
  notes: string[];
}

/** The turns of the file (pieces in the file's colours, '?' for the mover's own), each counted at its `done`; a turn left without one is dropped. */
function turnsOf(actions: readonly { player: 0 | 1; text: string }[]): Result<Turns> {
  const committed: Committed[] = [];
  const notes: string[] = [];
  const unknown = new Set<string>();
  let pending: Committed | null = null;
  let picked: { piece?: string } = {};
  let end: Turns['end'] = { result: null };
  for (const { player, text } of actions) {
    const words = text.trim().split(/\s+/);
    const verb = (words[0] ?? '').toLowerCase();
    const source = `P${player} ${text.trim()}`;
    const bad = (why: string): Result<Turns> => fail(`turn ${committed.length + 1} (${source}): ${why}`);
    if (verb === 'done') {
      if (pending) committed.push(pending);
      pending = null;
      picked = {};
    } else if (verb === 'pass') {
      pending = { player, source, piece: null, col: 0, row: 0 };
    } else if (verb === 'dropb' || verb === 'pdropb' || verb === 'move' || verb === 'pmove') {
      // dropb <piece> <col> <row> <reference>; move <colour> <piece> <col> <row> <reference>; the
      // reference (`.`, `wS1\`, `-bQ`) is boardspace's own and is not needed: the cell says where.
      const moving = verb.endsWith('move');
      const args = words.slice(1);
      if (moving && !/^[wb]$/i.test(args[0] ?? '')) return bad(`"${args[0] ?? ''}" is not a colour (w or b)`);
      // A drop's piece without its colour is the mover's own: '?' until the colours are settled.
      const color = moving ? (args.shift() as string).toLowerCase() : '?';
      let pieceToken = args[0];
      let cell = cellArgs(args[1], args[2]);
      // A drop of what was picked: `dropb <col> <row>`.
      if (!cell && cellArgs(args[0], args[1]) && picked.piece !== undefined) {
        cell = cellArgs(args[0], args[1]);
        pieceToken = picked.piece;
      }
      if (!cell || pieceToken === undefined) return bad('write a piece and a cell, such as "dropb wQ N 13 ." or "move w wB1 M 14 ."');
      const piece = pieceName(pieceToken, color);
      if (!piece.ok) return bad(piece.error.message);
      pending = { player, source, piece: piece.value, ...cell };
    } else if (verb === 'pick' || verb === 'pickb') {
      // pick <piece> (from the reserve) or pickb <col> <row> <piece>: the start of a drag; the drop says where.
      const token = words.find((w, i) => i > 0 && PIECE.test(w));
      if (token !== undefined) picked = { piece: token };
    } else if (verb === 'drop') {
      // A drop back into the reserve undoes the pick.
      picked = {};
    } else if (verb === 'resign') {
      end = { result: { kind: 'win', winner: 1 - player }, termination: 'resignation' };
      pending = null;
      break;
    } else if (verb === 'acceptdraw') {
      end = { result: { kind: 'draw' }, termination: 'agreement' };
      pending = null;
      break;
    } else if (verb === 'start' || verb === 'offerdraw' || verb === 'declinedraw' || verb === 'edit') {
      // The start of play and draw offers change no piece.
    } else if (verb !== '') {
      unknown.add(verb.slice(0, 20));
    }
  }
  if (pending) notes.push(`the last turn (${pending.source}) has no "done", so it does not count`);
  if (unknown.size > 0) notes.push(`steps hexarena does not know were skipped: ${[...unknown].slice(0, 5).join(', ')}`);
  return ok({ committed, end, notes });
}

/**
 * Reads a boardspace.net Hive SGF and replays it with hexarena's engine: hexarena's record, the file's
 * tags (White, Black, Date, Event, Site, Round, GameType, Result as its text), and what was inferred. A
 * turn the rules refuse is named (ply, the file's text, its UHP) with the engine's reason.
 */
export function parseBoardspaceSgf(text: string): Result<ImportedHiveGame> {
  const props = sgfProperties(text);
  if (!props.ok) return props;
  const tags: Record<string, string> = {};
  const names: [string, string] = ['', ''];
  const actions: { player: 0 | 1; text: string }[] = [];
  let su: string | undefined;
  const TAG_OF: Record<string, string> = { EV: 'Event', PC: 'Site', RO: 'Round', DT: 'Date', GN: 'GameName', RE: 'SgfResult' };
  for (const { id, value } of props.value) {
    const key = id.toUpperCase();
    if (key === 'SU') su = value;
    else if (key === 'P0' || key === 'P1') {
      const player = key === 'P0' ? 0 : 1;
      const idMatch = /^\s*id\s+"(.*)"\s*$/s.exec(value);
      const step = /^\s*\d+\s+(.*)$/s.exec(value);
      if (idMatch) names[player] = idMatch[1] as string;
      else if (step) actions.push({ player, text: (step[1] as string).replace(/\s+/g, ' ') });
    } else if (Object.hasOwn(TAG_OF, key)) tags[TAG_OF[key] as string] = value.trim();
  }
  const type = su === undefined ? ok<GameType>('Base') : typeOf(su);
  if (!type.ok) return type;
  tags.GameType = type.value;
  if (names[0] !== '') tags.White = names[0];
  if (names[1] !== '') tags.Black = names[1];
  const turns = turnsOf(actions);
  if (!turns.ok) return turns;
  const { committed, notes } = turns.value;
  // RE names the winner in words ("… wins", "The game is a draw"): a result, without saying how it came.
  const re = tags.SgfResult?.toLowerCase() ?? '';
  const named = [0, 1].find((p) => names[p] !== '' && re.includes((names[p] as string).toLowerCase()));
  const end =
    turns.value.end.result !== null || re === ''
      ? turns.value.end
      : re.includes('draw')
        ? { result: { kind: 'draw' } as Outcome }
        : named !== undefined
          ? { result: { kind: 'win', winner: named } as Outcome }
          : turns.value.end;
  if (su === undefined) notes.push('no SU property: read as Base');
  // White moves first in hexarena's Hive: a file whose first piece is black has its colours exchanged.
  const swap = committed.find((t) => t.piece !== null)?.piece?.startsWith('b') ?? false;
  if (swap) notes.push('the first piece placed is black: colours exchanged, so the first player is White');
  const uhpName = (name: string, player: 0 | 1) =>
    name[0] === '?' ? `${COLOR_OF_PLAYER[player]}${name.slice(1)}` : swap ? `${name[0] === 'w' ? 'b' : 'w'}${name.slice(1)}` : name;
  const options = importOptions(
    type.value,
    committed.slice(0, 2).map((t) => (t.piece === null ? 'pass' : uhpName(t.piece, t.player))),
    notes,
  );
  const first = committed.find((t) => t.piece !== null);
  const states: HiveState[] = [hive.newGame(options, '')];
  let passes = 0;
  for (const turn of committed) {
    let state = states.at(-1) as HiveState;
    // Passes are implicit in boardspace's files: a player with no move passes here.
    if (turn.piece !== null && hive.result(state) === null) {
      const legal = hive.legalMoves(state);
      if (legal.length === 1 && legal[0] === PASS) {
        state = hive.play(state, PASS);
        states.push(state);
        passes++;
      }
    }
    const move: SourceMove = { source: turn.source, uhp: 'pass' };
    if (hive.result(state) !== null) return fail(refusal(states.length, move, 'the game was already over'));
    let uhp = 'pass';
    if (turn.piece !== null) {
      const piece = parsePiece(uhpName(turn.piece, turn.player));
      if (!piece.ok) return fail(refusal(states.length, move, piece.error.message));
      const origin = first as Committed;
      const cell = cellOf(turn.col - origin.col, origin.row - turn.row);
      uhp = hive.formatMove(state, encodeMove(piece.value, cell));
      if (state.pos.piecesOnBoard > 0 && !uhp.includes(' '))
        return fail(refusal(states.length, { ...move, uhp }, 'that cell touches no other piece of the hive'));
    }
    const parsed = hive.parseMove(state, uhp);
    if (!parsed.ok) return fail(refusal(states.length, { ...move, uhp }, parsed.error.message));
    states.push(hive.play(state, parsed.value));
  }
  if (passes > 0) notes.push(`${passes} pass${passes === 1 ? '' : 'es'} the file leaves implicit were played`);
  const players = names[0] !== '' || names[1] !== '' ? names : undefined;
  const record = recordOf(options, states, end, players, notes);
  if (!record.ok) return record;
  tags.Result = record.value.result
    ? record.value.result.kind === 'draw'
      ? 'Draw'
      : record.value.result.winner === 0
        ? 'WhiteWins'
        : 'BlackWins'
    : 'InProgress';
  return ok({ record: record.value, tags, notes });
}
