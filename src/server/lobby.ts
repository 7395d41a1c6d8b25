import { type LobbyIntent, type LobbyMessage, type OpenGame, parseLobbyIntent } from '@hexarena/engines/protocol/lobby.ts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChallengeNews } from './challenges.ts';
import type { Identities, Identity } from './identity/identities.ts';
import { Allowance, type Edge } from './limits.ts';
import type { PairedListener, Pools } from './pools.ts';
import type { Presence } from './presence.ts';
import type { FollowNews } from './social/follow-news.ts';
import type { Intake } from './stop.ts';
import type { TournamentChat } from './tournaments/chat.ts';
import type { TournamentNews } from './tournaments/news.ts';

/** Lobby messages are a few words: anything longer is refused. */
const MAX_MESSAGE_BYTES = 512;
/** Per socket: joining and leaving pools is a click, not a stream. */
const BURST = 10;
const RATE = 2;
/** Tournaments one socket follows at once: a page follows one; a few tabs' worth is plenty. */
export const FOLLOWED_TOURNAMENTS = 4;

/**
 * A refusal a player can meet on the home page (a guest asking for a pool, too many messages, the
 * store away, a tournament followed past the limit or gone), with a code that stays and the values
 * its words name: the page says it in the player's language (web/lobby/lobby-refusals.ts). A message
 * only another program sends wrong (bad JSON, an unknown pool) is refused in words alone.
 */
type LobbyRefusal = Extract<LobbyMessage, { type: 'error' }>;

const refusal = (code: string, error: string, values?: LobbyRefusal['values']): LobbyRefusal => ({
  type: 'error',
  code,
  error,
  ...(values ? { values } : {}),
});

/**
 * The lobby's socket, `/api/lobby/ws` (docs/protocol.md): how many wait in each pool, as each wave
 * finds them; the open games (seeks) whenever they change; a player's challenges; joining a pool (players with an account:
 * pools are rated) and waiting there while the socket is open; the game, once paired. Returns what to
 * call when a game is made or a seat taken here: the sockets hear the new list at once (with no socket
 * open, nothing is read). Games made on other instances reach them with the next wave (the list is
 * read from the store then).
 */
export function registerLobby(
  app: FastifyInstance,
  pools: Pools,
  identities: Identities,
  edge: Edge,
  presence: Presence,
  openGames: () => Promise<OpenGame[]>,
  challenges: ChallengeNews,
  /** Whether the server still takes work, and what is under way (see stop.ts). */
  intake: Intake,
  /** The rated games started by players a player follows with notices: their sockets hear of each. */
  following: FollowNews | null = null,
  /** Tournaments' changes, told to the sockets that follow them. */
  tournaments: TournamentNews | null = null,
  /** Tournaments' chats, told to the sockets that follow them (but the lines of players their reader blocks). */
  chat: TournamentChat | null = null,
): () => void {
  const lobby = new LobbySockets(pools, edge, openGames);
  app.get('/api/lobby/ws', { websocket: true }, (socket: WebSocket, request) => {
    lobby.add(socket);
    const identity = identities.of(request).catch(() => null);
    void identity.then((who) => {
      if (!who || socket.readyState !== socket.OPEN) return;
      socket.once('close', presence.enter(who.account.id));
      // A player's challenges, sent and received, now and as they change.
      if (who.account.kind === 'player')
        socket.once(
          'close',
          challenges.listen(who.account.id, (list) => lobby.tell(socket, { type: 'challenges', challenges: list })),
        );
      if (who.account.kind === 'player' && following)
        socket.once(
          'close',
          following.listen(who.account.id, (message) => lobby.tell(socket, message)),
        );
    });
    servePoolIntents(socket, identity, {
      pools,
      identities,
      intake,
      tell: (message) => lobby.tell(socket, message),
      follow: followTournaments(socket, { news: tournaments, chat, reader: identity }, (text) => lobby.tellText(socket, text)),
    });
  });
  // A change made here: the sockets hear the new list at once. With none open nobody hears it, and it
  // is not read: the first socket to open has it read anew.
  return () => {
    if (lobby.listening) lobby.readSeeks();
  };
}

/** The lobby's open sockets, and what every one of them hears: the pools' counts and the open games. */
class LobbySockets {
  private readonly sockets = new Set<WebSocket>();
  private countsTold = '';
  private seeks: { text: string; list: readonly OpenGame[] } = { text: '[]', list: [] };
  // One read at a time; a change meanwhile reads again after it.
  private reading: Promise<void> | null = null;
  private readAgain = false;

  /** Whether any socket is open to hear the open games. */
  get listening(): boolean {
    return this.sockets.size > 0;
  }

  constructor(
    private readonly pools: Pools,
    private readonly edge: Edge,
    private readonly openGames: () => Promise<OpenGame[]>,
  ) {
    pools.onCounts((waiting) => {
      if (this.sockets.size > 0) this.readSeeks();
      const text = JSON.stringify(waiting);
      if (text === this.countsTold) return;
      this.countsTold = text;
      for (const socket of this.sockets) this.tell(socket, { type: 'pools', waiting });
    });
  }

  /** A socket that opened: it hears the counts and the list as they are, then every change. */
  add(socket: WebSocket): void {
    this.sockets.add(socket);
    this.tell(socket, { type: 'pools', waiting: this.pools.counts() });
    // The list as last read; a first socket has it read anew (it hears again if it changed).
    this.tell(socket, { type: 'seeks', seeks: this.seeks.list });
    if (this.sockets.size === 1) this.readSeeks();
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** Sends unless the client has stopped reading: past the edge's bound it is dropped. */
  tell(socket: WebSocket, message: LobbyMessage): void {
    this.tellText(socket, JSON.stringify(message));
  }

  /** A message written once, sent as it is (one tournament event to all its followers). */
  tellText(socket: WebSocket, text: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.edge.sendBufferBytes) {
      this.edge.dropped.slow++;
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  /** The open games read again; every socket hears the list if it changed. */
  readSeeks(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.openGames()
      .then((list) => {
        const text = JSON.stringify(list);
        if (text === this.seeks.text) return;
        this.seeks = { text, list };
        for (const socket of this.sockets) this.tell(socket, { type: 'seeks', seeks: list });
      })
      .catch(() => undefined)
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.readSeeks();
        }
      });
  }
}

interface PoolIntentServices {
  readonly pools: Pools;
  readonly identities: Identities;
  readonly intake: Intake;
  readonly tell: (message: LobbyMessage) => void;
  readonly follow: (intent: Extract<LobbyIntent, { tournament: string }>) => Promise<void>;
}

/** What a socket following tournaments hears: their changes, their chats, and whose socket it is (whose blocks hide lines). */
interface Following {
  readonly news: TournamentNews | null;
  readonly chat: TournamentChat | null;
  readonly reader: Promise<Identity | null>;
}

/**
 * A socket's tournaments followed (at most FOLLOWED_TOURNAMENTS), each answered with the version it
 * stands at: following one again answers anew (a page back from a reconnection checks it missed nothing).
 * It hears each one's chat too: its last lines, then each new one.
 */
function followTournaments(
  socket: WebSocket,
  { news, chat, reader }: Following,
  send: (text: string) => void,
): PoolIntentServices['follow'] {
  const followed = new Map<string, () => void>();
  const chats = new Map<string, Promise<() => void>>();
  const unfollow = (tournament: string) => {
    followed.get(tournament)?.();
    followed.delete(tournament);
    void chats.get(tournament)?.then((stop) => stop());
    chats.delete(tournament);
  };
  socket.on('close', () => {
    for (const tournament of [...new Set([...followed.keys(), ...chats.keys()])]) unfollow(tournament);
  });
  const tell = (message: LobbyMessage) => send(JSON.stringify(message));
  const listen = (tournament: string) => {
    if (!chat) return;
    void chats.get(tournament)?.then((stop) => stop());
    const listening = reader
      .then((who) =>
        chat.listen(tournament, who?.account.id, (lines, recent, removed) =>
          tell({ type: 'tournament-chat', tournament, lines, ...(recent ? { recent } : {}), ...(removed.length > 0 ? { removed } : {}) }),
        ),
      )
      .catch(() => () => undefined);
    chats.set(tournament, listening);
    // The socket closed meanwhile: it hears nothing more.
    void listening.then((stop) => {
      if (chats.get(tournament) !== listening || socket.readyState !== socket.OPEN) stop();
    });
  };
  return async ({ type, tournament }) => {
    if (type === 'tournament-unfollow') return unfollow(tournament);
    if (!news) return tell({ type: 'error', error: 'tournaments are not followed on this server' });
    if (!followed.has(tournament) && followed.size >= FOLLOWED_TOURNAMENTS)
      return tell(
        refusal(
          'lobby.followLimit',
          `one lobby socket follows at most ${FOLLOWED_TOURNAMENTS} tournaments: unfollow one ("tournament-unfollow") first`,
          { count: FOLLOWED_TOURNAMENTS },
        ),
      );
    const following = await news.follow(tournament, send).catch(() => undefined);
    if (following === undefined) return tell(refusal('lobby.followLater', 'the tournament cannot be followed now: try again'));
    if (following === null)
      return tell(refusal('lobby.noTournament', `there is no tournament ${tournament} to follow`, { id: tournament }));
    // The socket's one sink is in the tournament's set once, however often it follows it.
    if (socket.readyState !== socket.OPEN) return following.stop();
    followed.set(tournament, following.stop);
    tell({ type: 'tournament-following', tournament, version: following.version });
    listen(tournament);
  };
}

/** A lobby socket's messages: joining a pool and waiting there while the socket is open, or leaving it. */
function servePoolIntents(socket: WebSocket, identity: Promise<Identity | null>, services: PoolIntentServices): void {
  const { pools, identities, intake, tell } = services;
  let waitingIn: { account: string; listener: PairedListener } | null = null;
  const stopWaiting = async () => {
    const was = waitingIn;
    waitingIn = null;
    if (was) await pools.leave(was.account, was.listener).catch(() => undefined);
  };
  socket.on('close', () => void stopWaiting());
  const allowance = new Allowance(RATE, BURST, 1);
  const join = async (pool: string) => {
    const who = await identity;
    // Its identity read again, not as the socket began: a session ended since (logged out everywhere, a
    // password changed, a ban) or an account deleted joins nothing.
    if (who?.account.kind !== 'player' || !(await identities.stillHolds(who)))
      return tell(refusal('lobby.signUp', 'pools are rated: sign up or log in to play in them'));
    await stopWaiting();
    const account = who.account.id;
    const listener: PairedListener = (paired) => {
      waitingIn = null;
      tell({ type: 'paired', game: paired.gameId, seat: paired.seat });
    };
    const joined = await pools
      .join(account, who.account.name, pool, listener)
      .catch((e: unknown) =>
        refusal('lobby.cannotJoin', `the pool cannot be joined now (${e instanceof Error ? e.message : String(e)}): try again`),
      );
    if (!('ok' in joined)) return tell(joined);
    if (!joined.ok) return tell({ type: 'error', error: joined.error });
    // The socket closed while joining: it waits nowhere.
    if (socket.readyState !== socket.OPEN) return void pools.leave(account, listener).catch(() => undefined);
    waitingIn = { account, listener };
    tell({ type: 'pool', pool, since: joined.since });
  };
  // One message at a time, in order: a join and a leave sent together are done in that order.
  let queue = Promise.resolve();
  const handle = (data: Buffer, binary: boolean) => async () => {
    if (!allowance.take('', Date.now()))
      return tell(refusal('lobby.tooFast', `too many messages: at most ${RATE} a second`, { rate: RATE }));
    if (binary || data.length > MAX_MESSAGE_BYTES)
      return tell({ type: 'error', error: `a lobby message is a short JSON text (at most ${MAX_MESSAGE_BYTES} bytes)` });
    const intent = parseLobbyIntent(data.toString());
    if (!intent.ok) return tell({ type: 'error', error: intent.error.message });
    if (intent.value.type === 'tournament-follow' || intent.value.type === 'tournament-unfollow') return services.follow(intent.value);
    if (intent.value.type === 'pool-leave') {
      await stopWaiting();
      return tell({ type: 'pool', pool: null });
    }
    return join(intent.value.pool);
  };
  // A message that failed (the store away) does not stop the ones after it.
  // While the server stops, nothing new is taken (the socket is about to close with 1012); what was
  // taken is finished first.
  socket.on('message', (data: Buffer, binary: boolean) => {
    if (!intake.accepting) return;
    queue = queue.then(handle(data, binary)).catch(() => undefined);
    void intake.track(queue);
  });
}
