import type { Json, Outcome } from '../engine/game.ts';
import { parseOutcome } from '../engine/record.ts';
import { fail, ok, type Result } from '../engine/result.ts';
import {
  type Answer,
  type BotStreamMessage,
  type ChatMessage,
  type ClientMessage,
  type ClockInfo,
  type ClockReading,
  type Ending,
  type GameEvent,
  MAX_CHAT,
  MAX_FORECAST_LINES,
  MAX_FORECAST_PLIES,
  MAX_MESSAGE_ID,
  MESSAGE_ERROR_CODES,
  type MessageErrorCode,
  type PublicGame,
  REFUSALS,
  type Refusal,
  type SeatInfo,
  type ServerMessage,
} from './messages.ts';

/**
 * One parse a direction: the server reads what clients send with parseClientMessage, clients what
 * the server sends with parseServerMessage. Each checks every field it hands on and says what is
 * wrong in words; nothing is cast through.
 */

type Fields = Readonly<Record<string, unknown>>;

const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isTime = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isText = (x: unknown): x is string => typeof x === 'string';
const isJson = (x: unknown): x is Json => x !== undefined;

/** The JSON of a message, or why it is none. */
export function objectOf(text: string): Result<Fields> {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return fail('a message must be JSON');
  }
  return isObject(m) ? ok(m) : fail('a message is a JSON object with a "type"');
}

/** The message's own id, when it gives one a client may (at most 64 characters). */
const idOf = (o: Fields): { id?: string } => (isText(o.id) && o.id.length <= MAX_MESSAGE_ID ? { id: o.id } : {});

/** A player's message: a move or a resignation, every field checked; else what is wrong, in words. */
export function parseClientMessage(text: string): Result<ClientMessage> {
  const parsed = objectOf(text);
  return parsed.ok ? clientMessageOf(parsed.value) : parsed;
}

/**
 * A player's message read with one JSON parse, as the server reads each: the id it gives (read even
 * from one otherwise wrong: its error answer carries it back) and the message, checked.
 */
export function readClientMessage(text: string): { readonly id: string | undefined; readonly message: Result<ClientMessage> } {
  const parsed = objectOf(text);
  if (!parsed.ok) return { id: undefined, message: parsed };
  return { id: idOf(parsed.value).id, message: clientMessageOf(parsed.value) };
}

function clientMessageOf(o: Fields): Result<ClientMessage> {
  if (o.type === 'chat') {
    // Blank or unshowable text is the server's to refuse, with its own code (names.ts).
    if (!isText(o.text)) return fail('"text" must be what you say');
    if ([...o.text].length > MAX_CHAT) return fail(`a chat line is at most ${MAX_CHAT} characters`);
    if (o.seat !== undefined && !Number.isInteger(o.seat)) return fail('"seat" must be a seat number');
    if (o.token !== undefined && !isText(o.token)) return fail('"token" must be your seat token');
    return ok({
      type: 'chat',
      text: o.text,
      ...(o.seat === undefined ? {} : { seat: o.seat as number }),
      ...(isText(o.token) ? { token: o.token } : {}),
      ...idOf(o),
    });
  }
  if (!Number.isInteger(o.seat)) return fail('"seat" must be a seat number');
  if (o.token !== undefined && !isText(o.token)) return fail('"token" must be your seat token (or none, for your session\'s seats)');
  const seat = o.seat as number;
  const token = isText(o.token) ? { token: o.token } : {};
  if (o.type === 'resign') return ok({ type: 'resign', seat, ...token, ...idOf(o) });
  if (o.type === 'abort') return ok({ type: 'abort', seat, ...token, ...idOf(o) });
  if (o.type === 'berserk') return ok({ type: 'berserk', seat, ...token, ...idOf(o) });
  if (o.type === 'offer' || o.type === 'reply') {
    if (o.offer !== 'draw' && o.offer !== 'takeback') return fail('"offer" must be "draw" or "takeback"');
    if (o.type === 'offer') return ok({ type: 'offer', offer: o.offer, seat, ...token, ...idOf(o) });
    if (typeof o.accept !== 'boolean') return fail('"accept" must be true or false');
    return ok({ type: 'reply', offer: o.offer, accept: o.accept, seat, ...token, ...idOf(o) });
  }
  if (o.type === 'forecast') return forecastOf(o, seat, token);
  if (o.type === 'claim') {
    if (o.result !== 'win' && o.result !== 'draw') return fail('"result" must be "win" or "draw"');
    return ok({ type: 'claim', result: o.result, seat, ...token, ...idOf(o) });
  }
  if (o.type !== 'move')
    return fail(
      `unknown message type ${JSON.stringify(String(o.type)).slice(0, 40)} (move, resign, offer, reply, abort, claim, berserk, forecast or chat)`,
    );
  if (!isText(o.move)) return fail('"move" must be a move in the game’s notation');
  if (!Number.isInteger(o.version)) return fail('"version" must be the version of the game you saw');
  return ok({ type: 'move', seat, ...token, move: o.move, version: o.version as number, ...idOf(o) });
}

/** A forecast left or asked for: its lines, when given, a few short lists of moves. */
function forecastOf(o: Fields, seat: number, token: { token?: string }): Result<ClientMessage> {
  if (o.lines === undefined) return ok({ type: 'forecast', seat, ...token, ...idOf(o) });
  const lines = o.lines;
  if (!Array.isArray(lines) || lines.length > MAX_FORECAST_LINES)
    return fail(`"lines" must be a list of at most ${MAX_FORECAST_LINES} lines, each a list of moves`);
  for (const line of lines)
    if (!Array.isArray(line) || line.length === 0 || line.length > MAX_FORECAST_PLIES || !line.every((m) => isText(m) && m.length <= 200))
      return fail(`each line of "lines" must be a list of 1 to ${MAX_FORECAST_PLIES} moves in the game’s notation`);
  return ok({ type: 'forecast', seat, ...token, lines: lines as string[][], ...idOf(o) });
}

/** The id a message gives, read even from one that is otherwise wrong (its error answer carries it back). */
export function messageId(text: string): string | undefined {
  const parsed = objectOf(text);
  return parsed.ok ? idOf(parsed.value).id : undefined;
}

function clockReading(x: unknown): ClockReading | null {
  if (!isObject(x) || !Array.isArray(x.remainingMs) || !x.remainingMs.every(isTime)) return null;
  const { running, since, deadline } = x;
  if (!(running === null || isCount(running)) || !(since === null || isTime(since)) || !(deadline === null || isTime(deadline)))
    return null;
  return { remainingMs: x.remainingMs, running, since, deadline };
}

function clockInfo(x: unknown): ClockInfo | null {
  const reading = clockReading(x);
  if (!reading || !isObject(x) || !isCount(x.initialMs) || !isCount(x.incrementMs)) return null;
  return { ...reading, initialMs: x.initialMs, incrementMs: x.incrementMs, ...(x.perMove === true ? { perMove: true } : {}) };
}

function outcome(x: unknown): Outcome | null {
  const parsed = parseOutcome(x);
  return parsed.ok ? parsed.value : null;
}

function ending(x: unknown): Ending | null {
  if (!isObject(x) || !isText(x.termination)) return null;
  const result = outcome(x.result);
  if (x.ratingDiffs !== undefined && !(Array.isArray(x.ratingDiffs) && x.ratingDiffs.every((d) => Number.isInteger(d)))) return null;
  return result
    ? { result, termination: x.termination, ...(x.ratingDiffs === undefined ? {} : { ratingDiffs: x.ratingDiffs as number[] }) }
    : null;
}

/** An event as the server sends it, or null when it is not one. */
export function gameEvent(x: unknown): GameEvent | null {
  if (!isObject(x) || !isCount(x.version)) return null;
  const { version } = x;
  if (x.kind === 'move') {
    if (!isCount(x.ply) || !isCount(x.seat) || !isText(x.move) || !isTime(x.at)) return null;
    const clock = x.clock === undefined ? undefined : clockReading(x.clock);
    if (clock === null) return null;
    return {
      version,
      kind: 'move',
      ply: x.ply,
      seat: x.seat,
      move: x.move,
      at: x.at,
      ...(isJson(x.view) ? { view: x.view } : {}),
      ...(clock ? { clock } : {}),
    };
  }
  if (x.kind === 'leave')
    return isCount(x.seat) && isText(x.termination) && isText(x.reason)
      ? { version, kind: 'leave', seat: x.seat, termination: x.termination, reason: x.reason }
      : null;
  if (x.kind === 'end') {
    const ended = ending(x);
    return ended ? { version, kind: 'end', ...ended } : null;
  }
  if (x.kind === 'takeback') return isCount(x.ply) ? { version, kind: 'takeback', ply: x.ply } : null;
  if (x.kind === 'berserk') {
    const clock = x.clock === undefined ? undefined : clockReading(x.clock);
    if (clock === null || !isCount(x.seat)) return null;
    return { version, kind: 'berserk', seat: x.seat, ...(clock ? { clock } : {}) };
  }
  return null;
}

function seatInfo(x: unknown): SeatInfo | null {
  if (!isObject(x) || !(x.kind === 'open' || x.kind === 'taken' || x.kind === 'ai')) return null;
  if (!(x.name === null || isText(x.name))) return null;
  if (x.level !== undefined && !isText(x.level)) return null;
  if (x.left !== undefined && !isText(x.left)) return null;
  return {
    kind: x.kind,
    name: x.name,
    ...(isText(x.level) ? { level: x.level } : {}),
    ...(isText(x.left) ? { left: x.left } : {}),
  };
}

function seatList(x: unknown): SeatInfo[] | null {
  if (!Array.isArray(x)) return null;
  const seats = x.map(seatInfo);
  return seats.every((s) => s !== null) ? (seats as SeatInfo[]) : null;
}

/** A game's public state, or null when it is not one. */
export function publicGame(x: unknown): PublicGame | null {
  if (!isObject(x) || !isText(x.id) || !isText(x.game) || !isCount(x.version) || !isJson(x.options)) return null;
  const seats = seatList(x.seats);
  if (!seats || !Array.isArray(x.moves) || !x.moves.every(isText)) return null;
  if (!Array.isArray(x.legalMoves) || !x.legalMoves.every(isText)) return null;
  if (!(x.toMove === null || isCount(x.toMove)) || !isTime(x.now) || !isJson(x.view) || !isJson(x.start)) return null;
  const clock = x.clock === null ? null : clockInfo(x.clock);
  const ended = x.ending === null ? null : ending(x.ending);
  if ((x.clock !== null && !clock) || (x.ending !== null && !ended)) return null;
  if (x.yours !== undefined && !(Array.isArray(x.yours) && x.yours.every(isCount))) return null;
  if (x.paused !== undefined && !(isObject(x.paused) && isTime(x.paused.at) && isCount(x.paused.ms))) return null;
  if (x.tournament !== undefined && !isText(x.tournament)) return null;
  if (x.berserk !== undefined && !(Array.isArray(x.berserk) && x.berserk.every(isCount))) return null;
  return {
    id: x.id,
    game: x.game,
    options: x.options,
    seats,
    version: x.version,
    toMove: x.toMove,
    legalMoves: x.legalMoves,
    clock,
    moves: x.moves,
    ending: ended,
    view: x.view,
    start: x.start,
    now: x.now,
    ...(x.yours === undefined ? {} : { yours: x.yours }),
    ...(x.rated === true ? { rated: true } : {}),
    ...(isObject(x.paused) && isTime(x.paused.at) && isCount(x.paused.ms) ? { paused: { at: x.paused.at, ms: x.paused.ms } } : {}),
    ...(isText(x.tournament) ? { tournament: x.tournament } : {}),
    ...(x.berserk === undefined ? {} : { berserk: x.berserk }),
  };
}

function answer(o: Fields): Answer | null {
  if (!isCount(o.version)) return null;
  if (o.ok === true) {
    const event = gameEvent(o.event);
    return event ? { ok: true, version: o.version, event, ...(o.duplicate === true ? { duplicate: true } : {}) } : null;
  }
  if (o.ok !== false || !isText(o.error) || !REFUSALS.includes(o.refusal as Refusal)) return null;
  return { ok: false, refusal: o.refusal as Refusal, error: o.error, version: o.version };
}

/** A message of the server, every field checked; else what is wrong, in words. */
export function parseServerMessage(text: string): Result<ServerMessage> {
  const parsed = objectOf(text);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  const bad = (what: string): Result<ServerMessage> => fail(`a "${String(o.type)}" message ${what}`);
  switch (o.type) {
    case 'sync': {
      const game = publicGame(o.game);
      return game ? ok({ type: 'sync', game }) : bad('without a public game');
    }
    case 'events': {
      const events = Array.isArray(o.events) ? o.events.map(gameEvent) : null;
      return events?.every((e) => e !== null) ? ok({ type: 'events', events: events as GameEvent[] }) : bad('with an event that is none');
    }
    case 'event': {
      const event = gameEvent(o.event);
      return event ? ok({ type: 'event', event }) : bad('with an event that is none');
    }
    case 'seats': {
      const seats = seatList(o.seats);
      return seats ? ok({ type: 'seats', seats }) : bad('with seats that are none');
    }
    case 'rematch':
      return isText(o.id) ? ok({ type: 'rematch', id: o.id }) : bad('without the rematch’s id');
    case 'offer': {
      if (o.offer === null) return ok({ type: 'offer', offer: null });
      const offer = isObject(o.offer) ? o.offer : null;
      return offer && (offer.kind === 'draw' || offer.kind === 'takeback') && isCount(offer.seat)
        ? ok({ type: 'offer', offer: { kind: offer.kind, seat: offer.seat } })
        : bad('with an offer that is none');
    }
    case 'done':
      return ok({ type: 'done', ...idOf(o) });
    case 'presence': {
      const seats = Array.isArray(o.seats)
        ? o.seats.map((s) =>
            isObject(s) && typeof s.connected === 'boolean' && (s.goneSince === null || isTime(s.goneSince))
              ? { connected: s.connected, goneSince: s.goneSince as number | null }
              : null,
          )
        : null;
      if (!seats?.every((s) => s !== null) || !isCount(o.watching) || !isCount(o.claimAfterMs))
        return bad('that says nothing of who is there');
      return ok({
        type: 'presence',
        seats: seats as { connected: boolean; goneSince: number | null }[],
        watching: o.watching,
        claimAfterMs: o.claimAfterMs,
      });
    }
    case 'chat': {
      const lines = Array.isArray(o.lines)
        ? o.lines.map((l) =>
            isObject(l) && isCount(l.n) && isText(l.author) && isText(l.text) && isTime(l.at)
              ? { n: l.n, author: l.author, text: l.text, at: l.at }
              : null,
          )
        : null;
      const removed = o.removed === undefined ? [] : o.removed;
      if (
        (o.room !== 'players' && o.room !== 'spectators') ||
        !lines?.every((l) => l !== null) ||
        !Array.isArray(removed) ||
        !removed.every(isCount)
      )
        return bad('with lines that are none (n, author, text, at) or removals that are no numbers');
      return ok({
        type: 'chat',
        room: o.room,
        lines: lines as ChatMessage[],
        ...(o.recent === true ? { recent: true as const } : {}),
        ...(removed.length > 0 ? { removed: [...(removed as number[])] } : {}),
      });
    }
    case 'answer': {
      const answered = answer(o);
      return answered ? ok({ type: 'answer', ...idOf(o), ...answered }) : bad('that answers nothing');
    }
    case 'forecast': {
      const lines = Array.isArray(o.lines) && o.lines.every((l) => Array.isArray(l) && l.every(isText)) ? (o.lines as string[][]) : null;
      return lines && isCount(o.seat) && isCount(o.ply)
        ? ok({ type: 'forecast', ...idOf(o), seat: o.seat, ply: o.ply, lines })
        : bad('without its seat, ply and lines');
    }
    case 'error':
      return isText(o.error)
        ? ok({
            type: 'error',
            ...idOf(o),
            ...(MESSAGE_ERROR_CODES.includes(o.code as MessageErrorCode) ? { code: o.code as MessageErrorCode } : {}),
            error: o.error,
            ...plainValuesOf(o.values),
          })
        : bad('without its error');
    default:
      return fail(`unknown message type ${JSON.stringify(String(o.type)).slice(0, 40)}`);
  }
}

/** A line of a bot's event stream, every field checked; else what is wrong, in words. */
export function parseBotStreamMessage(text: string): Result<BotStreamMessage> {
  const parsed = objectOf(text);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  const bad = (what: string): Result<BotStreamMessage> => fail(`a "${String(o.type)}" line ${what}`);
  switch (o.type) {
    case 'game': {
      const game = publicGame(o.game);
      if (!game || !Array.isArray(o.seats) || !o.seats.every(isCount)) return bad('without its seats and game');
      return ok({ type: 'game', seats: o.seats, game });
    }
    case 'event': {
      const event = gameEvent(o.event);
      if (!event || !isText(o.id) || !(o.toMove === null || isCount(o.toMove))) return bad('without its game, event and turn');
      if (o.legalMoves !== undefined && !(Array.isArray(o.legalMoves) && o.legalMoves.every(isText)))
        return bad('with legal moves that are none');
      return ok({ type: 'event', id: o.id, event, toMove: o.toMove, ...(o.legalMoves === undefined ? {} : { legalMoves: o.legalMoves }) });
    }
    case 'error':
      return isText(o.error) ? ok({ type: 'error', ...(isText(o.id) ? { id: o.id } : {}), error: o.error }) : bad('without its error');
    case 'ping':
      return ok({ type: 'ping' });
    default:
      return fail(`unknown line type ${JSON.stringify(String(o.type)).slice(0, 40)}`);
  }
}

/** An error's values, the plain ones (text and numbers) kept; anything else in them dropped (the lobby's errors too). */
export function plainValuesOf(values: unknown): { values?: Readonly<Record<string, string | number>> } {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return {};
  return { values: Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) };
}
