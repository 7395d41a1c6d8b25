import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { WebSocket, WebSocketServer } from 'ws';
import type { GameStore } from './store.ts';

/**
 * A graceful stop (SIGTERM, SIGINT): nothing new is taken in, what is under way is finished and
 * stored, everyone connected is told, and then every connection, thread and store handle is closed,
 * readers or not, so the process ends on its own well within its deadline. One ordered sequence,
 * `stopServer`, does it all; the parts below only keep count of what it has to wait for and close.
 */

/** The close code and reason every WebSocket gets at a graceful stop: clients reconnect (docs/protocol.md). */
export const RESTART_CLOSE = { code: 1012, reason: 'service restart' } as const;

/** What REST answers (503) while the server stops, and what a bot's stream says as its last line. */
export const RESTARTING = 'the server is restarting: try again in a moment (nothing of this request was done)';
export const STREAM_RESTARTING = 'the server is restarting: connect again in a moment (every game is sent again then)';

/** How long a graceful stop may take in all (HEXARENA_STOP_MS): its steps' bounds are shares of it. */
export const STOP_MS = 5_000;

/**
 * The server's intake: whether it still takes work, and what is under way — requests being
 * answered, WebSocket messages being handled, every TCP connection, and the long-lived streams
 * (bots' event streams) with how each says goodbye.
 */
export class Intake {
  private stopping = false;
  private readonly connections = new Set<Socket>();
  private readonly requests = new Set<ServerResponse>();
  private readonly streams = new Map<ServerResponse, () => void>();
  private readonly work = new Set<Promise<unknown>>();
  private idleListeners: (() => void)[] = [];
  private streamListeners: (() => void)[] = [];

  /** Follows the server's connections and requests. */
  constructor(readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    // Counted from its first byte to its answer's last, whatever the handler.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.requests.add(res);
      res.once('close', () => {
        this.requests.delete(res);
        this.streams.delete(res);
        this.changed();
      });
    });
  }

  /** False once the server stops: no new request, intent or stream is taken in. */
  get accepting(): boolean {
    return !this.stopping;
  }

  /** Stops taking work: the listening socket closes (resolved once every connection is gone too). */
  close(): Promise<void> {
    this.stopping = true;
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
    });
  }

  /** Counts `job` as work under way (a WebSocket message being handled) until it settles. */
  track<T>(job: Promise<T>): Promise<T> {
    this.work.add(job);
    const done = () => {
      this.work.delete(job);
      this.changed();
    };
    job.then(done, done);
    return job;
  }

  /**
   * A response that stays open (a bot's event stream): not work that a stop waits for, but a
   * connection it ends, with `farewell` (its last line and end).
   */
  stream(res: ServerResponse, farewell: () => void): void {
    this.requests.delete(res);
    this.streams.set(res, farewell);
    this.changed();
  }

  /** Requests and messages under way (streams aside). */
  get underWay(): number {
    return this.requests.size + this.work.size;
  }

  /** Resolves once nothing is under way. */
  drained(): Promise<void> {
    if (this.underWay === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleListeners.push(resolve));
  }

  private changed(): void {
    if (this.streams.size === 0) {
      const listeners = this.streamListeners;
      this.streamListeners = [];
      for (const l of listeners) l();
    }
    if (this.underWay > 0) return;
    const listeners = this.idleListeners;
    this.idleListeners = [];
    for (const l of listeners) l();
  }

  /** Says goodbye on every stream (each ends itself); resolves once each has closed (its last line taken). */
  endStreams(): Promise<void> {
    for (const farewell of [...this.streams.values()]) farewell();
    if (this.streams.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.streamListeners.push(resolve));
  }

  /** Cuts every connection still open: a client that does not read cannot hold the process. */
  destroyAll(): void {
    for (const res of this.streams.keys()) res.destroy();
    for (const socket of this.connections) socket.destroy();
  }
}

/** The parts of the online service a stop closes, in the order it needs them. */
export interface OnlineParts {
  /** Stops starting work of its own: due games' turns, sweeps, pairing waves, reviews, the explorer. */
  stopStarting(): void;
  /** The AI threads: terminated, searches and all (a move not yet chosen was never played). */
  closeThreads(): Promise<void>;
  /** Resolves once no game room has an intent queued or under way, and a pairing wave under way is done. */
  drain(): Promise<void>;
  /** Every WebSocket (games and the lobby). */
  readonly sockets: WebSocketServer;
}

export interface StopSettings {
  /**
   * How long the whole stop may take (STOP_MS). Writes under way get half of it to finish (what a
   * request still waits for after that is a client sending its body slowly, not a write); told
   * connections get a fifth of it to close before whatever is left is cut.
   */
  readonly deadlineMs?: number;
  /** Waits `ms` (setTimeout by default): tests may pass their own. */
  readonly wait?: (ms: number) => Promise<void>;
  /** Told of each step, for the log. */
  readonly say?: (line: string) => void;
}

const timeout = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    // Never what keeps the process alive: once all else is closed it ends even while this waits.
    setTimeout(resolve, ms).unref();
  });

/**
 * The graceful stop, in order. Acknowledged moves are safe whatever happens (a move is stored
 * before it is answered); this makes the stop quick and clean: every move under way is answered,
 * everyone learns to reconnect, and the next start finds the store closed cleanly.
 */
export async function stopServer(
  intake: Intake,
  online: OnlineParts | null,
  store: GameStore | null,
  closeApp: () => Promise<void>,
  settings: StopSettings = {},
): Promise<void> {
  const wait = settings.wait ?? timeout;
  const deadlineMs = settings.deadlineMs ?? STOP_MS;
  const say = settings.say ?? (() => undefined);
  // 1. Intake closed: no new connection; requests on open connections answered 503, WebSocket
  //    messages left unanswered (clients send them again once reconnected), no AI turn, sweep,
  //    pairing wave or review begins.
  const listenerClosed = intake.close();
  online?.stopStarting();
  // 2. The AI threads stop now: two strong AIs thinking must not hold the process for their budget.
  await online?.closeThreads();
  // 3. Writes under way finish: requests, WebSocket intents, every game room's queue.
  const drained = await Promise.race([
    Promise.all([intake.drained(), online?.drain()]).then(() => true),
    wait(deadlineMs / 2).then(() => false),
  ]);
  if (!drained) say(`${intake.underWay} request(s) still under way were not waited for`);
  // (Everything that will be written now is: here is where the store may be told the site went down.)
  // 4. Everyone told: each WebSocket closed with 1012 (service restart), each bot's stream ended with
  //    its last line; after a short grace, whoever has not closed (a client that does not read) is cut.
  const sockets = online ? [...online.sockets.clients] : [];
  const closed = Promise.all(sockets.map((s) => closedOf(s)));
  for (const socket of sockets) socket.close(RESTART_CLOSE.code, RESTART_CLOSE.reason);
  const ended = intake.endStreams();
  await Promise.race([Promise.all([closed, ended]), wait(deadlineMs / 5)]);
  for (const socket of sockets) socket.terminate();
  intake.destroyAll();
  await listenerClosed;
  // 5. What is left of the application (its own close hooks: Redis, timers), then the store.
  await closeApp();
  await store?.close();
}

function closedOf(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) return resolve();
    socket.once('close', () => resolve());
  });
}
