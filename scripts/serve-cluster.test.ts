import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { WebSocket } from 'ws';
import { Client, freePort, type Message, post, request } from '../src/server/online.testing.ts';

/** `npm run serve:cluster` as a newcomer runs it: PostgreSQL, Redis, two instances and their front door, then Ctrl-C. */
const script = fileURLToPath(new URL('./serve-cluster.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-serve-cluster-'));
// As a project folder is: PostgreSQL's own user (when run as root) must reach the data folder inside it.
chmodSync(dir, 0o755);
afterAll(async () => {
  // A test that failed half-way leaves its cluster running: it is stopped as Ctrl-C would.
  await stopRuns();
  // An attempt whose cluster had to be killed leaves what it started: its instances and Redis (their
  // pids are kept in its folder) and PostgreSQL (which runs apart): stopped here, not left behind.
  for (let n = 1; n <= attempt; n++) stopLeftovers(path.join(dir, `cluster-${n}`));
  rmSync(dir, { recursive: true, force: true });
});

/** Stops the clusters still running, as Ctrl-C would; one that does not stop in 30 s is killed. */
async function stopRuns(): Promise<void> {
  for (const r of runs.filter((r) => r.child.exitCode === null && r.child.signalCode === null)) {
    r.child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), 30_000);
    });
    if ((await Promise.race([r.exited, late])) === 'late') {
      r.child.kill('SIGKILL');
      await r.exited;
    }
    clearTimeout(timer);
  }
}

/** Kills what a cluster in `data` left running, and stops its PostgreSQL. */
function stopLeftovers(data: string): void {
  try {
    for (const pid of JSON.parse(readFileSync(path.join(data, 'pids.json'), 'utf8')) as number[])
      if (alive(pid)) process.kill(pid, 'SIGKILL');
  } catch {}
  const cluster = path.join(data, 'postgres', 'data');
  if (!existsSync(path.join(cluster, 'postmaster.pid'))) return;
  const pgCtl = ['/usr/lib/postgresql'].flatMap((root) =>
    existsSync(root) ? readdirSync(root).map((v) => path.join(root, v, 'bin', 'pg_ctl')) : [],
  )[0];
  if (!pgCtl) return;
  const asRoot = process.getuid?.() === 0;
  spawnSync(asRoot ? 'runuser' : pgCtl, [...(asRoot ? ['-u', 'postgres', '--', pgCtl] : []), '-D', cluster, '-m', 'immediate', 'stop']);
}
const runs: Run[] = [];
let attempt = 0;
/** Where the test stands, said if it fails. */
let step = 'starting';

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Run {
  const web = path.join(dir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>hexarena</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, HEXARENA_WEB_DIST: web },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  runs.push({ child, output: () => output, exited });
  return runs.at(-1) as Run;
}

/** Resolves once the cluster says it is ready; fails with its output if it exits first. */
async function ready(r: Run): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (r.output().includes('serve:cluster: ready:')) resolve();
    };
    r.child.stdout?.on('data', check);
    check();
    void r.exited.then((code) => reject(new Error(`serve:cluster exited (${code}): ${r.output()}`)));
  });
}

/** Whether process `pid` still runs (a zombie counts as gone). */
const alive = (pid: number) => {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const stopped = async (r: Run) => {
  r.child.kill('SIGINT');
  return r.exited;
};

/**
 * A player's WebSocket to game `id` through the site's address, as the browser opens it: which
 * instance the front door gave it (the 101's x-hexarena-instance), what it was sent, and intents.
 */
class Player {
  private constructor(
    readonly socket: WebSocket,
    readonly instance: string,
    readonly messages: Message[],
    readonly closed: Promise<void>,
  ) {}

  static async open(site: string, id: string, since?: number): Promise<Player> {
    const socket = new WebSocket(`${site.replace('http', 'ws')}/api/games/${id}/ws${since === undefined ? '' : `?since=${since}`}`);
    // Kept from the first: what was missed may come in the same packet as the 101.
    const messages: Message[] = [];
    socket.on('message', (d) => messages.push(JSON.parse(d.toString()) as Message));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const instance = await new Promise<string>((resolve, reject) => {
      socket.once('upgrade', (res) => resolve(String(res.headers['x-hexarena-instance'])));
      socket.once('error', reject);
    });
    if (socket.readyState !== WebSocket.OPEN) await new Promise((resolve) => socket.once('open', resolve));
    return new Player(socket, instance, messages, closed);
  }

  /** The first message (already received or still to come) that passes `test`. */
  async next(test: (m: Message) => boolean): Promise<Message> {
    for (;;) {
      const seen = this.messages.find(test);
      if (seen) return seen;
      if (this.socket.readyState !== WebSocket.OPEN) throw new Error('the connection closed');
      await Promise.race([new Promise((resolve) => this.socket.once('message', resolve)), this.closed]);
    }
  }

  async ask(message: Record<string, unknown>): Promise<Message> {
    const id = `${Math.random()}`;
    this.socket.send(JSON.stringify({ ...message, id }));
    return this.next((m) => (m.type === 'answer' || m.type === 'error') && m.id === id);
  }
}

/** The process of the instance serving `port`, among those the cluster started. */
function instanceOn(data: string, port: number): number {
  const pids = JSON.parse(readFileSync(path.join(data, 'pids.json'), 'utf8')) as number[];
  const pid = pids.find((p) => alive(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`serve\0--port\0${port}\0`));
  if (pid === undefined) throw new Error(`no instance on port ${port}`);
  return pid;
}

describe('npm run serve:cluster', () => {
  // In about one loaded run in four, O's socket on the surviving instance was synced at the position
  // before X's move and never heard of it: the killed instance had answered the move with its notice
  // still held back by ioredis's auto-pipelining, and died with it (fixed in fanout.ts: each notice is
  // written before the move is answered). Retried once, on a cluster of its own; where the test
  // stood and what the cluster said are printed on failure.
  it('starts PostgreSQL, Redis, two instances that share games and a front door; a seat outlives its instance behind the front door; Ctrl-C stops them all; the games are there next time; a run killed -9 is cleaned up by the next', {
    retry: 1,
  }, async () => {
    // A retry starts clean: the earlier attempt's cluster is stopped as Ctrl-C would (or killed).
    await stopRuns();
    attempt++;
    const [front, a, b, pgPort, redisPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const data = path.join(dir, `cluster-${attempt}`);
    const args = [
      '--data',
      data,
      '--port',
      String(front),
      '--ports',
      `${a},${b}`,
      '--pg-port',
      String(pgPort),
      '--redis-port',
      String(redisPort),
    ];
    let cluster = run(args);
    // A failure (a time-out above all) shows what the cluster said: where it stopped is there.
    onTestFailed(() => {
      process.stderr.write(`--- the test stood at: ${step}\n`);
      for (const r of runs) process.stderr.write(`--- serve:cluster said:\n${r.output()}\n`);
    });
    step = 'waiting for the cluster to be ready';
    await ready(cluster);
    step = 'playing across the instances';
    const [onA, onB] = [`http://127.0.0.1:${a}`, `http://127.0.0.1:${b}`];
    const created = await post(onA, '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 });
    const id = created.json.id as string;
    const o = await post(onB, `/api/games/${id}/seats/1`, {});
    expect(o.status).toBe(201);
    const x = await Client.open(onA, id);
    expect(await x.ask({ type: 'move', seat: 0, token: created.json.token, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    // O plays on the other instance once that instance has X's move (it comes through Redis).
    const watcher = await Client.open(onB, id);
    const synced = await watcher.next((m) => m.type === 'sync');
    if ((synced.game as { version: number }).version < 1)
      await watcher.next((m) => m.type === 'event' && (m.event as { version: number }).version >= 1);
    expect(await watcher.ask({ type: 'move', seat: 1, token: o.json.token, move: 'a1', version: 1 })).toMatchObject({ ok: true });
    // X, on the other instance, hears of O's move.
    expect((await x.next((m) => m.type === 'event' && (m.event as { version: number }).version === 2)).event).toMatchObject({ move: 'a1' });
    for (const c of [x, watcher]) c.close();

    // The site's one address, the front door: the browser's seats are kept for it, whichever instance
    // answers. The instance serving a player dies; the player reconnects to the same address and plays on.
    const site = `http://127.0.0.1:${front}`;
    const made = await request(site, '/api/games', { body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 } });
    expect(made.status).toBe(201);
    expect(['a', 'b']).toContain(made.headers['x-hexarena-instance']);
    const game = made.json?.id as string;
    const xToken = made.json?.token as string;
    const oSeat = await post(site, `/api/games/${game}/seats/1`, {});
    expect(oSeat.status).toBe(201);
    step = 'opening the player through the front door';
    const player = await Player.open(site, game);
    expect(await player.ask({ type: 'move', seat: 0, token: xToken, move: 'b2', version: 0 })).toMatchObject({ ok: true });
    const [dead, live] = player.instance === 'a' ? ['a', 'b'] : ['b', 'a'];
    process.kill(instanceOn(data, dead === 'a' ? a : b), 'SIGKILL');
    step = `waiting for the player's socket to close (instance ${dead} killed)`;
    await player.closed;
    await expect.poll(() => cluster.output()).toContain(`serve:cluster: instance ${dead} exited (SIGKILL)`);
    // O moves through the same address: the live instance takes it.
    step = 'opening O through the front door after the kill';
    const o2 = await Player.open(site, game);
    expect(o2.instance).toBe(live);
    // (X's move reaches it from the store, or from Redis if it held the game already.)
    step = `waiting for O's sync from instance ${o2.instance}`;
    const oSynced = await o2.next((m) => m.type === 'sync');
    step = `waiting for X's move on instance ${o2.instance} (synced at version ${(oSynced.game as { version: number }).version})`;
    if ((oSynced.game as { version: number }).version < 1)
      await o2.next((m) => m.type === 'event' && (m.event as { version: number }).version >= 1);
    step = `waiting for the answer to O's move (instance ${o2.instance})`;
    expect(await o2.ask({ type: 'move', seat: 1, token: oSeat.json.token, move: 'a1', version: 1 })).toMatchObject({ ok: true });
    // X comes back to the same address with the same token: it is sent what it missed and plays on.
    step = 'opening X again through the front door';
    const back = await Player.open(site, game, 1);
    expect(back.instance).toBe(live);
    expect((await back.next((m) => m.type === 'events')).events).toEqual([expect.objectContaining({ version: 2, move: 'a1' })]);
    expect(await back.ask({ type: 'move', seat: 0, token: xToken, move: 'c3', version: 2 })).toMatchObject({ ok: true });
    expect(await (await fetch(`${site}/api/games/${game}`)).json()).toMatchObject({ version: 3, moves: ['b2', 'a1', 'c3'] });
    // The front door found it down when it next tried it, and said so.
    step = 'waiting for the front door to say the dead instance does not answer';
    await expect.poll(() => cluster.output()).toContain(`serve:cluster: front door: instance ${dead} does not answer (connection refused)`);
    for (const p of [o2, back]) p.socket.close();

    step = 'stopping the cluster with Ctrl-C';
    expect(await stopped(cluster)).toBe(0);
    expect(cluster.output()).toContain('serve:cluster: stopped.');
    // Nothing left running: the front door's port, the instances' and PostgreSQL's are closed.
    for (const base of [site, onA, onB]) await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const probe = new pg.Client({ connectionString: `postgres://hexarena@127.0.0.1:${pgPort}/hexarena`, connectionTimeoutMillis: 2000 });
    await expect(probe.connect()).rejects.toThrow();
    expect(existsSync(path.join(data, 'postgres', 'data', 'postmaster.pid'))).toBe(false);

    cluster = run(args);
    await ready(cluster);
    expect(await (await fetch(`${onB}/api/games/${id}`)).json()).toMatchObject({ version: 2, moves: ['b2', 'a1'] });
    expect(await (await fetch(`${site}/api/games/${game}`)).json()).toMatchObject({ version: 3 });

    // Killed the hard way, it cannot stop what it started: the next run stops the leftovers first.
    cluster.child.kill('SIGKILL');
    await cluster.exited;
    const leftovers = JSON.parse(readFileSync(path.join(data, 'pids.json'), 'utf8')) as number[];
    expect(leftovers.filter(alive)).toHaveLength(3);
    cluster = run(args);
    await ready(cluster);
    expect(cluster.output()).toContain('stopping 3 process(es) a previous run left behind');
    expect(await (await fetch(`${onA}/api/games/${id}`)).json()).toMatchObject({ version: 2 });
    expect(await stopped(cluster)).toBe(0);
    expect(leftovers.filter(alive)).toEqual([]);
    const last = JSON.parse(readFileSync(path.join(data, 'pids.json'), 'utf8')) as number[];
    expect(last.filter(alive)).toEqual([]);
  });

  it('a bad flag: one line saying which, exit code 2, nothing started', async () => {
    const bad = run(['--ports', '80x']);
    expect(await bad.exited).toBe(2);
    expect(bad.output().trim()).toBe('serve:cluster: --ports must be a port number from 1 to 65535, got "80x"');
    const unknown = run(['--nodes', '3']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toMatch(
      /^serve:cluster: Unknown option '--nodes'.*\(flags: --port, --ports, --data, --pg-port, --redis-port, --help\)/,
    );
    const same = run(['--port', '8081', '--ports', '8081,8082']);
    expect(await same.exited).toBe(2);
    expect(same.output().trim()).toBe(
      'serve:cluster: --port 8081 is also in --ports: the front door (--port) and each instance (--ports) need a port of their own',
    );
    const help = run(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/^Usage: npm run serve:cluster -- \[options\]/);
    expect(help.output()).toContain("--port PORT         the site's address, the front door (default 8080)");
  });
});
