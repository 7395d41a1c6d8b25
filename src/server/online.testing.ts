import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { parseLobbyMessage, parseServerMessage } from '@hexarena/engines/protocol/index.ts';
import { WebSocket } from 'ws';
import { untilReady } from './local-services.ts';

/** A real `hexarena serve` process on loopback, for the online tests. */
export interface ServerProcess {
  readonly base: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Ends the process the hard way and waits until it is gone. */
  kill(): Promise<void>;
  /** What the server wrote to stderr so far (its last 64 KB): for a failing test to show. */
  stderr(): string;
}

const bin = fileURLToPath(new URL('../../bin/hexarena.js', import.meta.url));

/**
 * A port for a test's server, free now and not handed to anyone else meanwhile: below the kernel's
 * ephemeral range (32768 and up), so no bind(0) of another test file takes it between this probe and
 * the server's own bind (which for a cluster comes seconds later), and in a band of its own for each
 * of vitest's workers. A port still held (a process another test left) is passed over.
 */
const PORT_BAND = 400;
// Where in the band this process starts: at a place of its own, so that another run of vitest on the
// machine, whose workers have the same bands, does not try the same ports in the same order (an
// instance of serve:cluster lost its port so, and its test waited out its limit).
let nextPort = Math.floor(Math.random() * PORT_BAND);
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? 0) % 30;
  for (let tries = 0; tries < PORT_BAND; tries++) {
    const port = 20_000 + worker * PORT_BAND + (nextPort++ % PORT_BAND);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in this worker's band (${20_000 + worker * PORT_BAND} and on)`);
}

function bindable(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Starts the server with its store in `dataDir` on `port` (a free one by default), serving a tiny app
 * build of its own unless `env` names one (HEXARENA_WEB_DIST).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  if (port !== undefined) return startServerOn(dataDir, env, port);
  // A port found free here can be taken before the server binds it by a process of another run of
  // vitest on the same machine (its workers' bands are these): another port is tried then.
  for (let tries = 1; ; tries++) {
    try {
      return await startServerOn(dataDir, env, await freePort());
    } catch (e) {
      if (tries >= 5 || !(e instanceof Error) || !e.message.includes('EADDRINUSE')) throw e;
    }
  }
}

async function startServerOn(dataDir: string, env: Record<string, string>, port: number): Promise<ServerProcess> {
  const web = path.join(dataDir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html lang="en"><title>hexarena</title>');
  const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', dataDir], {
    env: { ...process.env, HEXARENA_WEB_DIST: web, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-65_536);
  });
  const kill = await untilReady(child, 'hexarena is at', 'server');
  return { base: `http://127.0.0.1:${port}`, port, child, kill, stderr: () => stderr };
}

export type Message = Record<string, unknown> & { type: string };

/** A WebSocket client that keeps every message and waits for the ones a test expects. */
export class Client {
  readonly messages: Message[] = [];
  readonly raw: string[] = [];
  /** Messages parseServerMessage refused, with why. */
  readonly unreadable: string[] = [];
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void; reject: (e: Error) => void }[] = [];
  private closed = false;
  private constructor(
    readonly socket: WebSocket,
    private readonly checked = true,
    private readonly parse: (text: string) => Result<unknown> = parseServerMessage,
  ) {
    // A closed connection answers nothing more: whoever waits is told so.
    socket.on('close', (code, reason) => {
      this.closed = true;
      // The code says who closed it and why (1006: the server went away without a word).
      const why = `the connection closed (code ${code}${reason.length > 0 ? `: ${reason.toString()}` : ''})`;
      for (const w of this.waiters) w.reject(new Error(why));
      this.waiters = [];
    });
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      // Every message the server sends is one the wire module reads: a test fails at close otherwise
      // (a load generator skips the check: its CPU is the server's on a small machine).
      if (this.checked) {
        const parsed = this.parse(text);
        if (!parsed.ok) this.unreadable.push(`${parsed.error.message}: ${text.slice(0, 300)}`);
      }
      const m = JSON.parse(text) as Message;
      this.messages.push(m);
      for (const w of this.waiters.filter((w) => w.test(m))) {
        w.resolve(m);
        this.waiters = this.waiters.filter((x) => x !== w);
      }
    });
  }

  /** Opens a client on game `id` (from `from`, an address of 127.0.0.0/8 acting as another client). */
  static async open(
    base: string,
    id: string,
    since?: number,
    from?: string,
    headers?: Record<string, string>,
    /** Whether every message is checked against the protocol (a load generator says no). */
    checked = true,
  ): Promise<Client> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/ws${since === undefined ? '' : `?since=${since}`}`, {
      ...(from ? { localAddress: from } : {}),
      ...(headers ? { headers } : {}),
    });
    const client = new Client(socket, checked);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Opens a client on the lobby's socket (pools and their pairing). */
  static async lobby(base: string, from?: string, headers?: Record<string, string>): Promise<Client> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/lobby/ws`, {
      ...(from ? { localAddress: from } : {}),
      ...(headers ? { headers } : {}),
    });
    const client = new Client(socket, true, parseLobbyMessage);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** The first message (already received or still to come) that passes `test`, after `from`. */
  next(test: (m: Message) => boolean, from = 0): Promise<Message> {
    const seen = this.messages.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    if (this.closed) return Promise.reject(new Error('the connection closed'));
    return new Promise((resolve, reject) => this.waiters.push({ test, resolve, reject }));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends an intent with an id and waits for its answer (or the error that refused it). */
  async ask(message: Record<string, unknown>): Promise<Message> {
    const id = `${Math.random()}`;
    const from = this.messages.length;
    this.send({ ...message, id });
    return this.next((m) => ['answer', 'done', 'error', 'forecast'].includes(m.type) && m.id === id, from);
  }

  /** Closes the socket; throws if the server sent anything the wire module could not read. */
  close(): void {
    this.socket.close();
    if (this.unreadable.length > 0) throw new Error(`the server sent messages the protocol does not allow:\n${this.unreadable.join('\n')}`);
  }
}

export async function post(base: string, url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

export interface Answered {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The body as JSON, or null when it is not JSON. */
  readonly json: Record<string, unknown> | null;
}

/**
 * One HTTP request on a connection of its own, from `from` (an address of 127.0.0.0/8 acting as
 * another client): `path` is sent exactly as given, spelling included.
 */
export function request(
  base: string,
  path: string,
  options: { method?: string; body?: unknown; from?: string; headers?: Record<string, string> } = {},
): Promise<Answered> {
  const url = new URL(base);
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json: Record<string, unknown> | null = null;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A bare TCP connection from `from` that sends `head` (a request's first bytes, perhaps never
 * finished) and keeps whatever comes back: what a slowloris client or a dead WebSocket peer looks like.
 */
export async function rawConnection(base: string, head: string, from?: string): Promise<RawConnection> {
  const url = new URL(base);
  const socket = connect({ host: url.hostname, port: Number(url.port), ...(from ? { localAddress: from } : {}) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return new RawConnection(socket, head);
}

export class RawConnection {
  received = '';
  /** Resolves when the server has closed the connection. */
  readonly closed: Promise<void>;
  constructor(
    readonly socket: Socket,
    head: string,
  ) {
    socket.on('data', (d: Buffer) => {
      this.received += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    if (head !== '') socket.write(head);
  }

  /** Waits until what was received includes `text`. */
  async until(text: string): Promise<void> {
    while (!this.received.includes(text)) {
      await Promise.race([new Promise((resolve) => this.socket.once('data', resolve)), this.closed]);
      if (this.socket.destroyed && !this.received.includes(text))
        throw new Error(`closed before "${text}": ${this.received.slice(0, 200)}`);
    }
  }
}

/** The first bytes of a WebSocket upgrade for `path`: the server answers 101 and speaks frames after. */
export function upgradeHead(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;
}

/**
 * A client that stops reading once it has the answer's head: it connects with a receive buffer of a
 * few KB and small segments (Node cannot set either; Python can), so what the server sends piles up
 * on the server's side after some KB in the kernel — on loopback's 64 KB segments the kernel would
 * otherwise buffer megabytes — as behind a slow or stalled network. `head` may go on past the request
 * (a WebSocket's frames, sent at once after the upgrade's request). Stopped by `stop`.
 */
export async function stalledReader(base: string, head: string | Buffer): Promise<{ stop(): void }> {
  const { stop } = await stalledClient(base, head, / (101|200) /, 'stalled reader', false);
  return { stop };
}

/**
 * A WebSocket client that never reads past the upgrade's answer, as stalledReader, and that sends on
 * whatever it is fed: frames the server answers, whose answers then wait on the server's side.
 */
export function stalledSender(base: string, path: string): Promise<{ feed(bytes: Buffer): void; stop(): void }> {
  return stalledClient(base, upgradeHead(path), / 101 /, 'stalled sender', true);
}

/** The Python client behind both: sends `head`, reads the answer's head only, then sends what it is fed (when `fed`). */
async function stalledClient(
  base: string,
  head: string | Buffer,
  answered: RegExp,
  what: string,
  fed: boolean,
): Promise<{ feed(bytes: Buffer): void; stop(): void }> {
  const url = new URL(base);
  const bytes = typeof head === 'string' ? Buffer.from(head) : head;
  const script = `
import socket, sys, time
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
s.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 536)
s.connect((sys.argv[1], int(sys.argv[2])))
s.sendall(sys.stdin.buffer.read(int(sys.argv[3])))
got = b''
while b'\\r\\n\\r\\n' not in got:
    chunk = s.recv(1)
    if not chunk: sys.exit(1)
    got += chunk
print(got.split(b'\\r\\n')[0].decode(), flush=True)
while True:
    chunk = sys.stdin.buffer.read1(65536)
    if not chunk: break
    s.sendall(chunk)
while True: time.sleep(3600)
`;
  const child = spawn('python3', ['-c', script, url.hostname, url.port, String(bytes.length)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(bytes);
  if (!fed) child.stdin.end();
  const status = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the ${what} ended (${code}) before an answer: ${out}`)));
  });
  if (!answered.test(status)) throw new Error(`the ${what} was answered ${status}`);
  return { feed: (more) => child.stdin.write(more), stop: () => child.kill('SIGKILL') };
}

/**
 * A bot's event stream, read as it comes: `take` gives the messages not yet taken, `lines` every
 * message so far; `ended` settles, and `closed` turns true, when the server closes it.
 */
export async function openBotStream(base: string, token: string) {
  const url = new URL(base);
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet({ host: url.hostname, port: url.port, path: '/api/bot/stream', headers: { authorization: `Bearer ${token}` } }, resolve).on(
      'error',
      reject,
    ),
  );
  let text = '';
  let taken = 0;
  let closed = false;
  res.setEncoding('utf8');
  res.on('data', (d: string) => {
    text += d;
  });
  res.on('error', () => undefined);
  const ended = new Promise<void>((resolve) =>
    res.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  const parsed = (lines: string) =>
    lines
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    ended,
    get closed() {
      return closed;
    },
    lines: () => parsed(text),
    take(): Record<string, unknown>[] {
      const cut = text.lastIndexOf('\n') + 1;
      const lines = parsed(text.slice(taken, cut));
      taken = cut;
      return lines;
    },
    more: () => new Promise<void>((resolve) => res.once('data', () => resolve())),
    close: () => res.destroy(),
  };
}

/**
 * A bot as its author makes one: a player's account (signed up here, with a session cookie from the
 * site's own origin), then the bot under it. Its name and token; and the owner's cookie.
 */
export async function registerBot(base: string, name: string, from?: string): Promise<{ name: string; token: string; owner: string }> {
  const headers = { origin: base };
  const owner = `o${Math.random().toString(36).slice(2, 12)}`;
  const signed = await request(base, '/api/account', {
    body: { username: owner, password: 'bot owner password 1' },
    headers,
    ...(from ? { from } : {}),
  });
  const cookie = signed.headers['set-cookie']?.[0]?.split(';')[0];
  if (signed.status !== 201 || !cookie) throw new Error(`the bot's owner could not sign up: ${signed.text}`);
  const made = await request(base, '/api/bots', { body: { name }, headers: { ...headers, cookie }, ...(from ? { from } : {}) });
  if (made.status !== 201) throw new Error(`the bot ${name} could not be made: ${made.text}`);
  return { name, token: made.json?.token as string, owner: cookie };
}

/** A browser: one address, one cookie, sent back as browsers do; its pages are the site's own. */
export class Browser {
  cookie: string | null = null;
  constructor(
    readonly base: string,
    readonly from: string,
  ) {}

  async ask(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answered> {
    const answer = await request(this.base, url, {
      method,
      ...(body === undefined ? {} : { body }),
      from: this.from,
      headers: { origin: this.base, 'sec-fetch-site': 'same-origin', ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    const set = answer.headers['set-cookie']?.[0];
    if (set) {
      const pair = set.split(';')[0] as string;
      this.cookie = pair.endsWith('=') ? null : pair;
    }
    return answer;
  }

  /** The lobby's socket, with this browser's cookie. */
  lobby(): Promise<Client> {
    return Client.lobby(this.base, this.from, { origin: this.base, ...(this.cookie ? { cookie: this.cookie } : {}) });
  }
}

export const signUp = (b: Browser, username: string, password = 'correct horse battery'): Promise<Answered> =>
  b.ask('POST', '/api/account', { username, password });
