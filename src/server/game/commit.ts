import type { AppendRefusal, GameStore } from '../store.ts';
import { RATINGS_CHANGED, type RatingChange } from '../store.ts';
import { endEvent, type Write } from './decide.ts';
import { ratingChange } from './ending.ts';
import type { Live, RoomEvent } from './table.ts';

/**
 * A decision's one write to the store, guarded by what the table was when it was decided (its moves,
 * departures and takebacks: the game's version, as the store checks it) — and, once written, the
 * table after it and the event it is told as.
 */

/** Times a rated end reads its players' ratings again when another game of theirs ended first. */
const MAX_RATING_TRIES = 10;

export type Committed =
  | { readonly ok: true; readonly diffs: readonly number[] | null }
  /** `refused`: why the store refused a move other than another writer's ply (none: the game changed first). */
  | { readonly ok: false; readonly refused?: Exclude<AppendRefusal, 'ply-taken'> };

const STALE: Committed = { ok: false };
const DONE: Committed = { ok: true, diffs: null };

/** Writes `w` to game `id`, as decided on `expected`. */
export async function commit(store: GameStore, expected: Live, w: Write): Promise<Committed> {
  const { stored } = expected;
  const plies = stored.moves.length;
  const ok = (written: boolean): Committed => (written ? DONE : STALE);
  switch (w.kind) {
    case 'move': {
      const refused = await store.games.append(stored.id, w.made, w.after);
      return refused === null ? DONE : refused === 'ply-taken' ? STALE : { ok: false, refused };
    }
    case 'depart':
      return ok(await store.games.depart(stored.id, w.departure, stored.departures.length, w.due));
    case 'offer':
      return ok(await store.games.setOffer(stored.id, w.offer, plies, stored.undone));
    case 'takeback':
      return ok(await store.games.takeBack(stored.id, w.toPly, plies, stored.undone, { deadline: null, due: w.due }));
    case 'berserk': {
      const before = stored.berserk ?? [];
      return ok(await store.games.berserk(stored.id, [...before, w.mark], plies, before, { deadline: w.deadline, due: w.due }));
    }
    case 'seat':
      return ok(await store.games.claimSeat(stored.id, w.seat, w.tokenHash, w.name, w.due, w.account, w.owner));
    case 'end':
      return end(store, stored.id, w);
  }
}

/** Ends the game, a rated one with its ratings read now: read again while another game of theirs ended first. */
async function end(store: GameStore, id: string, w: Extract<Write, { kind: 'end' }>): Promise<Committed> {
  let ratings: RatingChange | undefined;
  let ended: boolean | typeof RATINGS_CHANGED = RATINGS_CHANGED;
  for (let tries = 0; ended === RATINGS_CHANGED; tries++) {
    if (tries === MAX_RATING_TRIES) throw new Error(`game ${id}: the players' ratings kept changing while it ended`);
    ratings = w.rated ? await ratingChange(store, w.rated) : undefined;
    ended = await store.games.end(id, ratings ? { ...w.ending, ratings } : w.ending);
  }
  return ended ? { ok: true, diffs: ratings ? [...ratings.diffs] : null } : STALE;
}

/** The table after `w` was written, and its event (none for an offer or a seat). */
export function applied(live: Live, w: Write, diffs: readonly number[] | null): { live: Live; event: RoomEvent | null } {
  const { stored } = live;
  switch (w.kind) {
    case 'move':
      // A move lapses the standing offer (the store cleared it with the move).
      return {
        live: {
          ...live,
          stored: { ...stored, moves: [...stored.moves, w.made], offer: null },
          movers: [...live.movers, w.seat],
          state: w.next,
        },
        event: w.event,
      };
    case 'depart':
      return { live: { ...live, stored: { ...stored, departures: [...stored.departures, w.departure] } }, event: w.event };
    case 'berserk': {
      const berserk = [...(stored.berserk ?? []), w.mark];
      return { live: { ...live, stored: { ...stored, berserk, deadline: w.deadline, due: w.due } }, event: w.event };
    }
    case 'offer':
      return { live: { ...live, stored: { ...stored, offer: w.offer } }, event: null };
    case 'seat': {
      const seatNames = stored.seatNames.map((n, i) => (i === w.seat ? w.name : n));
      const seatAccounts = stored.seatAccounts.map((a, i) => (i === w.seat ? (w.account ?? null) : a));
      return { live: { ...live, stored: { ...stored, seatTokens: w.seatTokens, seatNames, seatAccounts } }, event: null };
    }
    case 'takeback': {
      const undone = stored.undone + (stored.moves.length - w.toPly) + 1;
      const moves = stored.moves.slice(0, w.toPly);
      const next = { ...stored, moves, undone, undoneAt: w.toPly, offer: null };
      return { live: { ...live, stored: next, movers: live.movers.slice(0, w.toPly), state: w.state }, event: w.event };
    }
    case 'end': {
      const ending = { result: w.ending.result, termination: w.ending.termination };
      const next = { ...stored, ending, offer: null, ratingDiffs: diffs ? [...diffs] : null };
      return { live: { ...live, stored: next }, event: endEvent(w.version, w.outcome, w.ending.termination, diffs) };
    }
  }
}
