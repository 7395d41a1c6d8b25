import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type LobbyMessage, type OpenGame, parseLobbyIntent } from '../protocols/wire/lobby.ts';
import type { ChallengeNews } from './challenges.ts';
import type { Identities } from './identity/identities.ts';
import { Allowance, type Edge } from './limits.ts';
import type { PairedListener, Pools } from './pools.ts';
import type { Presence } from './presence.ts';
import type { Intake } from './stop.ts';

/** Lobby messages are a few words: anything longer is refused. */
const MAX_MESSAGE_BYTES = 512;
/** Per socket: joining and leaving pools is a click, not a stream. */
const BURST = 10;
const RATE = 2;

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
): () => void {
  const sockets = new Set<WebSocket>();
  const tell = (socket: WebSocket, message: LobbyMessage) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > edge.sendBufferBytes) {
      edge.dropped.slow++;
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(message));
  };
  let told = '';
  let seeks: { text: string; list: readonly OpenGame[] } = { text: '[]', list: [] };
  // One read at a time; a change meanwhile reads again after it.
  let reading: Promise<void> | null = null;
  let again = false;
  const readSeeks = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = openGames()
      .then((list) => {
        const text = JSON.stringify(list);
        if (text === seeks.text) return;
        seeks = { text, list };
        for (const socket of sockets) tell(socket, { type: 'seeks', seeks: list });
      })
      .catch(() => undefined)
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          readSeeks();
        }
      });
  };
  pools.onCounts((waiting) => {
    if (sockets.size > 0) readSeeks();
    const text = JSON.stringify(waiting);
    if (text === told) return;
    told = text;
    for (const socket of sockets) tell(socket, { type: 'pools', waiting });
  });

  app.get('/api/lobby/ws', { websocket: true }, (socket: WebSocket, request) => {
    sockets.add(socket);
    tell(socket, { type: 'pools', waiting: pools.counts() });
    // The list as last read; a first socket has it read anew (it hears again if it changed).
    tell(socket, { type: 'seeks', seeks: seeks.list });
    if (sockets.size === 1) readSeeks();
    const identity = identities.of(request).catch(() => null);
    let waitingIn: { account: string; listener: PairedListener } | null = null;
    const stopWaiting = async () => {
      const was = waitingIn;
      waitingIn = null;
      if (was) await pools.leave(was.account, was.listener).catch(() => undefined);
    };
    void identity.then((who) => {
      if (!who || socket.readyState !== socket.OPEN) return;
      socket.once('close', presence.enter(who.account.id));
      // A player's challenges, sent and received, now and as they change.
      if (who.account.kind === 'player')
        socket.once(
          'close',
          challenges.listen(who.account.id, (list) => tell(socket, { type: 'challenges', challenges: list })),
        );
    });
    socket.on('close', () => {
      sockets.delete(socket);
      void stopWaiting();
    });
    const allowance = new Allowance(RATE, BURST, 1);
    // One message at a time, in order: a join and a leave sent together are done in that order.
    let queue = Promise.resolve();
    const handle = (data: Buffer, binary: boolean) => async () => {
      if (!allowance.take('', Date.now())) return tell(socket, { type: 'error', error: `too many messages: at most ${RATE} a second` });
      if (binary || data.length > MAX_MESSAGE_BYTES)
        return tell(socket, { type: 'error', error: `a lobby message is a short JSON text (at most ${MAX_MESSAGE_BYTES} bytes)` });
      const intent = parseLobbyIntent(data.toString());
      if (!intent.ok) return tell(socket, { type: 'error', error: intent.error.message });
      if (intent.value.type === 'pool-leave') {
        await stopWaiting();
        return tell(socket, { type: 'pool', pool: null });
      }
      const who = await identity;
      // Its identity read again, not as the socket began: a session ended since (logged out everywhere, a
      // password changed, a ban) or an account deleted joins nothing.
      if (who?.account.kind !== 'player' || !(await identities.stillHolds(who)))
        return tell(socket, { type: 'error', error: 'pools are rated: sign up or log in to play in them' });
      await stopWaiting();
      const account = who.account.id;
      const listener: PairedListener = (paired) => {
        waitingIn = null;
        tell(socket, { type: 'paired', game: paired.gameId, seat: paired.seat });
      };
      const joined = await pools.join(account, who.account.name, intent.value.pool, listener).catch((e: unknown) => ({
        ok: false as const,
        error: `the pool cannot be joined now (${e instanceof Error ? e.message : String(e)}): try again`,
      }));
      if (!joined.ok) return tell(socket, { type: 'error', error: joined.error });
      // The socket closed while joining: it waits nowhere.
      if (socket.readyState !== socket.OPEN) return void pools.leave(account, listener).catch(() => undefined);
      waitingIn = { account, listener };
      tell(socket, { type: 'pool', pool: intent.value.pool, since: joined.since });
    };
    // A message that failed (the store away) does not stop the ones after it.
    // While the server stops, nothing new is taken (the socket is about to close with 1012); what was
    // taken is finished first.
    socket.on('message', (data: Buffer, binary: boolean) => {
      if (!intake.open) return;
      queue = queue.then(handle(data, binary)).catch(() => undefined);
      void intake.track(queue);
    });
  });
  // A change made here: the sockets hear the new list at once. With none open nobody hears it, and it
  // is not read: the first socket to open has it read anew.
  return () => {
    if (sockets.size > 0) readSeeks();
  };
}
