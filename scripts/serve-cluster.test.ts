import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, freePort, post } from '../src/server/online.testing.ts';

/** `npm run serve:cluster` as a newcomer runs it: PostgreSQL, Redis and two instances, then Ctrl-C. */
const script = fileURLToPath(new URL('./serve-cluster.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-serve-cluster-'));
// As a project folder is: PostgreSQL's own user (when run as root) must reach the data folder inside it.
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
  return { child, output: () => output, exited };
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

describe('npm run serve:cluster', () => {
  it('starts PostgreSQL, Redis and two instances that share games; Ctrl-C stops them all; the games are there next time; a run killed -9 is cleaned up by the next', async () => {
    const [a, b, pgPort, redisPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const data = path.join(dir, 'cluster');
    const args = ['--data', data, '--ports', `${a},${b}`, '--pg-port', String(pgPort), '--redis-port', String(redisPort)];
    let cluster = run(args);
    await ready(cluster);
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

    expect(await stopped(cluster)).toBe(0);
    expect(cluster.output()).toContain('serve:cluster: stopped.');
    // Nothing left running: the instances' ports and PostgreSQL's are closed.
    for (const base of [onA, onB]) await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const probe = new pg.Client({ connectionString: `postgres://hexarena@127.0.0.1:${pgPort}/hexarena`, connectionTimeoutMillis: 2000 });
    await expect(probe.connect()).rejects.toThrow();
    expect(existsSync(path.join(data, 'postgres', 'data', 'postmaster.pid'))).toBe(false);

    cluster = run(args);
    await ready(cluster);
    expect(await (await fetch(`${onB}/api/games/${id}`)).json()).toMatchObject({ version: 2, moves: ['b2', 'a1'] });

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
    expect(unknown.output()).toMatch(/^serve:cluster: Unknown option '--nodes'/);
  });
});
