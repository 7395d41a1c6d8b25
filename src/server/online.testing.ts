import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { untilReady } from './local-services.ts';

/** A real `hexarena serve` process on loopback, for the online tests. */
export interface ServerProcess {
  readonly base: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Ends the process the hard way and waits until it is gone. */
  kill(): Promise<void>;
}

const bin = fileURLToPath(new URL('../../bin/hexarena.js', import.meta.url));

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the server with its store in `dataDir` on `port` (a free one by default), serving a tiny app
 * build of its own unless `env` names one (HEXARENA_WEB_DIST).
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const web = path.join(dataDir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>hexarena</title>');
  port ??= await freePort();
  const child = spawn(process.execPath, [bin, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', dataDir], {
    env: { ...process.env, HEXARENA_WEB_DIST: web, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kill = await untilReady(child, 'hexarena is at', 'server');
  return { base: `http://127.0.0.1:${port}`, port, child, kill };
}

export type Message = Record<string, unknown> & { type: string };

/** A WebSocket client that keeps every message and waits for the ones a test expects. */
export class Client {
  readonly messages: Message[] = [];
  readonly raw: string[] = [];
  private waiters: { test: (m: Message) => boolean; resolve: (m: Message) => void; reject: (e: Error) => void }[] = [];
  private closed = false;
  private constructor(readonly socket: WebSocket) {
    // A closed connection answers nothing more: whoever waits is told so.
    socket.on('close', () => {
      this.closed = true;
      for (const w of this.waiters) w.reject(new Error('the connection closed'));
      this.waiters = [];
    });
    socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const m = JSON.parse(text) as Message;
      this.messages.push(m);
      for (const w of this.waiters.filter((w) => w.test(m))) {
        w.resolve(m);
        this.waiters = this.waiters.filter((x) => x !== w);
      }
    });
  }

  static async open(base: string, id: string, since?: number): Promise<Client> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/ws${since === undefined ? '' : `?since=${since}`}`);
    const client = new Client(socket);
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
    return this.next((m) => (m.type === 'answer' || m.type === 'error') && m.id === id, from);
  }

  close(): void {
    this.socket.close();
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
