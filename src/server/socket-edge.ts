import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { Allowance, type Edge } from './limits.ts';

/**
 * What every WebSocket of the server shares, the game's and the lobby's: the bound on a frame, the
 * allowance of messages per address, the bound on what waits for a slow reader, and the pings that
 * find the silent ones.
 */

/** Frames past this are not even read: the socket is closed (1009), as the protocol documents. */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Per connection: a burst of this many messages, refilled at the edge's rate a second. */
export const MESSAGE_BURST = 30;
/** Messages a second a connection may send once its burst is spent, unless the operator says otherwise. */
export const MESSAGE_RATE = 10;
/**
 * Per address, over all its sockets: a few players behind one address (a household, a school) play
 * at once, but twenty sockets do not each get a connection's allowance.
 */
const ADDRESS_MESSAGE_FACTOR = 3;
/** 1 MiB: a full sync of a big DiceWars map is tens of KB; a client this far behind has stopped reading. */
export const SEND_BUFFER_BYTES = 1024 * 1024;
export const PING_MS = 30_000;

/** The edge's allowances and bounds, with nothing dropped yet. */
export function newEdge(messageRate: number, sendBufferBytes: number): Edge {
  return {
    messageRate,
    addressMessages: new Allowance(messageRate * ADDRESS_MESSAGE_FACTOR, MESSAGE_BURST * 2),
    sendBufferBytes,
    dropped: { slow: 0, silent: 0 },
  };
}

/**
 * Pings every WebSocket each `pingMs`; one that has not answered the previous ping is gone (a phone
 * that lost its network, a half-open connection) and is closed, so its listeners and memory go too.
 */
export function keepAlive(app: FastifyInstance, pingMs: number, edge: Edge): void {
  const alive = new WeakSet<WebSocket>();
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
  });
  const timer = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        edge.dropped.silent++;
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, pingMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
