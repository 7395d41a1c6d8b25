import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createFrontDoor, type FrontDoor, INSTANCE_HEADER, type Instance } from './front-door.ts';
import { rawConnection, request, upgradeHead } from './online.testing.ts';

/** A tiny instance: says its name and what it was told of the client, echoes bodies and WebSocket messages. */
class Tiny {
  server!: Server;
  wss!: WebSocketServer;
  port = 0;
  readonly sockets = new Set<WebSocket>();
  /** The addresses of the requests it was sent. */
  readonly urls: string[] = [];
  constructor(readonly name: string) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      this.urls.push(req.url ?? '');
      if (req.url === '/die') {
        req.socket.destroy();
        return;
      }
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ instance: this.name, method: req.method, url: req.url, body, headers: req.headers }));
      });
    });
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (req, socket: Socket, head) => {
      if (req.url === '/nothing') {
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 29\r\n\r\n{"error":"no such game here"}');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.sockets.add(ws);
        ws.on('close', () => this.sockets.delete(ws));
        ws.send(JSON.stringify({ instance: this.name, forwardedFor: req.headers['x-forwarded-for'] }));
        ws.on('message', (data) => ws.send(`${this.name}: ${data.toString()}`));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  get instance(): Instance {
    return { name: this.name, host: '127.0.0.1', port: this.port };
  }

  /** Dies: stops listening and drops every connection, WebSockets included. */
  async stop(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => undefined);
  cleanup = [];
});

async function setUp(options: { connectionsPerAddress?: number } = {}) {
  const a = await new Tiny('a').start();
  const b = await new Tiny('b').start();
  const changes: string[] = [];
  const door: FrontDoor = createFrontDoor({
    instances: [a.instance, b.instance],
    downForMs: 100,
    ...options,
    onChange: (i, up, why) => changes.push(`${i.name} ${up ? 'up' : 'down'}: ${why}`),
  });
  const port = await door.listen(0);
  cleanup.push(
    () => door.close(),
    () => a.stop(),
    () => b.stop(),
  );
  return { a, b, door, changes, base: `http://127.0.0.1:${port}` };
}

/** A WebSocket through `base`, once open: the instance that took it (from the 101's header) and its messages. */
async function socket(base: string, path = '/api/games/x/ws', from?: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}${path}`, from ? { localAddress: from } : {});
  const messages: string[] = [];
  let waiting: (() => void) | null = null;
  ws.on('message', (d) => {
    messages.push(d.toString());
    waiting?.();
  });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const instance = await new Promise<string>((resolve, reject) => {
    ws.once('upgrade', (res) => resolve(String(res.headers[INSTANCE_HEADER])));
    ws.once('error', reject);
  });
  await new Promise<void>((resolve) => (ws.readyState === WebSocket.OPEN ? resolve() : ws.once('open', () => resolve())));
  const next = async (n: number) => {
    while (messages.length < n) await new Promise<void>((resolve) => (waiting = resolve));
    return messages[n - 1] as string;
  };
  return { ws, instance, messages, next, closed };
}

describe('the front door', () => {
  it('spreads requests over the instances, passes bodies and answers on, names the instance, and tells it the client (never what the client claims)', async () => {
    const { base } = await setUp();
    const served: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await request(base, `/api/games?i=${i}`, { from: '127.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6' } });
      expect(r.status).toBe(200);
      const json = r.json as { instance: string; url: string; headers: Record<string, string> };
      expect(r.headers[INSTANCE_HEADER]).toBe(json.instance);
      expect(json.url).toBe(`/api/games?i=${i}`);
      expect(json.headers['x-forwarded-for']).toBe('127.0.0.2');
      expect(json.headers['x-forwarded-host']).toBe(base.slice('http://'.length));
      served.push(json.instance);
    }
    expect(served.filter((s) => s === 'a')).toHaveLength(2);
    expect(served.filter((s) => s === 'b')).toHaveLength(2);
    const posted = await request(base, '/api/games', { body: { game: 'tictactoe' } });
    expect(posted.json).toMatchObject({ method: 'POST', body: '{"game":"tictactoe"}' });
  });

  it('spreads WebSockets (fewest held first), pipes them both ways, and closes both halves together', async () => {
    const { base, a, b, door } = await setUp();
    const first = await socket(base, '/api/games/x/ws', '127.0.0.3');
    const second = await socket(base);
    expect([first.instance, second.instance].sort()).toEqual(['a', 'b']);
    expect(JSON.parse(await first.next(1))).toEqual({ instance: first.instance, forwardedFor: '127.0.0.3' });
    first.ws.send('hello');
    expect(await first.next(2)).toBe(`${first.instance}: hello`);
    expect(door.instances().map((i) => i.active)).toEqual([1, 1]);

    // The client closes: the instance's half closes too.
    const onFirst = first.instance === 'a' ? a : b;
    first.ws.terminate();
    await expect.poll(() => onFirst.sockets.size).toBe(0);
    // The instance drops its half: the client's closes too.
    const onSecond = second.instance === 'a' ? a : b;
    for (const ws of onSecond.sockets) ws.terminate();
    await second.closed;
    await expect.poll(() => door.instances().map((i) => i.active)).toEqual([0, 0]);

    // An upgrade the instance refuses is answered as it answered.
    const refused = await rawConnection(base, upgradeHead('/nothing'));
    await refused.closed;
    expect(refused.received).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(refused.received).toMatch(/x-hexarena-instance: [ab]\r\n/);
    expect(refused.received).toMatch(/\r\n\r\n\{"error":"no such game here"\}$/);
  });

  it('an instance that is down is passed over: everything goes to the other, and to it again once it is back', async () => {
    const { base, a, b, changes } = await setUp();
    const lost = await socket(base);
    const kept = await socket(base);
    expect([lost.instance, kept.instance].sort()).toEqual(['a', 'b']);
    const [dead, live] = lost.instance === 'a' ? [a, b] : [b, a];
    const port = dead.port;
    await dead.stop();
    // Its WebSocket closes; the same address reaches the live instance.
    await lost.closed;
    const again = await socket(base);
    expect(again.instance).toBe(live.name);
    for (let i = 0; i < 4; i++) expect((await request(base, '/')).json).toMatchObject({ instance: live.name });
    expect(changes).toEqual([`${dead.name} down: connection refused`]);

    await dead.start(port);
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Back, it holds nothing while the other holds two WebSockets: it takes the new requests.
    for (let i = 0; i < 2; i++) expect((await request(base, '/')).json).toMatchObject({ instance: dead.name });
    expect(changes).toEqual([`${dead.name} down: connection refused`, `${dead.name} up: it accepts connections again`]);
  });

  it('none up: 503 in words (a page for a browser, JSON for a program, a refused WebSocket); an instance that dies mid-request: 502 in words', async () => {
    const { base, a, b } = await setUp();
    const died = await request(base, '/die');
    expect(died.status).toBe(502);
    expect(died.json?.error).toMatch(/^The server that took this request stopped before answering/);

    await a.stop();
    await b.stop();
    const program = await request(base, '/api/games');
    expect(program.status).toBe(503);
    expect(program.headers['retry-after']).toBe('1');
    expect(program.json).toEqual({ error: "None of this site's servers answers just now: they may be restarting. Try again in a moment." });
    const browser = await request(base, '/g/abc', { headers: { accept: 'text/html' } });
    expect(browser.status).toBe(503);
    expect(browser.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(browser.text).toContain("None of this site's servers answers just now");
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/x/ws`);
    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(503);
    ws.on('error', () => undefined);
    ws.terminate();
  });

  it('caps the connections one client address holds, WebSockets included; others are not held back', async () => {
    const { base, a, b } = await setUp({ connectionsPerAddress: 2 });
    const one = await socket(base, '/api/games/x/ws', '127.0.0.4');
    const two = await rawConnection(base, '', '127.0.0.4');
    // Past the cap: answered 429 and closed, and what it sent goes nowhere.
    const three = await rawConnection(base, 'POST /refused HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n', '127.0.0.4');
    await three.closed;
    expect(three.received).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(three.received).toContain('This address holds 2 connections to the site already: close some first.');
    expect(three.received).not.toContain('instance');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...a.urls, ...b.urls]).not.toContain('/refused');
    // Another address is not held back.
    expect((await request(base, '/', { from: '127.0.0.5' })).status).toBe(200);
    // A connection closed is one more for its address.
    one.ws.terminate();
    two.socket.destroy();
    await one.closed;
    await expect.poll(async () => (await request(base, '/', { from: '127.0.0.4' })).status).toBe(200);
  });
});
