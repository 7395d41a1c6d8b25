import type { Outcome } from '@hexarena/engines/engine/game.ts';
import { RulesRefusal, refuse } from '@hexarena/engines/engine/refusal.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { cellOf } from '@hexarena/engines/games/hive/grid.ts';
import { encodeMove, type HiveOptions, type HiveState, hive, PASS, parsePiece } from '@hexarena/engines/games/hive/index.ts';
import type { Hex } from '@hexarena/engines/hex/coords.ts';
import { type Cell, parseSetup, type Setup, WRAP } from './boardspace-notation.ts';
import { type Action, type Committed, type SeatEnd, turnsOf } from './boardspace-turns.ts';
import { gameOverRefusal, type ImportedHiveGame, importOptions, plyRefusal, recordOf, type SourceMove, type StatedEnd } from './replay.ts';

/**
 * boardspace.net's Hive game files: SGF in form (`(;…)`, properties `ID[value]`), with the game in
 * boardspace's own properties: `SU[hive-plm 2 0 101]` the variant (and players, random key, revision),
 * `P0[id "name"]` / `P1[id "name"]` the players, and one `P0[n step …]` / `P1[n step …]` a step of a
 * player's turn (boardspace-turns.ts). Cells are boardspace's letter+number grid
 * (boardspace-notation.ts), turned into UHP MoveStrings against hexarena's own replay of the game.
 * What was learned of the format, and from where: docs/hive-records.md.
 */

export const MAX_SGF_CHARS = 4 * 1024 * 1024;

interface Property {
  readonly id: string;
  readonly value: string;
}

/** SGF's syntax: game trees, nodes, properties with escaped values. One line of play; variations are refused. */
export function sgfProperties(text: string): Result<Property[]> {
  if (text.length > MAX_SGF_CHARS)
    return refuse('import.sgf.tooLong', `an SGF file of more than ${MAX_SGF_CHARS} characters is not a Hive game`, { max: MAX_SGF_CHARS });
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
        return refuse('import.sgf.variations', 'the file holds variations or several games: only one line of play is read');
      depth++;
      trees++;
      i++;
    } else if (c === ')') {
      if (depth === 0) return refuse('import.sgf.closesNothing', `a ")" at character ${i + 1} closes nothing`, { at: i + 1 });
      closedAt = depth;
      depth--;
      i++;
    } else if (c === ';') {
      if (depth === 0)
        return refuse('import.sgf.nodeOutside', `a node at character ${i + 1} is outside any game tree "( … )"`, { at: i + 1 });
      i++;
    } else if (/[A-Za-z]/.test(c)) {
      if (depth === 0)
        return refuse('import.sgf.propertyOutside', `a property at character ${i + 1} is outside any game tree "( … )"`, { at: i + 1 });
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
        if (i >= n)
          return refuse('import.sgf.valueOpen', `the value of ${id.slice(0, 20)} is never closed with "]"`, { property: id.slice(0, 20) });
        i++;
        props.push({ id, value });
        values++;
      }
      if (values === 0)
        return refuse('import.sgf.noValue', `the property ${id.slice(0, 20)} at character ${start + 1} has no [value]`, {
          property: id.slice(0, 20),
          at: start + 1,
        });
    } else {
      return refuse('import.sgf.notSgf', `"${c}" at character ${i + 1} is not SGF`, { text: c, at: i + 1 });
    }
  }
  if (trees === 0) return refuse('import.sgf.noTree', 'no SGF game tree "(; … )" in the file');
  if (depth !== 0) return refuse('import.sgf.cutShort', 'the file ends inside a game tree: it is cut short');
  return ok(props);
}

const TAG_OF: Record<string, string> = { EV: 'Event', PC: 'Site', RO: 'Round', DT: 'Date', GN: 'GameName', RE: 'SgfResult' };

const distance = (a: Hex, b: Hex) => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;

/**
 * Where a written cell can be, in the plane around the first piece (axial q is the column, r minus
 * the row). On the wrapping board a written cell stands for every cell 26 columns or rows away: those
 * that touch a piece of the hive other than the mover are the candidates, the cell as written first.
 */
function candidates(written: Hex, wraps: boolean, planar: ReadonlyMap<number, Hex>, mover: number): Hex[] {
  if (!wraps || planar.size === 0) return [written];
  const found = new Map<string, Hex>();
  for (const [piece, at] of planar) {
    if (piece === mover) continue;
    const near = {
      q: written.q + Math.round((at.q - written.q) / WRAP) * WRAP,
      r: written.r + Math.round((at.r - written.r) / WRAP) * WRAP,
    };
    if (distance(near, at) <= 1) found.set(`${near.q},${near.r}`, near);
  }
  const own = found.get(`${written.q},${written.r}`);
  if (own) found.delete(`${written.q},${written.r}`);
  const list = [...(own ? [own] : []), ...found.values()];
  return list.length > 0 ? list : [written];
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
  const actions: Action[] = [];
  let su: string | undefined;
  for (const { id, value } of props.value) {
    const key = id.toUpperCase();
    if (key === 'SU') su = value;
    else if (key === 'P0' || key === 'P1') {
      const seat = key === 'P0' ? 0 : 1;
      const idMatch = /^\s*id\s+"(.*)"\s*$/s.exec(value);
      // The step's number is optional: boardspace's reader skips a leading number when there is one.
      const step = /^\s*(?:\d+\s+)?(\S.*)$/s.exec(value);
      if (idMatch) names[seat] = idMatch[1] as string;
      else if (step) actions.push({ seat, text: (step[1] as string).replace(/\s+/g, ' ') });
    } else if (Object.hasOwn(TAG_OF, key)) tags[TAG_OF[key] as string] = value.trim();
  }
  const setup: Result<Setup> = su === undefined ? ok({ type: 'Base', revision: null, wraps: true }) : parseSetup(su);
  if (!setup.ok) return setup;
  const { type, wraps } = setup.value;
  tags.GameType = type;
  const turns = turnsOf(actions);
  if (!turns.ok) return turns;
  const { committed, notes } = turns.value;
  if (su === undefined) notes.push('no SU property: read as Base');
  // White moves first: whoever places the first piece plays White (P0, unless colours were chosen).
  const firstPiece = committed.find((t) => t.piece !== null);
  const whiteSeat = firstPiece?.seat ?? 0;
  if (whiteSeat === 1) notes.push('P1 places the first piece, so P1 plays White');
  const colorIndex = (seat: 0 | 1): 0 | 1 => (seat === whiteSeat ? 0 : 1);
  const players = [names[whiteSeat], names[1 - whiteSeat] as string];
  if (players[0] !== '') tags.White = players[0];
  if (players[1] !== '') tags.Black = players[1];
  // A file whose first piece is black has its colours exchanged: the rules do not tell them apart.
  const swap = firstPiece?.piece?.startsWith('b') ?? false;
  if (swap) notes.push('the first piece placed is black: colours exchanged, so the first player is White');
  const uhpName = (name: string, seat: 0 | 1) =>
    name[0] === '?'
      ? `${colorIndex(seat) === 0 ? 'w' : 'b'}${name.slice(1)}`
      : swap
        ? `${name[0] === 'w' ? 'b' : 'w'}${name.slice(1)}`
        : name;
  const end = statedEnd(turns.value.end, tags.SgfResult ?? '', names, colorIndex, notes);
  const options = importOptions(
    type,
    committed.slice(0, 2).map((t) => (t.piece === null ? 'pass' : uhpName(t.piece, t.seat))),
    notes,
  );
  const states = replayTurns(committed, options, wraps, uhpName, notes);
  if (!states.ok) return states;
  const record = recordOf(options, states.value, end, players[0] !== '' || players[1] !== '' ? players : undefined, notes);
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

/** The end the steps state, by colour; else the result `RE` names in words ("… wins", "draw"), without saying how it came. */
function statedEnd(end: SeatEnd, re: string, names: readonly string[], colorIndex: (seat: 0 | 1) => 0 | 1, notes: string[]): StatedEnd {
  const said = re.toLowerCase();
  const named = ([0, 1] as const).find((p) => names[p] !== '' && said.includes((names[p] as string).toLowerCase()));
  if (end.kind === 'resign') return { result: { kind: 'win', winner: 1 - colorIndex(end.seat) }, termination: 'resignation' };
  if (end.kind === 'draw') return { result: { kind: 'draw' }, termination: 'agreement' };
  if (end.kind === 'time') {
    // Whose win a WinOnTime is has not been checked against a real game: a winner RE names comes first.
    if (named !== undefined && named !== end.winner) notes.push(`RE names P${named} the winner: the win on time is theirs`);
    return { result: { kind: 'win', winner: colorIndex(named ?? end.winner) }, termination: 'time' };
  }
  if (said === '') return { result: null };
  if (said.includes('draw')) return { result: { kind: 'draw' } as Outcome };
  return named === undefined ? { result: null } : { result: { kind: 'win', winner: colorIndex(named) } };
}

/** Plays the committed turns from the start; the first the rules refuse is named with its ply and the engine's reason. */
function replayTurns(
  committed: readonly Committed[],
  options: HiveOptions,
  wraps: boolean,
  uhpName: (name: string, seat: 0 | 1) => string,
  notes: string[],
): Result<HiveState[]> {
  const origin: Cell = committed.find((t) => t.piece !== null)?.cell ?? { col: 0, row: 0 };
  const states: HiveState[] = [hive.newGame(options, '')];
  // Where each piece stands in the plane around the first piece, to read a wrapped cell near the hive.
  const planar = new Map<number, Hex>();
  let passes = 0;
  let wrapped = 0;
  for (const turn of committed) {
    let state = states.at(-1) as HiveState;
    // Passes are implicit in boardspace's older files: a player with no move passes here.
    if (turn.piece !== null && hive.result(state) === null) {
      const legal = hive.legalMoves(state);
      if (legal.length === 1 && legal[0] === PASS) {
        state = hive.play(state, PASS);
        states.push(state);
        passes++;
      }
    }
    const move: SourceMove = { source: turn.source, uhp: 'pass' };
    if (hive.result(state) !== null) return err(plyRefusal(states.length, move, gameOverRefusal()));
    let uhp = 'pass';
    let at: Hex | null = null;
    let piece = -1;
    if (turn.piece !== null) {
      const named = parsePiece(uhpName(turn.piece, turn.seat));
      if (!named.ok) return err(plyRefusal(states.length, move, named.error));
      piece = named.value;
      const written = { q: turn.cell.col - origin.col, r: origin.row - turn.cell.row };
      const places = candidates(written, wraps, planar, piece);
      const legal = hive.legalMoves(state);
      const fits = places.filter((h) => legal.includes(encodeMove(piece, cellOf(h.q, h.r))));
      at = fits[0] ?? (places[0] as Hex);
      uhp = hive.formatMove(state, encodeMove(piece, cellOf(at.q, at.r)));
      if (fits.length > 1)
        return err(
          plyRefusal(
            states.length,
            { ...move, uhp },
            new RulesRefusal(`on boardspace's wrapping 26 × 26 board that cell is ${fits.length} places beside the hive`, {
              code: 'import.wrapped',
              values: { count: fits.length },
            }),
          ),
        );
      if (fits.length === 0 && state.pos.piecesOnBoard > 0 && !uhp.includes(' '))
        return err(
          plyRefusal(
            states.length,
            { ...move, uhp },
            new RulesRefusal('that cell touches no other piece of the hive', { code: 'import.detached' }),
          ),
        );
      if (at.q !== written.q || at.r !== written.r) wrapped++;
    }
    const parsed = hive.parseMove(state, uhp);
    if (!parsed.ok) return err(plyRefusal(states.length, { ...move, uhp }, parsed.error));
    states.push(hive.play(state, parsed.value));
    if (at) planar.set(piece, at);
  }
  if (passes > 0) notes.push(`${passes} pass${passes === 1 ? '' : 'es'} the file leaves implicit were played`);
  if (wrapped > 0)
    notes.push(
      `${wrapped} cell${wrapped === 1 ? '' : 's'} written across the edge of boardspace's wrapping 26 × 26 board, read beside the hive`,
    );
  return ok(states);
}
