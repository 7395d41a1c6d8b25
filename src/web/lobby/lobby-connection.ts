import { type LobbyIntent, type LobbyMessage, parseLobbyMessage } from '@hexarena/engines/protocol/lobby.ts';
import { refusalOf } from '../refusal-of.ts';

/** Waits between attempts to reconnect: quick at first, then every few seconds. */
const RETRY_MS = [250, 500, 1000, 2000, 4000];

/**
 * The lobby's socket, kept open: when it drops it comes back, and a player who was waiting in a pool
 * joins it again (the server keeps their place: the same wait, the same widening window).
 */
export class LobbyConnection {
  private socket: WebSocket | null = null;
  private closed = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The pool this page waits in, to join again after a reconnection. */
  private pool: string | null = null;
  /** The tournaments this page follows, to follow again after a reconnection (the server answers each with its version). */
  private readonly tournaments = new Set<string>();

  /**
   * `on` hears each message; an `error` comes with `refused`, the refusal with the code and values the
   * server sent beside its words.
   */
  constructor(private readonly on: (message: LobbyMessage, refused?: Error) => void) {
    this.open();
  }

  private open(): void {
    const url = new URL('/api/lobby/ws', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      if (this.pool) socket.send(JSON.stringify({ type: 'pool-join', pool: this.pool } satisfies LobbyIntent));
      for (const tournament of this.tournaments)
        socket.send(JSON.stringify({ type: 'tournament-follow', tournament } satisfies LobbyIntent));
    };
    socket.onmessage = (e: MessageEvent) => {
      const message = typeof e.data === 'string' ? parseLobbyMessage(e.data) : null;
      if (!message?.ok) return;
      if (message.value.type === 'paired' || (message.value.type === 'pool' && message.value.pool === null)) this.pool = null;
      if (message.value.type !== 'error') return this.on(message.value);
      this.on(message.value, refusalOf(message.value) ?? new Error(message.value.error));
    };
    socket.onclose = () => {
      if (this.closed || this.socket !== socket) return;
      const wait = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)] as number;
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  join(pool: string): void {
    this.pool = pool;
    this.send({ type: 'pool-join', pool });
  }

  leave(): void {
    this.pool = null;
    this.send({ type: 'pool-leave' });
  }

  /** Hears the tournament's changes from now on, and again after every reconnection. */
  follow(tournament: string): void {
    this.tournaments.add(tournament);
    this.send({ type: 'tournament-follow', tournament });
  }

  private send(intent: LobbyIntent): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(intent));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}
