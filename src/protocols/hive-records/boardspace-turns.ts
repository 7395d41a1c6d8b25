import { RulesRefusal, refuse } from '@hexarena/engines/engine/refusal.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type Cell, parseCell, pieceName, sameCell } from './boardspace-notation.ts';

/**
 * The steps of a boardspace.net Hive record, gathered into the turns they commit. Every step kind of
 * boardspace's Hive move specification is read (the number before a step is optional, as in
 * boardspace's own reader):
 *
 * - `Pick <rack> <index> <piece>`, `Pickb <col> <row> <piece>`: a piece lifted from the reserve or the board;
 * - `Drop <rack> <index> <piece> …`: the lifted piece put back in the reserve;
 * - `Dropb <piece> <col> <row> <ref>`, `Pdropb …`: the lifted piece put down on a cell (`Pdropb` when it
 *   is not the mover's own: a Pillbug's throw);
 * - `Move <colour> <piece> <col> <row> <ref>`, `PMove …`: a piece from the reserve or the board to a
 *   cell in one step (`PMove` for a throw); `MoveDone`, `PMoveDone`: the same and its `Done`;
 * - `Pass`, `PassDone`; `Done`, which commits the turn;
 * - `Resign` (a second one withdraws it), `OfferDraw`, `AcceptDraw`, `DeclineDraw`, `WinOnTime`;
 * - `Start`, `Reset`, `PlayWhite`, `PlayBlack` change no piece; `Edit` is the start of a set-up position.
 */

/** One turn as the file commits it. */
export interface Committed {
  /** The seat that wrote it (P0 is 0). */
  readonly seat: 0 | 1;
  /** The step as written ("P0 dropb wQ N 13 ."), for errors. */
  readonly source: string;
  /** In the file's colours, or '?' for the mover's own; null for a pass. */
  readonly piece: string | null;
  readonly cell: Cell;
}

/** How the steps end the game, by seat. */
export type SeatEnd =
  | { readonly kind: 'none' }
  | { readonly kind: 'resign'; readonly seat: 0 | 1 }
  | { readonly kind: 'draw' }
  | { readonly kind: 'time'; readonly winner: 0 | 1 };

export interface Turns {
  readonly committed: Committed[];
  readonly end: SeatEnd;
  readonly notes: string[];
}

export interface Action {
  readonly seat: 0 | 1;
  readonly text: string;
}

const MOVES = new Set(['move', 'pmove', 'movedone', 'pmovedone']);
const DROPS = new Set(['dropb', 'pdropb']);
const PIECE_STEPS = new Set([...MOVES, ...DROPS, 'pick', 'pickb', 'drop', 'pass', 'passdone']);
const NO_PIECE = new Set(['start', 'reset', 'offerdraw', 'playwhite', 'playblack']);
const RACKS = /^[wb]s?$/i;

type Ending = { readonly kind: 'resign'; readonly seat: 0 | 1 } | { readonly kind: 'draw' };

interface Lifted {
  readonly piece?: string;
  readonly from?: Cell;
}

/** The turns of the steps, each counted at its `Done` (or in a `…Done` step); a turn left without one is dropped, noted. */
export function turnsOf(actions: readonly Action[]): Result<Turns> {
  const committed: Committed[] = [];
  const notes: string[] = [];
  const unknown = new Set<string>();
  let pending: (Committed & { readonly from?: Cell }) | null = null;
  let lifted: Lifted | null = null;
  let ending: Ending | null = null;
  let end: SeatEnd = { kind: 'none' };
  const commit = () => {
    if (pending) committed.push({ seat: pending.seat, source: pending.source, piece: pending.piece, cell: pending.cell });
    pending = null;
    lifted = null;
  };
  for (const { seat, text } of actions) {
    const words = text.trim().split(/\s+/);
    const verb = (words[0] ?? '').toLowerCase();
    const args = words.slice(1);
    const source = `P${seat} ${text.trim()}`;
    // A step refused (`refuse(…)`, or a piece's name refused), named by its turn: import.boardspace.turn, the step's refusal its cause.
    const bad = (refused: Result<unknown>): Result<Turns> => {
      const why = refused.ok ? new Error('refused') : refused.error;
      const turn = committed.length + 1;
      return err(
        new RulesRefusal(
          `turn ${turn} (${source}): ${why.message}`,
          { code: 'import.boardspace.turn', values: { turn, source: source.slice(0, 60) } },
          why,
        ),
      );
    };
    if (ending && PIECE_STEPS.has(verb))
      return bad(
        ending.kind === 'resign'
          ? refuse('import.boardspace.afterResign', 'a move after a resignation that was neither confirmed with Done nor withdrawn')
          : refuse('import.boardspace.afterDraw', 'a move after a draw was accepted and before its Done'),
      );
    if (verb === 'done') {
      if (ending) {
        end = ending;
        ending = null;
        pending = null;
        break;
      }
      commit();
    } else if (verb === 'pass' || verb === 'passdone') {
      pending = { seat, source, piece: null, cell: { col: 0, row: 0 } };
      if (verb === 'passdone') commit();
    } else if (MOVES.has(verb)) {
      // Move <colour> <piece> <col> <row> <ref>: the colour is the piece's; a piece named with its own
      // colour is taken as named.
      if (!/^[wb]$/i.test(args[0] ?? ''))
        return bad(
          refuse('import.boardspace.colour', `"${args[0] ?? ''}" is not a colour (W or B)`, { text: (args[0] ?? '').slice(0, 20) }),
        );
      const cell = parseCell(args[2], args[3]);
      if (args[1] === undefined || !cell)
        return bad(refuse('import.boardspace.moveWords', 'write a colour, a piece and a cell, such as "Move W wB1 M 14 ."'));
      const piece = pieceName(args[1], (args[0] as string).toLowerCase());
      if (!piece.ok) return bad(piece);
      pending = { seat, source, piece: piece.value, cell };
      lifted = null;
      if (verb.endsWith('done')) commit();
    } else if (DROPS.has(verb)) {
      // Dropb <piece> <col> <row> <ref>, or in older files Dropb <col> <row> of the lifted piece.
      let token: string | undefined;
      let cell: Cell | null = null;
      if (args[0] !== undefined && parseCell(args[1], args[2])) {
        token = args[0];
        cell = parseCell(args[1], args[2]);
      } else if (parseCell(args[0], args[1])) {
        cell = parseCell(args[0], args[1]);
        token = lifted?.piece;
        if (token === undefined)
          return bad(refuse('import.boardspace.dropAlone', 'a drop of a cell alone, with no piece lifted before it'));
      }
      if (!cell || token === undefined)
        return bad(refuse('import.boardspace.dropWords', 'write a piece and a cell, such as "Dropb wQ N 13 ."'));
      // A Pdropb moves a piece that is not the mover's: boardspace names it with its colour.
      if (verb === 'pdropb' && !/^[wb]/i.test(token))
        return bad(
          refuse('import.boardspace.pdropColour', `"${token}": a Pdropb names the piece with its colour (w or b)`, {
            text: token.slice(0, 20),
          }),
        );
      const piece = pieceName(token, '?');
      if (!piece.ok) return bad(piece);
      const from = lifted?.from;
      // Put down where it was lifted from: nothing moved.
      pending = sameCell(from, cell) ? null : { seat, source, piece: piece.value, cell, ...(from ? { from } : {}) };
      lifted = null;
    } else if (verb === 'pick') {
      // Pick <rack> <index> <piece> (older files: Pick <rack> <piece>); it also takes back what was put down.
      const rack = args[0] ?? '';
      const token = /^\d+$/.test(args[1] ?? '') ? args[2] : args[1];
      if (!RACKS.test(rack) || token === undefined)
        return bad(refuse('import.boardspace.pickWords', 'write the rack, its index and the piece, such as "Pick W 1 wA1"'));
      const piece = pieceName(token, rack[0] as string);
      if (!piece.ok) return bad(piece);
      pending = null;
      lifted = { piece: piece.value };
    } else if (verb === 'pickb') {
      // Pickb <col> <row> <piece>: lifting the piece put down this turn takes the drop back.
      const cell = parseCell(args[0], args[1]);
      if (!cell) return bad(refuse('import.boardspace.pickbWords', 'write the cell and the piece, such as "Pickb N 13 wS1"'));
      const current = pending as (Committed & { readonly from?: Cell }) | null;
      if (current && current.piece !== null && sameCell(current.cell, cell)) {
        lifted = { piece: current.piece, ...(current.from ? { from: current.from } : {}) };
        pending = null;
      } else {
        const piece = args[2] === undefined ? null : pieceName(args[2], '?');
        if (piece && !piece.ok) return bad(piece);
        lifted = { ...(piece ? { piece: piece.value } : {}), from: cell };
      }
    } else if (verb === 'drop') {
      // Back into the reserve: nothing placed.
      pending = null;
      lifted = null;
    } else if (verb === 'resign') {
      // Resign discards what is not confirmed; a second Resign withdraws it; Done confirms it.
      pending = null;
      lifted = null;
      const current = ending as Ending | null;
      ending = current?.kind === 'resign' && current.seat === seat ? null : { kind: 'resign', seat };
    } else if (verb === 'acceptdraw') {
      ending = (ending as Ending | null)?.kind === 'draw' ? null : { kind: 'draw' };
    } else if (verb === 'declinedraw') {
      if ((ending as Ending | null)?.kind === 'draw') ending = null;
    } else if (verb === 'winontime') {
      // boardspace gives the win to the side whose step ends the game on time.
      end = { kind: 'time', winner: seat };
      notes.push(`${source}: read as a win on time for P${seat}`);
      pending = null;
      break;
    } else if (verb === 'edit') {
      // A set-up position cannot be followed from the moves; an Edit before any turn changes nothing.
      if (committed.length > 0 || pending)
        return bad(refuse('import.boardspace.edited', 'the position is edited here (Edit): hexarena reads games, not set-up positions'));
    } else if (NO_PIECE.has(verb)) {
      // The start of play, a draw offer, taking back a step (Reset), a choice of colours: no piece moves.
    } else if (verb !== '') {
      unknown.add(verb.slice(0, 20));
    }
  }
  if (ending) end = ending;
  const left = pending as Committed | null;
  if (left) notes.push(`the last turn (${left.source}) has no "done", so it does not count`);
  if (unknown.size > 0) notes.push(`steps hexarena does not know were skipped: ${[...unknown].slice(0, 5).join(', ')}`);
  return ok({ committed, end, notes });
}
