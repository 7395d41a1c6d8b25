import { createServer, type IncomingMessage, type OutgoingHttpHeaders, request, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { answer, clientAddress, forwarded, HOP_BY_HOP, rawAnswer, withoutHopByHop } from './forwarding.ts';
import { Holdings } from './limits.ts';

/**
 * The front door of a site made of several `hexarena serve` instances: one address for everyone, in
 * front of them all, as a load balancer is in front of a real site. A browser keeps its seats in the
 * site's localStorage, which belongs to the address it opened (its origin): behind one address the
 * seats are there whichever instance answers, so a player whose instance died reconnects to the same
 * address and plays on.
 *
 * Each request and each WebSocket goes to the instance holding fewest of them (in turn when equal);
 * an instance that refuses the connection is passed over for a moment and the request goes to the
 * next; when none answers, the client is told so in words (503). Instances learn the client's address
 * from X-Forwarded-For (start them with HEXARENA_TRUST_PROXY naming this proxy's address, and a high
 * HEXARENA_CONNECTIONS: every connection reaches them from here); the front door itself caps the
 * connections each client address holds. No keep-alive towards the instances: each request dials
 * its own connection, so a dead instance is noticed before anything of a request is sent to it.
 */

/** One instance behind the front door. */
export interface Instance {
  /** Its name, in the `x-hexarena-instance` header of every answer it gave and in what is logged. */
  readonly name: string;
  readonly host: string;
  readonly port: number;
}

export interface FrontDoorOptions {
  readonly instances: readonly Instance[];
  /** Connections (HTTP and WebSocket) one client address may hold at once (64, as an instance's own cap). */
  readonly connectionsPerAddress?: number;
  /** How long an instance that refused is passed over before it is tried again (1 s). */
  readonly downForMs?: number;
  /** How long an instance may take to accept a connection before it counts as down (3 s). */
  readonly connectTimeoutMs?: number;
  /** How long a request's line and headers may take to arrive (10 s), and the whole request (30 s). */
  readonly headersTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  /** Told when an instance is found down (with why) and when it answers again. */
  readonly onChange?: (instance: Instance, up: boolean, why: string) => void;
}

/** An instance as the front door sees it. */
export interface InstanceState extends Instance {
  /** False from a refused connection until one is accepted again. */
  readonly up: boolean;
  /** Requests in flight and WebSockets open through it now. */
  readonly active: number;
  /** Requests and WebSockets it has taken since the front door started. */
  readonly served: number;
}

export interface FrontDoor {
  readonly server: Server;
  /** Listens on `port` (0: any free one) at `host`; resolves with the port. */
  listen(port: number, host?: string): Promise<number>;
  instances(): InstanceState[];
  /** Stops listening and closes every connection, WebSockets included. */
  close(): Promise<void>;
}

/** Which instance answered: on every answer passed on, a WebSocket's 101 included. */
export const INSTANCE_HEADER = 'x-hexarena-instance';

/** A request's line and headers up to this size are passed on; an instance takes 16 KB and says so past it. */
const MAX_HEADER_BYTES = 32 * 1024;

const NONE_UP = "None of this site's servers answers just now: they may be restarting. Try again in a moment.";
const STOPPED = 'The server that took this request stopped before answering; it may or may not have done it. Try again.';

interface Target extends Instance {
  up: boolean;
  retryAt: number;
  active: number;
  served: number;
}

export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  if (options.instances.length === 0) throw new Error('a front door needs at least one instance behind it');
  const cap = options.connectionsPerAddress ?? 64;
  const headersTimeoutMs = options.headersTimeoutMs ?? 10_000;
  const instances = new Instances(options);
  const server = createServer({
    maxHeaderSize: MAX_HEADER_BYTES,
    headersTimeout: headersTimeoutMs,
    requestTimeout: options.requestTimeoutMs ?? 30_000,
    connectionsCheckingInterval: Math.min(1000, headersTimeoutMs / 2),
  });
  const clients = capClientConnections(server, cap);
  server.on('clientError', answerClientError);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (clients.refused.has(req.socket)) return;
    void passOnRequest(instances, req, res);
  });
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    if (clients.refused.has(client)) return;
    void passOnUpgrade(instances, req, client, head);
  });
  return {
    server,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as { port: number }).port);
        });
      }),
    instances: () => instances.states(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of clients.held) socket.destroy();
      }),
  };
}

/** A connection to an instance, held by it (counted in its `active`) until `release`. */
interface Dialed {
  readonly target: Target;
  readonly socket: Socket;
  readonly release: () => void;
}

/** The instances behind the front door: which are up, how much each holds, and which to dial next. */
class Instances {
  private readonly targets: Target[];
  private turn = 0;
  private readonly downForMs: number;
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: FrontDoorOptions) {
    this.downForMs = options.downForMs ?? 1000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.targets = options.instances.map((i) => ({ name: i.name, host: i.host, port: i.port, up: true, retryAt: 0, active: 0, served: 0 }));
  }

  states(): InstanceState[] {
    return this.targets.map((t) => ({ name: t.name, host: t.host, port: t.port, up: t.up, active: t.active, served: t.served }));
  }

  /** The instances to try, best first: those not known down, fewest held, in turn when equal. */
  private ranked(): Target[] {
    const { targets } = this;
    const now = Date.now();
    const start = this.turn++ % targets.length;
    const order = (t: Target) => (targets.indexOf(t) - start + targets.length) % targets.length;
    const resting = (t: Target) => (!t.up && now < t.retryAt ? 1 : 0);
    return [...targets].sort((a, b) => resting(a) - resting(b) || a.active - b.active || order(a) - order(b));
  }

  /** `t` refused or failed: passed over for a moment; told once, when it goes down. */
  markDown(t: Target, why: string): void {
    t.retryAt = Date.now() + this.downForMs;
    if (!t.up) return;
    t.up = false;
    this.options.onChange?.(t, false, why);
  }

  private markUp(t: Target): void {
    if (t.up) return;
    t.up = true;
    this.options.onChange?.(t, true, 'it accepts connections again');
  }

  /** A connection to the first instance that accepts one (held by it until `release`), or null when none does. */
  async dial(): Promise<Dialed | null> {
    for (const target of this.ranked()) {
      // Counted while dialing, so that requests arriving together spread.
      target.active++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        target.active--;
      };
      try {
        const socket = await connectTo(target, this.connectTimeoutMs);
        this.markUp(target);
        target.served++;
        return { target, socket, release };
      } catch (e) {
        release();
        this.markDown(target, e instanceof Error ? e.message : String(e));
      }
    }
    return null;
  }
}

/**
 * Every client connection, held against its address's cap (past it, answered 429 and closed) and
 * closed by close(); the refused ones, whose requests are never passed on.
 */
function capClientConnections(server: Server, cap: number): { held: Set<Socket>; refused: WeakSet<Socket> } {
  const holdings = new Holdings(cap);
  const held = new Set<Socket>();
  const refused = new WeakSet<Socket>();
  server.on('connection', (socket: Socket) => {
    const release = holdings.take(clientAddress(socket));
    if (!release) {
      refused.add(socket);
      const body = `This address holds ${cap} connections to the site already: close some first.\n`;
      socket.end(rawAnswer(429, 'Too Many Requests', 'text/plain; charset=utf-8', body), () => socket.destroy());
      return;
    }
    held.add(socket);
    socket.once('close', () => {
      release();
      held.delete(socket);
    });
  });
  return { held, refused };
}

/** Requests Node refuses before they are read (too long, malformed): a plain answer in words. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
  const body = tooLong
    ? `This address is longer than the site takes (${MAX_HEADER_BYTES / 1024} KB).\n`
    : 'The site could not read this request.\n';
  socket.end(
    rawAnswer(tooLong ? 431 : 400, tooLong ? 'Request Header Fields Too Large' : 'Bad Request', 'text/plain; charset=utf-8', body),
  );
}

/** A request passed on to an instance, its answer back to the client; a 503 when none answers, a 502 when it stops midway. */
async function passOnRequest(instances: Instances, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const picked = await instances.dial();
  if (!picked) return answer(req, res, 503, 'Try again', NONE_UP);
  const { target, socket, release } = picked;
  if (res.destroyed || req.socket.destroyed) {
    socket.destroy();
    return release();
  }
  const upstream = request({
    host: target.host,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: { ...forwarded(req), connection: 'close' },
    createConnection: () => socket,
  });
  res.once('close', () => {
    // The client went away before the answer was done: the instance's connection goes too.
    if (!res.writableFinished) upstream.destroy();
    release();
  });
  upstream.once('response', (answered) => {
    const headers: OutgoingHttpHeaders = withoutHopByHop(answered.headers);
    headers[INSTANCE_HEADER] = target.name;
    res.writeHead(answered.statusCode ?? 502, answered.statusMessage, headers);
    answered.pipe(res);
    answered.once('error', () => res.destroy());
    answered.once('aborted', () => res.destroy());
  });
  upstream.once('error', (e) => {
    // Destroyed above, for a client that went away: nothing to say, and the instance is not to blame.
    if (res.headersSent || res.destroyed || req.socket.destroyed) {
      res.destroy();
      return;
    }
    instances.markDown(target, `it stopped during a request (${e.message})`);
    answer(req, res, 502, 'Try again', STOPPED);
  });
  req.pipe(upstream);
}

/** A WebSocket's opening passed on to an instance: once it upgrades, the two sockets are joined both ways. */
async function passOnUpgrade(instances: Instances, req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
  const picked = await instances.dial();
  if (!picked) {
    client.end(rawAnswer(503, 'Service Unavailable', 'application/json', JSON.stringify({ error: NONE_UP }), ['Retry-After: 1']));
    return;
  }
  const { target, socket, release } = picked;
  if (client.destroyed) {
    socket.destroy();
    return release();
  }
  const upstream = request({
    host: target.host,
    port: target.port,
    method: req.method,
    path: req.url,
    headers: forwarded(req, true),
    createConnection: () => socket,
  });
  // Until the instance has answered, the client's going away ends the attempt.
  const early = () => upstream.destroy();
  client.once('close', early);
  upstream.once('upgrade', (answered: IncomingMessage, instanceSocket: Socket, instanceHead: Buffer) => {
    client.off('close', early);
    joinSockets(picked, client, head, answered, instanceSocket, instanceHead);
  });
  // Not upgraded (no such game, too many connections, …): the instance's answer is passed on whole.
  upstream.once('response', (answered) => {
    const chunks: Buffer[] = [];
    answered.on('data', (c: Buffer) => chunks.push(c));
    answered.once('end', () => {
      client.off('close', early);
      client.end(wholeAnswer(answered, Buffer.concat(chunks), target.name));
      upstream.destroy();
      release();
    });
    answered.once('error', () => {
      client.destroy();
      release();
    });
  });
  upstream.once('error', (e) => {
    client.off('close', early);
    release();
    if (client.destroyed) return;
    instances.markDown(target, `it stopped during a WebSocket's opening (${e.message})`);
    client.end(rawAnswer(502, 'Bad Gateway', 'application/json', JSON.stringify({ error: STOPPED })));
  });
  upstream.end();
}

/** The client's socket and the instance's, upgraded, as one connection in two halves: whichever ends or fails, both close. */
function joinSockets(
  { target, release }: Dialed,
  client: Socket,
  head: Buffer,
  answered: IncomingMessage,
  instanceSocket: Socket,
  instanceHead: Buffer,
): void {
  const both = () => {
    client.destroy();
    instanceSocket.destroy();
    release();
  };
  instanceSocket.on('error', both);
  instanceSocket.once('close', both);
  client.once('close', both);
  if (client.destroyed) {
    both();
    return;
  }
  client.setNoDelay(true);
  instanceSocket.setNoDelay(true);
  const lines = [`HTTP/1.1 ${answered.statusCode} ${answered.statusMessage}`];
  for (let i = 0; i < answered.rawHeaders.length; i += 2) lines.push(`${answered.rawHeaders[i]}: ${answered.rawHeaders[i + 1]}`);
  lines.push(`${INSTANCE_HEADER}: ${target.name}`);
  client.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (instanceHead.length > 0) client.write(instanceHead);
  if (head.length > 0) instanceSocket.write(head);
  client.pipe(instanceSocket);
  instanceSocket.pipe(client);
}

/** An instance's answer that did not upgrade, whole, with the instance named and the connection's own headers left out. */
function wholeAnswer(answered: IncomingMessage, body: Buffer, instance: string): Buffer {
  const extra = [`${INSTANCE_HEADER}: ${instance}`];
  for (let i = 0; i < answered.rawHeaders.length; i += 2) {
    const name = answered.rawHeaders[i] as string;
    if (!HOP_BY_HOP.includes(name.toLowerCase()) && name.toLowerCase() !== 'content-length')
      extra.push(`${name}: ${answered.rawHeaders[i + 1]}`);
  }
  return rawAnswer(answered.statusCode ?? 502, answered.statusMessage ?? '', null, body, extra);
}

/** A TCP connection to `target`, once it is accepted. */
function connectTo(target: Instance, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`it did not accept a connection in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(e.code === 'ECONNREFUSED' ? 'connection refused' : e.message));
    });
  });
}
