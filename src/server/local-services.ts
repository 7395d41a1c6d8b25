import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL and Redis from Debian's packages, run by the project itself on loopback with their data
 * in a folder it names: for the scale-out tests (throwaway) and `npm run serve:cluster` (kept between
 * runs). PostgreSQL refuses to run as root: as root it runs as the package's `postgres` user.
 */

export interface LocalPostgres {
  readonly port: number;
  /** The address of database `name` on this server. */
  url(name?: string): string;
  /** Makes database `name` unless it exists; its address. */
  ensureDatabase(name: string): Promise<string>;
  /** Stops the server, keeping its data (`start` brings it back on the same port). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
}

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error("PostgreSQL's server is not installed: apt-get install postgresql (npm test's pretest does it as root)");
  return found;
}

/**
 * A PostgreSQL cluster in `dir`/data, made with initdb unless it is there (a folder the postgres
 * user owns when run as root), and how to run the server's programs on it.
 */
export function makeLocalCluster(
  dir: string,
  { durable }: { durable: boolean },
): { data: string; run: (program: string, args: string[], check?: boolean) => boolean } {
  const bin = binaries();
  const data = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const user = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const group = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, user, group);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[], check = true) => {
    const command = asRoot ? 'runuser' : path.join(bin, program);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args;
    const r = spawnSync(command, full, { encoding: 'utf8' });
    if (check && r.status !== 0) throw new Error(`${program} failed: ${(r.stderr || r.stdout).trim()}`);
    return r.status === 0;
  };
  if (asRoot && spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).status !== 0)
    throw new Error(`PostgreSQL runs as the postgres user, which cannot reach ${dir}: choose a data folder outside a private home`);
  if (!existsSync(path.join(data, 'PG_VERSION')))
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'hexarena', '-E', 'UTF8', ...(durable ? [] : ['--no-sync'])]);
  return { data, run };
}

/**
 * A PostgreSQL server with its cluster in `dir` (made with initdb the first time), started on
 * 127.0.0.1:`port`, its socket in `dir` too. `durable: false` turns fsync off (tests about behaviour).
 */
export function startLocalPostgres(dir: string, port: number, { durable }: { durable: boolean }): LocalPostgres {
  const { data, run } = makeLocalCluster(dir, { durable });
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${durable ? '' : ' -c fsync=off'}`;
  const start = () => {
    // Left running by an earlier run that was killed: used as it is.
    if (run('pg_ctl', ['-D', data, 'status'], false)) return;
    run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', settings, 'start']);
  };
  start();
  const url = (name = 'postgres') => `postgres://hexarena@127.0.0.1:${port}/${name}`;
  return {
    port,
    url,
    ensureDatabase: async (name) => {
      if (!/^\w+$/.test(name)) throw new Error(`a database name is letters, digits and _: ${name}`);
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    stop: (mode = 'fast') => {
      if (run('pg_ctl', ['-D', data, 'status'], false)) run('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']);
    },
    start,
  };
}

export interface LocalRedis {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Ends it (SIGKILL: it keeps nothing) and waits until it is gone. */
  stop(): Promise<void>;
}

/** Debian's redis-server on 127.0.0.1:`port`, saving nothing (it only carries notices), working in `dir`. */
export async function startLocalRedis(dir: string, port: number): Promise<LocalRedis> {
  mkdirSync(dir, { recursive: true });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = await untilReady(child, 'Ready to accept connections', 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, port, child, stop };
}

/**
 * Waits until `child` says `ready` on its standard output; fails with what it said if it exits
 * first. Returns how to end it the hard way (SIGKILL) and wait until it is gone.
 */
export async function untilReady(child: ChildProcess, ready: string, name: string): Promise<() => Promise<void>> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes(ready)) resolve();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${output.trim()}`)));
  });
  return async () => {
    child.kill('SIGKILL');
    await exited;
  };
}
