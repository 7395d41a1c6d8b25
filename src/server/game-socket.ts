import {
  type ClientMessage,
  type GameEvent,
  type MessageErrorCode,
  messageId,
  readClientMessage,
  type ServerMessage,
} from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { pauseShown } from './downtime.ts';
import { GAME_ID_PARAMS } from './game-id.ts';
import type { Hub } from './hub.ts';
import type { Identities, Identity } from './identity/identities.ts';
import { Allowance, type Edge } from './limits.ts';
import { silenced } from './moderation/routes.ts';
import { parseChatText } from './names.ts';
import { subscriberOf } from './network.ts';
import type { Presence } from './presence.ts';
import { publicGame, publicSeats, seatsOf } from './public-game.ts';
import { type Intent, type MannerIntent, type Room, type RoomEvent, STORE_UNAVAILABLE } from './room.ts';
import type { Blocks } from './social/blocks.ts';
import { MESSAGE_BURST } from './socket-edge.ts';
import type { Intake } from './stop.ts';
import { RulesChanged } from './store.ts';
import type { ChatRoom } from './table-talk.ts';

/**
 * A game's WebSocket, `/api/games/:id/ws` (docs/protocol.md): one per client and game. It catches
 * the client up (the events it missed, or the whole game), keeps it told of what happens at the
 * table, and takes its intents — each message parsed once, answered with its id, within the
 * connection's and its address's allowances — to the room.
 */

/** WebSocket messages are small: anything longer is answered with an error, and the socket stays. */
const MAX_MESSAGE_BYTES = 4096;
/** Chat lines per connection: a burst of three, then one a second. */
const CHAT_BURST = 3;
const CHAT_RATE = 1;

/** What a game's socket works with, the same for every connection. */
export interface GameSocketServices {
  readonly hub: Hub;
  readonly edge: Edge;
  readonly identities: Identities;
  readonly presence: Presence;
  /** Whether the server still takes work, and what is under way (see stop.ts). */
  readonly intake: Intake;
  /** Whom each reader blocks: their lines are not sent to them. */
  readonly blocks: Blocks;
}

/** Serves `/api/games/:id/ws`; `since`, the last version the client saw, asks for the events after it. */
export function registerGameSocket(app: FastifyInstance, services: GameSocketServices): void {
  app.get('/api/games/:id/ws', { websocket: true, schema: { params: GAME_ID_PARAMS } }, (socket: WebSocket, request) => {
    const { id } = request.params as { id: string };
    const since = Number((request.query as { since?: string }).since);
    void serveGameSocket(services, socket, {
      id,
      since: Number.isInteger(since) && since >= 0 ? since : null,
      address: subscriberOf(request.ip),
      identity: services.identities.of(request),
    });
  });
}

/** Who opened a game's socket, on which game, and how far they had seen it. */
interface Opening {
  readonly id: string;
  readonly since: number | null;
  readonly address: string;
  /** Whose session opened the socket: its intents without a token act for that account's seats. */
  readonly identity: Promise<Identity | null>;
}

/** A message as it came off the socket. */
interface Frame {
  readonly data: Buffer;
  readonly binary: boolean;
}

/**
 * Sends unless the client has stopped reading: with more than the edge's bound already waiting for
 * it, it is dropped (4008, said in the protocol) rather than kept growing the server's memory.
 */
function send(socket: WebSocket, message: ServerMessage, edge: Edge): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > edge.sendBufferBytes) {
    edge.dropped.slow++;
    socket.close(4008, 'too slow: the client did not read what it was sent');
    // Its close frame waits behind what it does not read: cut it off now.
    socket.terminate();
    return;
  }
  corkUntilTicked(socket);
  socket.send(textOf(message));
}

/** The socket under a WebSocket (ws keeps it as `_socket`): what is written to it may be held and sent at once. */
type Corkable = { readonly _socket?: { cork(): void; uncork(): void } };
const corked = new WeakSet<WebSocket>();

/**
 * Holds what is sent to `socket` until the current tick's callbacks and promises have run: a move's
 * event and its answer, or a new socket's sync, offer and chat, leave in one write (one system call
 * and one TCP segment instead of one a message), as Netty's flush consolidation does for lila-ws.
 */
function corkUntilTicked(socket: WebSocket): void {
  const raw = (socket as unknown as Corkable)._socket;
  if (!raw || corked.has(socket)) return;
  corked.add(socket);
  raw.cork();
  process.nextTick(() => {
    corked.delete(socket);
    raw.uncork();
  });
}

/** A room's event as its followers are sent it: written once however many sockets follow the game. */
const eventTexts = new WeakMap<GameEvent, string>();
function eventText(event: GameEvent): string {
  let text = eventTexts.get(event);
  if (text === undefined) {
    text = JSON.stringify(event);
    eventTexts.set(event, text);
  }
  return text;
}

/**
 * A message as sent: an event's text, and a move's answer carrying it, reuse the text written once
 * for the game's followers (the same bytes JSON.stringify gives: keys in the same order).
 */
function textOf(message: ServerMessage): string {
  if (message.type === 'event') return `{"type":"event","event":${eventText(message.event)}}`;
  if (message.type === 'answer' && message.ok) {
    const keys = Object.keys(message).join();
    if (keys === 'type,ok,version,event' || keys === 'type,id,ok,version,event') {
      const id = message.id === undefined ? '' : `"id":${JSON.stringify(message.id)},`;
      return `{"type":"answer",${id}"ok":true,"version":${JSON.stringify(message.version)},"event":${eventText(message.event)}}`;
    }
  }
  return JSON.stringify(message);
}

/** One client on one game: catch-up or full sync, then live events; its intents go to the room. */
async function serveGameSocket(services: GameSocketServices, socket: WebSocket, opening: Opening): Promise<void> {
  const { hub, edge, presence } = services;
  const tell = (message: ServerMessage) => send(socket, message, edge);
  // A client may send as soon as its socket opens, before the room is loaded: what it sends meanwhile
  // waits here, in order, instead of going to no listener (a loss that a slower store made visible).
  const early: Frame[] = [];
  const hold = (data: Buffer, binary: boolean) => early.push({ data, binary });
  socket.on('message', hold);
  const room = await hub.room(opening.id).catch((e: unknown) => (e instanceof RulesChanged ? e : ('unavailable' as const)));
  const who = await opening.identity.catch(() => null);
  const account = who?.account.id;
  // Online while a socket of theirs is open (the socket may close while the room loads).
  if (account !== undefined && socket.readyState === socket.OPEN) socket.once('close', presence.enter(account));
  if (room instanceof RulesChanged) {
    socket.off('message', hold);
    return turnAway(socket, tell, early, room.message, 4409, 'played under other rules');
  }
  // A client ahead of this instance saw events another instance made: this one catches up first.
  const since = opening.since;
  if (room && room !== 'unavailable' && since !== null && since > room.version) await room.catchUp().catch(() => undefined);
  socket.off('message', hold);
  // 1013: try again later. The client reconnects by itself, as after any dropped connection.
  if (room === 'unavailable') return turnAway(socket, tell, early, STORE_UNAVAILABLE, 1013, 'the game store is not answering');
  if (!room) return turnAway(socket, tell, early, `there is no game ${opening.id}`, 4404, 'no such game');
  catchUp(room, since, tell);
  const seatsHere = seatsOf(room, account);
  const chatRoom: ChatRoom = seatsHere.length > 0 ? 'players' : 'spectators';
  socket.on('close', followTable(hub, room, seatsHere, { room: chatRoom, reader: account, blocks: services.blocks }, tell));
  const connection = new GameConnection(services, room, tell, opening.address, who, chatRoom);
  // While the server stops, a message is neither acted on nor answered: the socket is about to close
  // with 1012, and the client sends what is unanswered again once reconnected (a move's id makes
  // that safe). One taken in before is waited for: its answer goes out before the close.
  const take = (data: Buffer, binary: boolean) => {
    if (services.intake.accepting) void services.intake.track(connection.handle(data, binary));
  };
  socket.on('message', take);
  for (const m of early) take(m.data, m.binary);
}

/**
 * The game cannot be opened: what the client sent meanwhile is answered, each with its id, then the
 * socket is told why and closed with `code`.
 */
function turnAway(
  socket: WebSocket,
  tell: (message: ServerMessage) => void,
  early: readonly Frame[],
  error: string,
  code: number,
  reason: string,
): void {
  for (const m of early) {
    const id = m.binary ? undefined : messageId(m.data.toString());
    if (id !== undefined) tell({ type: 'error', id, error });
  }
  tell({ type: 'error', error });
  socket.close(code, reason);
}

/** The events a client missed since `since`, with who sits where now; else the whole game. */
function catchUp(room: Room, since: number | null, tell: (message: ServerMessage) => void): void {
  // Still ahead of the store, the client claims what never happened (a bug, another site's game): it starts over.
  // After a restart that paused the clocks, the client's clock is older than the store's: it starts over too.
  const missed = since === null || since > room.version || pauseShown(room.stored) ? null : room.eventsSince(since);
  if (missed) {
    tell({ type: 'events', events: missed });
    // Seats are taken without a version: a client catching up hears who sits where now.
    tell({ type: 'seats', seats: publicSeats(room) });
  } else tell({ type: 'sync', game: publicGame(room) });
}

/** The chat a socket reads, and whose lines it is not sent: those of the players its reader blocks. */
interface ChatReading {
  readonly room: ChatRoom;
  readonly reader: string | undefined;
  readonly blocks: Blocks;
}

/**
 * Tells the socket of everything that happens at the table from now on: the game's events, the
 * seats, a rematch, the standing offer, who is here, and the chat this socket reads — the players'
 * for a seat's holder, the spectators' for anyone else; the two never mix — but the lines of players
 * its reader blocks. Returns what stops it all.
 */
function followTable(
  hub: Hub,
  room: Room,
  seatsHere: readonly number[],
  reading: ChatReading,
  tell: (message: ServerMessage) => void,
): () => void {
  const { room: chatRoom, reader, blocks } = reading;
  const stopEvents = room.subscribe((event: RoomEvent) => tell({ type: 'event', event }));
  hub.watch(room);
  const stopSeats = room.onSeats(() => tell({ type: 'seats', seats: publicSeats(room) }));
  const stopRematch = hub.onRematch(room, (rematch) => tell({ type: 'rematch', id: rematch }));
  tell({ type: 'offer', offer: room.offer });
  const stopOffers = room.onOffer(() => tell({ type: 'offer', offer: room.offer }));
  const stopPresence = room.talk.onPresence((p) => tell({ type: 'presence', ...p }));
  const leave = room.talk.attend([...seatsHere]);
  const hidden = reader === undefined ? Promise.resolve(new Set<string>()) : blocks.of(reader).catch(() => new Set<string>());
  void hidden.then((h) => room.talk.chat(chatRoom, h)).then((lines) => tell({ type: 'chat', room: chatRoom, lines, recent: true }));
  const stopChat = room.talk.onChat((news) => {
    if (news.room !== chatRoom) return;
    // A moderator removed a line: every reader drops it (one who never had it, a blocker, drops nothing).
    if (news.kind === 'removed') return tell({ type: 'chat', room: chatRoom, lines: [], removed: [news.n] });
    // The author's line is not sent to a reader who blocks them; nobody else hears of it.
    void blocks.hides(reader, news.account).then((hide) => {
      if (!hide) tell({ type: 'chat', room: chatRoom, lines: [news.line] });
    });
  });
  return () => {
    stopEvents();
    stopSeats();
    stopRematch();
    stopOffers();
    stopPresence();
    stopChat();
    leave();
  };
}

/** A refusal told on the socket: its code, its words, and the values they name (a mute's end). */
type Refuse = (code: MessageErrorCode, error: string, values?: Values) => void;
type Values = Readonly<Record<string, number>>;
type ChatMessage = Extract<ClientMessage, { type: 'chat' }>;

/** One open socket's messages: each checked against its allowances, parsed once and acted on by its type. */
class GameConnection {
  private readonly allowance: Allowance;
  private readonly chatAllowance = new Allowance(CHAT_RATE, CHAT_BURST, 1);
  private readonly account: string | undefined;
  private readonly authorName: string | undefined;

  constructor(
    private readonly services: GameSocketServices,
    private readonly room: Room,
    private readonly tell: (message: ServerMessage) => void,
    private readonly address: string,
    who: Identity | null,
    /** The chat this socket speaks in and reads. */
    private readonly chatRoom: ChatRoom,
  ) {
    this.allowance = new Allowance(services.edge.messageRate, MESSAGE_BURST, 1);
    this.account = who?.account.id;
    this.authorName = who?.account.name;
  }

  async handle(data: Buffer, binary: boolean): Promise<void> {
    const arrived = performance.now();
    const { edge, hub } = this.services;
    // A frame is at most 64 KB (MAX_FRAME_BYTES), so even a message too long to act on is parsed for
    // its id (once: the same parse gives the message): every refusal goes back with the id of what it refuses.
    const read = binary ? null : readClientMessage(data.toString());
    const id = read?.id;
    const refuse: Refuse = (code, error, values) =>
      this.tell({ type: 'error', ...(id === undefined ? {} : { id }), code, error, ...(values === undefined ? {} : { values }) });
    const now = Date.now();
    // The socket's own allowance, and its address's over all its sockets.
    if (!this.allowance.take('', now) || !edge.addressMessages.take(this.address, now))
      return refuse('too-many', `too many messages: at most ${edge.messageRate} a second`);
    if (read === null) return refuse('not-json', 'messages are JSON text such as {"type":"move",…}');
    if (data.length > MAX_MESSAGE_BYTES) return refuse('too-large', `a message is at most ${MAX_MESSAGE_BYTES} bytes`);
    if (!read.message.ok) return refuse('malformed', read.message.error.message);
    const m = read.message.value;
    if (m.type === 'chat') return this.chat(m, id, refuse, now);
    if (m.type === 'forecast') return this.forecast(m, id, refuse);
    const answer =
      m.type === 'move' || m.type === 'resign'
        ? await this.room.submit(intentOf(m, this.account))
        : await this.room.act(mannerOf(m, this.account));
    // A refusal with a code of its own (a berserk's) is told as the error it is.
    if (!('done' in answer) && !answer.ok && answer.code !== undefined) return refuse(answer.code, answer.error);
    if ('done' in answer) this.tell({ type: 'done', ...(id === undefined ? {} : { id }) });
    else this.tell({ type: 'answer', ...(id === undefined ? {} : { id }), ...answer });
    hub.latency.record(performance.now() - arrived, m.type);
  }

  /** A chat line: said in the room it belongs to, unless its speaker may not speak (now). */
  private async chat(m: ChatMessage, id: string | undefined, refuse: Refuse, now: number): Promise<void> {
    const { room, account } = this;
    if (account === undefined && m.token === undefined)
      return refuse('no-session', 'chat needs a session: open the game from the site (a guest is enough)');
    if (!this.chatAllowance.take('', now)) return refuse('chat-too-fast', 'too many lines: at most one a second');
    const checked = parseChatText(m.text);
    if (!checked.ok) return refuse(checked.error.code, checked.error.message);
    // A seat's token speaks in the players' chat, as its holder's socket does (game/decide.ts).
    const asks = await room.admits({ kind: 'chat', seat: m.seat, token: m.token });
    if (asks.kind === 'refuse') return refuse('bad-token', asks.error); // the one refusal of a line of chat
    const players = asks.kind === 'admit' ? asks.players : undefined;
    const barred = await this.barredFromChat(players ? (players.account ?? account) : account);
    if (barred !== null) return refuse(barred.code, barred.error, barred.values);
    const said: ChatRoom = players ? 'players' : this.chatRoom;
    const author = players ? players.author : (this.authorName ?? 'someone');
    await room.talk.say({ room: said, author, account: account ?? null, text: checked.value, at: Date.now() });
    this.tell({ type: 'done', ...(id === undefined ? {} : { id }) });
  }

  /** A forecast left or asked for: the one kept told back to this socket alone (it is the player's own plan). */
  private async forecast(m: Extract<ClientMessage, { type: 'forecast' }>, id: string | undefined, refuse: Refuse): Promise<void> {
    const credential = m.token ?? (this.account === undefined ? undefined : { account: this.account });
    const kept = await this.room.forecast(m.seat, credential, m.lines);
    if (!kept.ok) return refuse(kept.code, kept.error);
    this.tell({ type: 'forecast', ...(id === undefined ? {} : { id }), seat: m.seat, ...kept.forecast });
  }

  /** Why `speaker`'s lines are refused now, or null when they may speak. */
  private async barredFromChat(speaker: string | undefined): Promise<{ code: MessageErrorCode; error: string; values?: Values } | null> {
    const store = this.services.hub.store;
    // A socket opened before its account was deleted speaks no more: its name is gone from the site.
    if (this.account !== undefined && (await store.accounts.read(this.account))?.kind === 'deleted')
      return { code: 'account-closed', error: 'this account was deleted: it cannot chat' };
    // A muted (or banned) player's lines are refused, whichever way they come: their session or their seat's token.
    return speaker === undefined ? null : silenced(await store.moderation.sanctionsOf(speaker, Date.now()));
  }
}

/** What the room is asked, from what the client sent (its id, when it gave one, names a move's retry). */
function intentOf(message: Extract<ClientMessage, { type: 'move' | 'resign' }>, account: string | undefined): Intent {
  // A token speaks for itself; without one, the socket's session speaks.
  const token = message.token ?? (account === undefined ? undefined : { account });
  if (message.type === 'resign') return { kind: 'resign', seat: message.seat, token };
  const { seat, move, version, id } = message;
  return { kind: 'move', seat, token, move, version, ...(id === undefined ? {} : { clientId: id }) };
}

/** An offer, an answer, an abort or a claim, as the room is asked it. */
function mannerOf(
  message: Extract<ClientMessage, { type: 'offer' | 'reply' | 'abort' | 'claim' | 'berserk' }>,
  account: string | undefined,
): MannerIntent {
  const token = message.token ?? (account === undefined ? undefined : { account });
  const { seat } = message;
  switch (message.type) {
    case 'offer':
      return { kind: 'offer', seat, token, offer: message.offer };
    case 'reply':
      return { kind: 'reply', seat, token, offer: message.offer, accept: message.accept };
    case 'abort':
      return { kind: 'abort', seat, token };
    case 'berserk':
      return { kind: 'berserk', seat, token };
    case 'claim':
      return { kind: 'claim', seat, token, result: message.result };
  }
}
