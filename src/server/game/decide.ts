import type { Outcome, Player } from '../../engine/game.ts';
import { playMoves } from '../../engine/record.ts';
import { passingMove } from '../../engine/resign.ts';
import type { Answer, Refusal } from '../../protocols/wire/index.ts';
import type { RatedGame } from '../../ratings/game-end.ts';
import {
  hasLeft,
  afterMove as judgeAfterMove,
  judgeClaim,
  judgeMove,
  judgeSeat,
  judgeStillPlaying,
  lateness,
  mayAct,
  outcomeWithoutThem,
  playsOnWithout,
  waiting,
} from '../arbiter.ts';
import { openingLineOf } from '../explorer.ts';
import { judgeAbort, judgeAwayClaim, judgeOffer, judgeReply, type OfferKind, standingOffer, takebackPly } from '../manners.ts';
import { ONE_SEAT_ERROR, ONE_SEAT_PER_ACCOUNT } from '../owners.ts';
import type { AfterMove, Departure, GameEnding, Offer, StoredMove } from '../store.ts';
import { ratedGameOf } from './ending.ts';
import {
  aiToMoveIn,
  dueAfter,
  leaveEvent,
  moveEvent,
  outcomeJson,
  type RoomEvent,
  seatName,
  spokenDuration,
  type Table,
  timedMoves,
} from './table.ts';

/**
 * The one decision: what an intent (a player's, a bot's, the server's own) does to a table at `now`
 * — a refusal, or the one write to make and the event it is told as. Pure: no store, no queue, no
 * clock of its own; the room (room.ts) commits what it decides, and asks again after a conflict.
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
  | (Seated & { readonly kind: 'claim'; readonly result: 'win' | 'draw' });

/** What the server itself does: its pass for a player who left, what follows a move, a seat closed. */
export type ServerIntent =
  | { readonly kind: 'pass' }
  | { readonly kind: 'follow' }
  | { readonly kind: 'depart'; readonly seat: Player; readonly termination: 'closed' | 'banned' };

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
  | { readonly kind: 'refuse'; readonly refusal: Refusal; readonly error: string; readonly code?: string }
  /** A retry of a move already made: its answer again. */
  | { readonly kind: 'answered'; readonly answer: Answer }
  /** The table may be behind the store (another instance): read it, then decide again. */
  | { readonly kind: 'reload' }
  /** Nothing to do. */
  | { readonly kind: 'none' }
  /** Allowed, and nothing to write: a rematch, or a line of chat (`players`: in the players' chat, said for the seat). */
  | { readonly kind: 'admit'; readonly players?: { readonly author: string; readonly account: string | null } }
  | { readonly kind: 'write'; readonly write: Write; readonly stale: OnStale };

const refuse = (refusal: Refusal, error: string): Decision => ({ kind: 'refuse', refusal, error });
const NONE: Decision = { kind: 'none' };
const RELOAD: Decision = { kind: 'reload' };
const LOOK_AGAIN: Exclude<OnStale, 'again'> = { refusal: 'stale', error: 'the game changed first: look again' };
const write = (w: Write, stale: OnStale = LOOK_AGAIN): Decision => ({ kind: 'write', write: w, stale });

/** The offer standing in `stored`, if it still stands (it lapses at the next move). */
export function standingOfferOf(stored: Table['stored']): { readonly kind: OfferKind; readonly seat: Player } | null {
  const offer = stored.offer;
  return offer && offer.ply === stored.moves.length ? { kind: offer.kind, seat: offer.seat } : null;
}

export const over = (table: Table): boolean => table.stored.ending !== null;
const other = (seat: Player): Player => (seat === 0 ? 1 : 0);

/** Whether `credential` (a seat token, an account) holds a person's `seat`. */
export const holds = (table: Table, seat: Player, credential: unknown): boolean =>
  table.stored.seats[seat] === 'open' && mayAct(table, seat, credential);

/** What `intent` does to `table` at `now`. */
export function decide(table: Table, intent: AnyIntent, now: number): Decision {
  switch (intent.kind) {
    case 'flag':
      return over(table) ? NONE : (passTurn(table, now) ?? late(table, now));
    case 'pass':
      return passTurn(table, now) ?? NONE;
    case 'follow':
      return follow(table, now);
    case 'depart':
      return departSeat(table, intent, now);
    case 'seat':
      return takeSeat(table, intent, now);
    case 'rematch':
      return rematch(table, intent);
    case 'chat':
      return chat(table, intent);
    case 'resign':
      if (intent.again) return resignAgain(table, intent.seat, now);
      return (
        seated(table, intent, now) ?? leave(table, intent.seat, 'resignation', `${seatName(table, intent.seat)} resigned`, now, 'again')
      );
    case 'move':
      return seated(table, intent, now) ?? move(table, intent, now);
    default:
      return seated(table, intent, now) ?? manners(table, intent, now);
  }
}

/** An intent for a seat: a seat of the game, its holder's, still playing — or the refusal, or a retry's answer. */
function seated(table: Table, intent: (Intent & Seated) | MannerIntent, _now: number): Decision | null {
  const noSeat = judgeSeat(table, intent.seat);
  if (noSeat) return refuse(noSeat.refusal, noSeat.error);
  const may = mayAct(table, intent.seat, intent.token);
  // A seat may have been taken through another instance since this table was read: look again once.
  if (!may && !table.fresh && table.stored.seats[intent.seat] === 'open') return RELOAD;
  // Only the seat's holder is answered for its moves, retries included.
  if (!may) return refuse('bad-token', `that is not ${seatName(table, intent.seat)}'s token`);
  if (intent.kind === 'move' && intent.clientId !== undefined) {
    const earlier = table.answered.get(`${intent.seat}/${intent.clientId}`);
    // A retry is the same move against the same version; the same id on another move is a mistake,
    // never an acknowledgement of a move that was not played.
    if (earlier && (earlier.version !== intent.version || !sameMove(table, earlier, intent.move)))
      return refuse(
        'illegal',
        `the id ${JSON.stringify(intent.clientId)} was given to another move (${earlier.move} at version ${earlier.version}): give each move an id of its own`,
      );
    if (earlier?.answer.ok) return { kind: 'answered', answer: { ...earlier.answer, duplicate: true } };
  }
  const out = judgeStillPlaying(table, intent.seat);
  return out ? refuse(out.refusal, out.error) : null;
}

/**
 * Whether `text` is the move `earlier` made: the text the client sent, or the same move spelled
 * otherwise ("B2" for "b2"; after a restart only the store's spelling is known).
 */
function sameMove(table: Table, earlier: { move: string; text?: string; ply: number }, text: string): boolean {
  if (text === earlier.text || text === earlier.move) return true;
  if (typeof text !== 'string' || text.length > 200) return false;
  // Read in the position it was made in, replayed: a retry spelled otherwise is rare, a move is not.
  const { game, options, stored } = table;
  const played = playMoves(
    game,
    options,
    stored.seed,
    stored.moves.slice(0, earlier.ply).map((m) => m.move),
  );
  if (!played.ok) return false;
  const before = played.value.states.at(-1);
  const parsed = game.parseMove(before, text);
  return parsed.ok && game.formatMove(before, parsed.value) === earlier.move;
}

const MOVE_STALE: OnStale = { refusal: 'stale', error: 'the game changed first (another move was made, or a player left)' };

function move(table: Table, intent: Extract<Intent, { kind: 'move' }>, now: number): Decision {
  // The client saw a version this table has not: another instance moved the game on and its notice
  // has not come (Redis away a moment). The store has it: catch up, then judge.
  if (Number.isInteger(intent.version) && intent.version > table.version && !table.fresh) return RELOAD;
  const judged = judgeMove(table, intent.seat, intent.move, intent.version);
  if ('refusal' in judged) return refuse(judged.refusal, judged.error);
  const made = moveWrite(table, intent.seat, judged.move, now, intent.clientId);
  return write({ ...made, client: { text: intent.move, version: intent.version } }, MOVE_STALE);
}

/** The write of `move` (legal, by `seat`, the player to move): the move, its event, the deadline and due time after it. */
function moveWrite(table: Table, seat: Player, chosen: unknown, now: number, clientId?: string): Extract<Write, { kind: 'move' }> {
  const { game, state, stored, rules } = table;
  const made: StoredMove = {
    ply: stored.moves.length,
    move: game.formatMove(state, chosen),
    at: now,
    ...(clientId === undefined ? {} : { clientId }),
  };
  const next = game.play(state, chosen);
  const timed = [...timedMoves(stored, table.movers), { seat, at: made.at }];
  const event = moveEvent(game, stored, table.version + 1, made, seat, next, timed);
  // The deadline that follows the move is stored with it, so a restart keeps every clock.
  const deadline = event.kind === 'move' && event.clock ? event.clock.deadline : null;
  const due = dueAfter(table, next, made.at, deadline, stored.moves.length + 1);
  // The server's turn at once: claimed with the move, so no other instance's sweep takes it meanwhile.
  const claim =
    due !== null && aiToMoveIn(table, next) && rules.instance !== undefined && rules.leaseMs !== undefined
      ? { owner: rules.instance, until: made.at + rules.leaseMs }
      : null;
  const after: AfterMove = { deadline, due, claim, departed: stored.departures.length, undone: stored.undone };
  return { kind: 'move', seat, made, next, event, after };
}

/** The server's move for a player who left, when it is theirs: the game's pass (DiceWars's `end`). */
function passTurn(table: Table, now: number): Decision | null {
  const { game, state } = table;
  const seat = over(table) ? null : game.toMove(state);
  if (seat === null || !hasLeft(table.stored, seat) || game.result(state) !== null) return null;
  const pass = passingMove(game, state);
  // Nobody leaves a game that cannot pass a turn (playsOnWithout): this is a broken invariant.
  if (pass === null) throw new Error(`${seatName(table, seat)} left game ${table.stored.id}, and no move passes their turn`);
  return write(moveWrite(table, seat, pass, now));
}

/** What follows a move at once: the ending it brings, or the turns of players who left. */
function follow(table: Table, now: number): Decision {
  const next = judgeAfterMove(table, table.passes, table.rules.aiGameMoves);
  if (next?.kind === 'end') return end(table, next.outcome, next.termination, now);
  return next?.kind === 'pass' ? (passTurn(table, now) ?? NONE) : NONE;
}

/**
 * The player to move has run out of time, or (untimed) let the game sleep past the limit: they are
 * out of it (the game ends, or goes on without them).
 */
function late(table: Table, now: number): Decision {
  const lateBy = lateness(table, now);
  if (lateBy === null) return NONE;
  const name = (seat: Player) => seatName(table, seat);
  if (lateBy.kind === 'time') return leave(table, lateBy.seat, 'time', `${name(lateBy.seat)} ran out of time`, now);
  // A paired (or challenged) player who never started: aborted, as lichess aborts; nobody is rated.
  if (lateBy.kind === 'no-start') {
    const reason = `${name(lateBy.seat)} made no first move in ${spokenDuration(table.firstMoveMs)}: the game is aborted`;
    return end(table, { kind: 'draw', reason }, 'aborted', now);
  }
  // Nobody came for an open seat: the game is called off, and nobody wins it against nobody.
  if (lateBy.kind === 'called-off') {
    const reason = `nobody took the open seat in ${spokenDuration(table.abandonAfterMs)}: the game is called off`;
    return end(table, { kind: 'draw', reason }, 'aborted', now);
  }
  return leave(table, lateBy.seat, 'abandoned', `${name(lateBy.seat)} did not move for ${spokenDuration(table.abandonAfterMs)}`, now);
}

/**
 * `seat`'s player is out of the game (resigned, ran out of time, stayed away): a game of two ends,
 * and so does one of more where fewer than two players would still be playing or no move passes a
 * turn. Else it goes on without them: the departure is stored, and the server passes their turns.
 */
function leave(table: Table, seat: Player, termination: string, reason: string, now: number, stale: OnStale = LOOK_AGAIN): Decision {
  const left = [...table.stored.departures.map((d) => d.seat), seat];
  if (!playsOnWithout(table, left, table.passes)) return end(table, outcomeWithoutThem(table, left, reason), termination, now, stale);
  const departure: Departure = { seat, plies: table.stored.moves.length, at: now, termination };
  // Their turn now: passed at once, and due at once should this process stop before it is.
  const due = table.game.toMove(table.state) === seat ? departure.at : undefined;
  const event = leaveEvent(table, table.version + 1, departure);
  return write({ kind: 'depart', departure, ...(due === undefined ? {} : { due }), event }, stale);
}

/** A resignation asked again after the store had changed first. */
function resignAgain(table: Table, seat: Player, now: number): Decision {
  if (over(table)) return refuse('game-over', 'the game is over');
  if (hasLeft(table.stored, seat)) return refuse('game-over', `${seatName(table, seat)} left this game already`);
  return leave(table, seat, 'resignation', `${seatName(table, seat)} resigned`, now, 'again');
}

/**
 * Ends the game after the moves this table knows (the first ending wins, and none decided on a
 * position that is gone); a rated game's ratings are worked out when it is written.
 */
function end(table: Table, outcome: Outcome, termination: string, now: number, stale: OnStale = LOOK_AGAIN): Decision {
  const { stored } = table;
  const result = outcomeJson(outcome);
  const rated = ratedGameOf(table, outcome, termination, now);
  // The opening explorer counts the game in the same write (or marks it as not counted): nothing is
  // left for a crash to lose, and a game ends once, so it is counted once.
  const moves = stored.moves.map((m) => m.move);
  const opening = openingLineOf(stored, moves, result, termination);
  const plies = stored.moves.length;
  const ending: GameEnding = { result, termination, plies, departed: stored.departures.length, undone: stored.undone, opening };
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

function manners(table: Table, intent: MannerIntent, now: number): Decision {
  const { seat } = intent;
  const name = seatName(table, seat);
  switch (intent.kind) {
    case 'abort': {
      const no = judgeAbort(table, seat, table.movers);
      return no ? refuse(no.refusal, no.error) : end(table, { kind: 'draw', reason: `${name} aborted the game` }, 'aborted', now);
    }
    case 'claim': {
      const them = other(seat);
      const no = judgeAwayClaim(table, seat, table.goneSince(them), now, table.rules.claimAfterMs);
      if (no) return refuse(no.refusal, no.error);
      const away = `${seatName(table, them)} left the game`;
      const outcome: Outcome = intent.result === 'win' ? { kind: 'win', winner: seat, reason: away } : { kind: 'draw', reason: away };
      return end(table, outcome, 'abandoned', now);
    }
    case 'offer':
      return offer(table, seat, intent.offer, now);
    case 'reply': {
      const no = judgeReply(table, seat, intent.offer);
      if (no) return refuse(no.refusal, no.error);
      return intent.accept ? agree(table, seat, intent.offer, now) : write({ kind: 'offer', offer: null });
    }
  }
}

function offer(table: Table, seat: Player, kind: OfferKind, now: number): Decision {
  const { stored } = table;
  const them = other(seat);
  // The other seat may have been taken on another instance since this table was read.
  if (stored.seats[them] === 'open' && stored.seatTokens[them] === null && !table.fresh) return RELOAD;
  const no = judgeOffer(table, seat, kind, table.movers);
  if (no) return refuse(no.refusal, no.error);
  const standing = standingOffer(table);
  // Offering what the other player offers is agreeing to it.
  if (standing && standing.kind === kind) return agree(table, seat, kind, now);
  // The server's AI plays on (it takes no draw: the shared rule says so), and lets a person take a move back.
  if (stored.seats[them] !== 'open') return takeBack(table, seat, now);
  return write({ kind: 'offer', offer: { kind, seat, ply: stored.moves.length } });
}

/** `seat` agrees to the standing offer of `kind`: the game is drawn, or taken back for the asker. */
function agree(table: Table, seat: Player, kind: OfferKind, now: number): Decision {
  if (kind === 'draw') return end(table, { kind: 'draw', reason: 'agreed' }, 'agreement', now);
  return takeBack(table, standingOffer(table)?.seat ?? other(seat), now);
}

/** Takes the game back to before `seat`'s last move. */
function takeBack(table: Table, seat: Player, now: number): Decision {
  const { game, options, stored } = table;
  const toPly = takebackPly(table.movers, seat);
  if (toPly === null) return refuse(LOOK_AGAIN.refusal, LOOK_AGAIN.error);
  const played = playMoves(
    game,
    options,
    stored.seed,
    stored.moves.slice(0, toPly).map((m) => m.move),
  );
  if (!played.ok) throw new Error(`game ${stored.id}: ${played.error.message}`);
  const state = played.value.states.at(-1);
  const lastAt = stored.moves[toPly - 1]?.at ?? stored.createdAt;
  // Untimed (takebacks are): due only when the game would count as abandoned, or at once for an AI.
  const due = dueAfter(table, state, Math.max(lastAt, now), null, toPly);
  return write({ kind: 'takeback', toPly, state, due, event: { version: table.version + 1, kind: 'takeback', ply: toPly } });
}

/**
 * The seat's player is gone from the site (their account closed, or banned): a game still waiting
 * for players is called off, a game of two with fewer than two moves aborted, else they leave as by
 * resignation. A game over, or a seat already left, is left as it is.
 */
function departSeat(table: Table, intent: Extract<ServerIntent, { kind: 'depart' }>, now: number): Decision {
  const { seat, termination } = intent;
  const { stored } = table;
  if (over(table) || hasLeft(stored, seat) || stored.seats[seat] !== 'open') return NONE;
  const gone = `${seatName(table, seat)}: ${termination === 'closed' ? 'account closed' : 'banned'}`;
  if (waiting(stored) || (stored.seats.length === 2 && stored.moves.length < 2))
    return end(table, { kind: 'draw', reason: `${gone}, the game is aborted` }, 'aborted', now, 'again');
  return leave(table, seat, termination, gone, now, 'again');
}

/** A person (or a bot, by its token's hash) taking an open seat. */
function takeSeat(table: Table, intent: Extract<TableIntent, { kind: 'seat' }>, now: number): Decision {
  const aiToMove = !over(table) && aiToMoveIn(table, table.state) !== null;
  const judged = judgeClaim(table, intent.seat, intent.tokenHash, aiToMove);
  if ('error' in judged) return refuse('illegal', judged.error);
  const { kind: _, ...asked } = intent;
  return write({ kind: 'seat', ...asked, seatTokens: judged.seatTokens, ...(judged.starts ? { due: now } : {}) }, 'again');
}

/** Why a seat was not taken when the store said no, as the table read again after it says. */
export function seatNotTaken(table: Table, seat: Player, owner: string | undefined): { error: string; code?: string } {
  if (owner !== undefined && !over(table) && table.stored.seatTokens[seat] === null)
    return { error: ONE_SEAT_ERROR, code: ONE_SEAT_PER_ACCOUNT };
  return { error: over(table) ? 'the game is over: its seats stay as they were played' : `${seatName(table, seat)} is taken` };
}

/** A rematch is asked by a seat's holder, once the game is over. */
function rematch(table: Table, intent: Extract<TableIntent, { kind: 'rematch' }>): Decision {
  const holder = holds(table, intent.seat, intent.credential);
  // The game may have ended, or the seat been taken, through another instance a moment ago.
  if ((!over(table) || !holder) && !table.fresh) return RELOAD;
  if (!holder) return refuse('bad-token', `that is not ${seatName(table, intent.seat)}'s token`);
  if (!over(table)) return refuse('illegal', 'the game is still on: a rematch follows its end');
  return { kind: 'admit' };
}

/** A line of chat: a seat's token speaks in the players' chat, for the seat; anyone else in their socket's. */
function chat(table: Table, intent: Extract<TableIntent, { kind: 'chat' }>): Decision {
  const { seat, token } = intent;
  const byToken = seat !== undefined && token !== undefined && holds(table, seat, token);
  if (token !== undefined && !byToken) return refuse('bad-token', 'that is not the seat’s token');
  if (!byToken || seat === undefined) return { kind: 'admit' };
  const { stored } = table;
  return {
    kind: 'admit',
    players: { author: stored.seatNames[seat] ?? seatName(table, seat), account: stored.seatAccounts[seat] ?? null },
  };
}
