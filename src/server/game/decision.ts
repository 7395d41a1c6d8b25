import type { Outcome, Player } from '@hexarena/engines/engine/game.ts';
import type { Why } from '@hexarena/engines/engine/refusal.ts';
import type { Answer, MessageErrorCode, Refusal } from '@hexarena/engines/protocol/index.ts';
import type { RatedGame } from '@hexarena/engines/ratings/game-end.ts';
import { type CodedRefusal, mayAct, outcomeWithoutThem, playsOnWithout } from '../arbiter.ts';
import { gamePositionsOf, openingLineOf } from '../explorer.ts';
import type { OfferKind } from '../manners.ts';
import type { AfterMove, Berserk, Departure, GameEnding, Offer, StoredMove } from '../store.ts';
import { ratedGameOf } from './ending.ts';
import { leaveEvent, outcomeJson, type RoomEvent, type Table } from './table.ts';

/**
 * What the one decision (decide.ts) speaks in: the intents it is asked, the decisions it gives —
 * a refusal, or the one write to make and what to answer if the store changed first — and the two
 * outcomes every kind of intent may come to: a player leaving, the game's end.
 */

type Seated = { readonly seat: Player; readonly token: unknown };

export type Intent =
  | (Seated & {
      readonly kind: 'move';
      readonly move: string;
      /** The version the client saw: a move against another is stale. */
      readonly version: number;
      /** The client's own id for this move: a retry with the same id is acknowledged, not played twice. */
      readonly clientId?: string;
    })
  /** `again`: the resignation's first write found the game changed; asked once more, as it is now. */
  | (Seated & { readonly kind: 'resign'; readonly again?: boolean })
  /**
   * The server's check, once the game is due: the running player has lost on time if the deadline
   * has passed, or the player to move has abandoned the game if nobody moved for too long.
   */
  | { readonly kind: 'flag' };

/** What players ask of each other and of the game besides moves: offers, answers, an abort, a claim. */
export type MannerIntent =
  | (Seated & { readonly kind: 'offer'; readonly offer: OfferKind })
  | (Seated & { readonly kind: 'reply'; readonly offer: OfferKind; readonly accept: boolean })
  | (Seated & { readonly kind: 'abort' })
  | (Seated & { readonly kind: 'claim'; readonly result: 'win' | 'draw' })
  /** An arena's player gives up half their clock, before their first move (game/berserk.ts). */
  | (Seated & { readonly kind: 'berserk' });

/** What the server itself does: its pass for a player who left, what follows a move, a seat closed. */
export type ServerIntent =
  | { readonly kind: 'pass' }
  | { readonly kind: 'follow' }
  | { readonly kind: 'depart'; readonly seat: Player; readonly termination: 'closed' | 'banned' }
  /** A move of a seat's forecast (game/forecast.ts), played for it when the game came to it. */
  | { readonly kind: 'forecast'; readonly seat: Player; readonly move: string };

/** Asks that change no game but are judged from it: a seat taken, a rematch, a line of chat. */
export type TableIntent =
  | {
      readonly kind: 'seat';
      readonly seat: Player;
      readonly name: string | null;
      readonly tokenHash: string;
      readonly account?: string;
      readonly owner?: string;
    }
  | { readonly kind: 'rematch'; readonly seat: Player; readonly credential: unknown }
  | { readonly kind: 'chat'; readonly seat?: Player; readonly token?: unknown };

export type AnyIntent = Intent | MannerIntent | ServerIntent | TableIntent;

/** What to answer when the store had changed first: a refusal, or 'again' (decide once more). */
export type OnStale = { readonly refusal: Refusal; readonly error: string } | 'again';

/** One write, and the event it makes once committed. */
export type Write =
  | {
      readonly kind: 'move';
      readonly seat: Player;
      readonly made: StoredMove;
      readonly next: unknown;
      readonly event: RoomEvent;
      readonly after: AfterMove;
      /** A client's move: the text it sent and the version it saw, remembered for its retries. */
      readonly client?: { readonly text: string; readonly version: number };
    }
  | { readonly kind: 'depart'; readonly departure: Departure; readonly due?: number; readonly event: RoomEvent }
  | {
      readonly kind: 'end';
      readonly outcome: Outcome;
      readonly ending: GameEnding;
      readonly rated?: RatedGame;
      /** The version its event will have. */
      readonly version: number;
    }
  | { readonly kind: 'offer'; readonly offer: Offer | null }
  | { readonly kind: 'takeback'; readonly toPly: number; readonly state: unknown; readonly due: number | null; readonly event: RoomEvent }
  | {
      readonly kind: 'berserk';
      readonly mark: Berserk;
      readonly deadline: number | null;
      readonly due: number | null;
      readonly event: RoomEvent;
    }
  | {
      readonly kind: 'seat';
      readonly seat: Player;
      readonly name: string | null;
      readonly tokenHash: string;
      readonly seatTokens: readonly (string | null)[];
      readonly due?: number;
      readonly account?: string;
      readonly owner?: string;
    };

export type Decision =
  | {
      readonly kind: 'refuse';
      readonly refusal: Refusal;
      readonly error: string;
      /** The socket's code (a berserk's). */
      readonly code?: MessageErrorCode;
      /** The code and values of an ask answered over HTTP (a seat, a rematch), decided with the words. */
      readonly why?: Why;
    }
  /** A retry of a move already made: its answer again. */
  | { readonly kind: 'answered'; readonly answer: Answer }
  /** The table may be behind the store (another instance): read it, then decide again. */
  | { readonly kind: 'reload' }
  /** Nothing to do. */
  | { readonly kind: 'none' }
  /** Allowed, and nothing to write: a rematch, or a line of chat (`players`: in the players' chat, said for the seat). */
  | { readonly kind: 'admit'; readonly players?: { readonly author: string; readonly account: string | null } }
  | { readonly kind: 'write'; readonly write: Write; readonly stale: OnStale };

export const refuse = (refusal: Refusal, error: string, why?: Why): Decision => ({
  kind: 'refuse',
  refusal,
  error,
  ...(why === undefined ? {} : { why }),
});
/** A refusal of an ask answered over HTTP, with the code decided with its words (a seat's, a rematch's). */
export function codedRefusal(d: Extract<Decision, { kind: 'refuse' }>): CodedRefusal {
  if (d.why === undefined) throw new Error(`an ask answered over HTTP was refused without its code: ${d.error}`);
  return { error: d.error, ...d.why };
}
export const NONE: Decision = { kind: 'none' };
export const RELOAD: Decision = { kind: 'reload' };
export const LOOK_AGAIN: Exclude<OnStale, 'again'> = { refusal: 'stale', error: 'the game changed first: look again' };
export const write = (w: Write, stale: OnStale = LOOK_AGAIN): Decision => ({ kind: 'write', write: w, stale });

/** The offer standing in `stored`, if it still stands (it lapses at the next move). */
export function standingOfferOf(stored: Table['stored']): { readonly kind: OfferKind; readonly seat: Player } | null {
  const offer = stored.offer;
  return offer && offer.ply === stored.moves.length ? { kind: offer.kind, seat: offer.seat } : null;
}

export const over = (table: Table): boolean => table.stored.ending !== null;
export const other = (seat: Player): Player => (seat === 0 ? 1 : 0);

/** Whether `credential` (a seat token, an account) holds a person's `seat`. */
export const holds = (table: Table, seat: Player, credential: unknown): boolean =>
  table.stored.seats[seat] === 'open' && mayAct(table, seat, credential);

/**
 * `seat`'s player is out of the game (resigned, ran out of time, stayed away): a game of two ends,
 * and so does one of more where fewer than two players would still be playing or no move passes a
 * turn. Else it goes on without them: the departure is stored, and the server passes their turns.
 */
export function leave(table: Table, seat: Player, termination: string, reason: string, now: number, stale: OnStale = LOOK_AGAIN): Decision {
  const left = [...table.stored.departures.map((d) => d.seat), seat];
  if (!playsOnWithout(table, left, table.passes)) return end(table, outcomeWithoutThem(table, left, reason), termination, now, stale);
  const departure: Departure = { seat, plies: table.stored.moves.length, at: now, termination };
  // Their turn now: passed at once, and due at once should this process stop before it is.
  const due = table.game.toMove(table.state) === seat ? departure.at : undefined;
  const event = leaveEvent(table, table.version + 1, departure);
  return write({ kind: 'depart', departure, ...(due === undefined ? {} : { due }), event }, stale);
}

/**
 * Ends the game after the moves this table knows (the first ending wins, and none decided on a
 * position that is gone); a rated game's ratings are worked out when it is written.
 */
export function end(table: Table, outcome: Outcome, termination: string, now: number, stale: OnStale = LOOK_AGAIN): Decision {
  const { stored } = table;
  const result = outcomeJson(outcome);
  const rated = ratedGameOf(table, outcome, termination, now);
  // The opening explorer counts the game in the same write (or marks it as not counted): nothing is
  // left for a crash to lose, and a game ends once, so it is counted once.
  const moves = stored.moves.map((m) => m.move);
  const opening = openingLineOf(stored, moves, result, termination);
  // The games database keys the positions it reached in the same write, for its search by position.
  const positions = termination === 'aborted' ? null : gamePositionsOf(stored, moves, opening);
  const plies = stored.moves.length;
  const ending: GameEnding = {
    result,
    termination,
    plies,
    departed: stored.departures.length,
    undone: stored.undone,
    ...(stored.berserk ? { berserked: stored.berserk } : {}),
    opening,
    positions,
  };
  return write({ kind: 'end', outcome, ending, ...(rated ? { rated } : {}), version: table.version + 1 }, stale);
}

/** The event of an end once written, with the rating changes it made. */
export const endEvent = (version: number, outcome: Outcome, termination: string, diffs: readonly number[] | null): RoomEvent => ({
  version,
  kind: 'end',
  result: outcome,
  termination,
  ...(diffs ? { ratingDiffs: diffs } : {}),
});
