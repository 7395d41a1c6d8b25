import type { ClientIntent, ClientMessage } from '@hexarena/engines/protocol/index.ts';
import { parseServerMessage, type ServerMessage } from './protocol.ts';

/** How the page is connected to its game: live, or trying again after losing the server. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'gone';

/** The answer to an intent: the server's own, or the socket's error message for it. */
export type IntentAnswer = Extract<ServerMessage, { type: 'answer' | 'done' | 'error' | 'forecast' }>;

/** Waits between attempts to reconnect: quick at first, then every few seconds. */
const RETRY_MS = [250, 500, 1000, 2000, 4000];

/**
 * One WebSocket to one game that does not give up: when it drops it comes back, saying the last
 * version the page has (`since`), so the server sends exactly what was missed. Intents not yet
 * answered are sent again with the same ids: the server acknowledges a move it already has instead
 * of playing it twice.
 */
export class GameConnection {
  private socket: WebSocket | null = null;
  private closed = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sent = 0;
  private readonly pending = new Map<string, { text: string; resolve: (answer: IntentAnswer) => void }>();

  constructor(
    private readonly gameId: string,
    /** The last version the page has, or null for a full sync. */
    private readonly since: () => number | null,
    private readonly on: { message(m: ServerMessage): void; state(s: ConnectionState): void },
  ) {
    this.open('connecting');
  }

  private open(state: ConnectionState): void {
    this.on.state(state);
    const url = new URL(`/api/games/${encodeURIComponent(this.gameId)}/ws`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const since = this.since();
    if (since !== null) url.searchParams.set('since', String(since));
    const socket = new WebSocket(url);
    this.socket = socket;
    // Live once the server's first message (the sync, or the events missed) is in: a page that took
    // moves on the socket's opening alone could begin a move on the position it had before, and lose
    // it when the sync came.
    let caughtUp = false;
    socket.onopen = () => {
      this.attempt = 0;
      for (const { text } of this.pending.values()) socket.send(text);
    };
    socket.onmessage = (e: MessageEvent) => {
      const message = typeof e.data === 'string' ? parseServerMessage(e.data) : null;
      if (!message) return;
      if (
        (message.type === 'answer' || message.type === 'done' || message.type === 'error' || message.type === 'forecast') &&
        message.id !== undefined
      ) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        waiting?.resolve(message);
      }
      this.on.message(message);
      if (!caughtUp) {
        caughtUp = true;
        this.on.state('live');
      }
    };
    socket.onclose = (e: CloseEvent) => {
      if (this.closed || this.socket !== socket) return;
      // 4404: there is no such game; trying again would not make one.
      if (e.code === 4404) {
        this.on.state('gone');
        return;
      }
      // With no network at all, trying is pointless: the browser says when it is back.
      if (navigator.onLine === false) {
        this.on.state('offline');
        window.addEventListener('online', () => this.socket === socket && !this.closed && this.open('reconnecting'), { once: true });
        return;
      }
      this.on.state('reconnecting');
      const wait = RETRY_MS[Math.min(this.attempt++, RETRY_MS.length - 1)] as number;
      this.timer = setTimeout(() => this.open('reconnecting'), wait);
    };
  }

  /** Drops the socket and connects again at once (after a gap in the events, say). */
  restart(): void {
    const old = this.socket;
    this.socket = null;
    old?.close();
    clearTimeout(this.timer);
    this.open('reconnecting');
  }

  /** Sends an intent; the promise holds the server's answer, however many reconnections it takes. */
  send(intent: ClientIntent): Promise<IntentAnswer> {
    const id = `i${++this.sent}-${Math.random().toString(36).slice(2, 8)}`;
    const message: ClientMessage = { ...intent, id };
    const text = JSON.stringify(message);
    return new Promise((resolve) => {
      this.pending.set(id, { text, resolve });
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(text);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close();
  }
}
