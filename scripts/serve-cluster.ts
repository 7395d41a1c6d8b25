// `npm run serve:cluster`: hexarena as it runs when one machine is not enough, on this one machine —
// PostgreSQL and Redis from Debian's packages on loopback, their data in a folder of the project
// (data/cluster by default, kept between runs), and two `hexarena serve` instances sharing them.
// Open both addresses: a game made on one is played on the other. Kill an instance (kill -9) and the
// other goes on with its games. Ctrl-C stops everything this started.
//
//   npm run serve:cluster -- [--data data/cluster] [--ports 8080,8081] [--pg-port 5433] [--redis-port 6380]
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type LocalPostgres, type LocalRedis, startLocalPostgres, startLocalRedis } from '../src/server/local-services.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

function fail(message: string): never {
  process.stderr.write(`serve:cluster: ${message}\n`);
  process.exit(2);
}

function port(text: string, flag: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535)
    fail(`${flag} must be a port number from 1 to 65535, got "${text}"`);
  return Number(text);
}

let flags: { data: string; ports: string; 'pg-port': string; 'redis-port': string };
try {
  flags = parseArgs({
    options: {
      data: { type: 'string', default: path.join(root, 'data', 'cluster') },
      ports: { type: 'string', default: '8080,8081' },
      'pg-port': { type: 'string', default: '5433' },
      'redis-port': { type: 'string', default: '6380' },
    },
    strict: true,
  }).values as typeof flags;
} catch (e) {
  fail(`${e instanceof Error ? e.message : String(e)} (flags: --data, --ports, --pg-port, --redis-port)`);
}
const ports = flags.ports.split(',').map((p) => port(p.trim(), '--ports'));
if (ports.length < 1) fail('--ports names at least one port');
const pgPort = port(flags['pg-port'], '--pg-port');
const redisPort = port(flags['redis-port'], '--redis-port');
const data = path.resolve(flags.data);

const say = (line: string) => process.stdout.write(`serve:cluster: ${line}\n`);

/**
 * The processes this script started, kept in the data folder: a run killed the hard way (kill -9)
 * cannot stop its Redis and instances, so the next run stops what is left of them first.
 */
const pidsFile = path.join(data, 'pids.json');
const started: number[] = [];
function remember(pid: number | undefined): void {
  if (pid === undefined) return;
  started.push(pid);
  mkdirSync(data, { recursive: true });
  writeFileSync(pidsFile, JSON.stringify(started));
}
async function stopLeftovers(): Promise<void> {
  let pids: unknown;
  try {
    pids = JSON.parse(readFileSync(pidsFile, 'utf8'));
  } catch {
    return;
  }
  const ours = (pid: number) => {
    try {
      // The program's own words (arguments end in NUL): another process that took the number is left alone.
      return /redis-server|hexarena\.js\0serve\0/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  };
  const left = Array.isArray(pids) ? pids.filter((p): p is number => Number.isInteger(p) && ours(p)) : [];
  if (left.length === 0) return;
  say(`stopping ${left.length} process(es) a previous run left behind`);
  for (const pid of left) process.kill(pid, 'SIGTERM');
  // Each is given a few seconds to finish what it has in flight, then made to stop.
  for (let tries = 0; left.some(ours) && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of left.filter(ours)) process.kill(pid, 'SIGKILL');
}
let postgres: LocalPostgres | null = null;
let redis: LocalRedis | null = null;
const instances = new Map<string, ChildProcess>();
let stopping = false;

/** Stops what this started: the instances first (they finish what is in flight), then Redis and PostgreSQL. */
async function stopAll(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  say('stopping…');
  await Promise.all(
    [...instances.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await redis?.stop();
  try {
    postgres?.stop('fast');
  } catch (e) {
    process.stderr.write(`serve:cluster: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  say('stopped.');
  process.exit(code);
}
process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));

/** Starts `hexarena serve` on `port`, its lines marked with its name; resolves once it listens. */
function startInstance(name: string, port: number, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'hexarena.js'), 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instances.set(name, child);
  remember(child.pid);
  return new Promise((resolve, reject) => {
    const relay = (stream: NodeJS.WritableStream) => (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        stream.write(`[${name}] ${line}\n`);
        if (line.includes('hexarena is at')) resolve();
      }
    };
    child.stdout?.on('data', relay(process.stdout));
    child.stderr?.on('data', relay(process.stderr));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      reject(new Error(`instance ${name} exited (${how})`));
      say(`instance ${name} exited (${how}); the others go on with every game. Ctrl-C stops everything.`);
    });
  });
}

try {
  await stopLeftovers();
  const shown = path.relative(process.cwd(), data);
  say(`PostgreSQL on 127.0.0.1:${pgPort}, data in ${shown.startsWith('..') ? data : shown}`);
  postgres = startLocalPostgres(path.join(data, 'postgres'), pgPort, { durable: true });
  const databaseUrl = await postgres.ensureDatabase('hexarena');
  say(`Redis on 127.0.0.1:${redisPort}`);
  redis = await startLocalRedis(path.join(data, 'redis'), redisPort);
  remember(redis.child.pid);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url };
  // The first instance builds the web app if it has not been built; the others then find it built.
  const names = ports.map((_, i) => String.fromCharCode(97 + i));
  for (const [i, p] of ports.entries()) {
    if (i === 1 && !process.env.HEXARENA_WEB_DIST && !existsSync(path.join(root, 'dist', 'web', 'index.html')))
      fail('the web app was not built by the first instance');
    await startInstance(names[i] as string, p, env);
  }
  say(`ready: ${ports.map((p) => `http://localhost:${p}`).join(' and ')} share one PostgreSQL and one Redis. Ctrl-C stops everything.`);
} catch (e) {
  process.stderr.write(`serve:cluster: ${e instanceof Error ? e.message : String(e)}\n`);
  await stopAll(1);
}
