// `npm run serve:cluster`: hexarena as it runs when one machine is not enough, on this one machine —
// PostgreSQL and Redis from Debian's packages on loopback, their data in a folder of the project
// (data/cluster by default, kept between runs), two `hexarena serve` instances sharing them, and a
// front door before them (src/server/front-door.ts), as a load balancer is before a real site: one
// address, http://localhost:8080, whichever instance answers. The browser keeps a player's seats for
// that address, so when an instance dies (kill -9) its players reconnect to the same address, reach
// another instance and play on. Ctrl-C stops everything this started.
//
//   npm run serve:cluster -- [--port 8080] [--ports 8081,8082] [--data data/cluster] [--pg-port 5433] [--redis-port 6380]
//
// --port: the site's address (the front door); --ports: the instances', one instance per port (open
// them directly only to see one instance alone). HEXARENA_CONNECTIONS caps the connections one client
// address holds, at the front door (64).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createFrontDoor, type FrontDoor } from '../src/server/front-door.ts';
import { type LocalPostgres, type LocalRedis, startLocalPostgres, startLocalRedis } from '../src/server/local-services.ts';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const USAGE = `Usage: npm run serve:cluster -- [options]

PostgreSQL and Redis (Debian's packages) on 127.0.0.1, hexarena instances sharing them, and a front
door that spreads the site's requests and WebSockets over the instances. Open the front door's address.

  --port PORT         the site's address, the front door (default 8080)
  --ports P1,P2,...   the instances' ports, one instance each (default 8081,8082)
  --data DIR          where PostgreSQL and Redis keep their data (default data/cluster)
  --pg-port PORT      PostgreSQL's port (default 5433)
  --redis-port PORT   Redis's port (default 6380)
  --help              this text

HEXARENA_CONNECTIONS: connections one client address may hold at the front door (default 64).
`;

function fail(message: string): never {
  process.stderr.write(`serve:cluster: ${message}\n`);
  process.exit(2);
}

function port(text: string, flag: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535)
    fail(`${flag} must be a port number from 1 to 65535, got "${text}"`);
  return Number(text);
}

let flags: { data: string; port: string; ports: string; 'pg-port': string; 'redis-port': string; help?: boolean };
try {
  flags = parseArgs({
    options: {
      data: { type: 'string', default: path.join(root, 'data', 'cluster') },
      port: { type: 'string', default: '8080' },
      ports: { type: 'string', default: '8081,8082' },
      'pg-port': { type: 'string', default: '5433' },
      'redis-port': { type: 'string', default: '6380' },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values as typeof flags;
} catch (e) {
  fail(`${e instanceof Error ? e.message : String(e)} (flags: --port, --ports, --data, --pg-port, --redis-port, --help)`);
}
if (flags.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const frontPort = port(flags.port, '--port');
const ports = flags.ports.split(',').map((p) => port(p.trim(), '--ports'));
if (new Set(ports).size !== ports.length) fail(`--ports names a port twice: ${flags.ports}`);
if (ports.includes(frontPort))
  fail(`--port ${frontPort} is also in --ports: the front door (--port) and each instance (--ports) need a port of their own`);
const pgPort = port(flags['pg-port'], '--pg-port');
const redisPort = port(flags['redis-port'], '--redis-port');
if (new Set([frontPort, ...ports, pgPort, redisPort]).size !== ports.length + 3)
  fail('--port, --ports, --pg-port and --redis-port must all be different ports');
const connectionsText = process.env.HEXARENA_CONNECTIONS;
if (connectionsText !== undefined && connectionsText !== '' && !/^[1-9]\d*$/.test(connectionsText))
  fail(`HEXARENA_CONNECTIONS must be a whole number above 0, got "${connectionsText}"`);
const connectionsPerAddress = connectionsText ? Number(connectionsText) : 64;
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
let frontDoor: FrontDoor | null = null;
let postgres: LocalPostgres | null = null;
let redis: LocalRedis | null = null;
const instances = new Map<string, ChildProcess>();
let stopping = false;
let ready = false;
const saidDown = new Set<string>();

/**
 * Stops what this started: the instances first (each finishes what is in flight and tells its
 * players, through the front door, to reconnect: meanwhile the front door answers that none is
 * up), then the front door, then Redis and PostgreSQL.
 */
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
  await frontDoor?.close();
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
    // A group of its own: Ctrl-C in the terminal reaches this script alone, which stops each instance
    // with one SIGTERM (a second signal would end an instance at once, without its graceful stop).
    detached: true,
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
      say(
        `instance ${name} exited (${how}); the front door sends its players to the others, which go on with every game. Ctrl-C stops everything.`,
      );
    });
  });
}

try {
  await stopLeftovers();
  // The site's address first: taken by another program, nothing else is started. Until the instances
  // are up it answers that they are not.
  const names = ports.map((_, i) => String.fromCharCode(97 + i));
  frontDoor = createFrontDoor({
    instances: ports.map((p, i) => ({ name: names[i] as string, host: '127.0.0.1', port: p })),
    connectionsPerAddress,
    // Said once the site is ready (before, the instances are still starting), and back only when down was said.
    onChange: (instance, up, why) => {
      if (stopping || !ready || up !== saidDown.has(instance.name)) return;
      if (up) saidDown.delete(instance.name);
      else saidDown.add(instance.name);
      say(
        up
          ? `front door: instance ${instance.name} answers again; it takes its share`
          : `front door: instance ${instance.name} does not answer (${why}); its share goes to the others`,
      );
    },
  });
  try {
    await frontDoor.listen(frontPort, '127.0.0.1');
  } catch (e) {
    const busy = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw new Error(
      busy
        ? `port ${frontPort} is taken by another program: stop it, or choose the site's port with --port`
        : `the front door cannot listen on port ${frontPort}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const shown = path.relative(process.cwd(), data);
  say(`PostgreSQL on 127.0.0.1:${pgPort}, data in ${shown.startsWith('..') ? data : shown}`);
  postgres = startLocalPostgres(path.join(data, 'postgres'), pgPort, { durable: true });
  const databaseUrl = await postgres.ensureDatabase('hexarena');
  say(`Redis on 127.0.0.1:${redisPort}`);
  redis = await startLocalRedis(path.join(data, 'redis'), redisPort);
  remember(redis.child.pid);
  // Every connection reaches the instances from the front door: they count the client it names in
  // X-Forwarded-For, and leave the cap on connections per client to it.
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, HEXARENA_TRUST_PROXY: '127.0.0.1', HEXARENA_CONNECTIONS: '100000' };
  // The first instance builds the web app if it has not been built; the others then find it built.
  for (const [i, p] of ports.entries()) {
    if (i === 1 && !process.env.HEXARENA_WEB_DIST && !existsSync(path.join(root, 'dist', 'web', 'index.html')))
      fail('the web app was not built by the first instance');
    await startInstance(names[i] as string, p, env);
  }
  ready = true;
  const behind = ports.map((p, i) => `${names[i]} on :${p}`);
  const listed = behind.length === 1 ? behind[0] : `${behind.slice(0, -1).join(', ')} and ${behind.at(-1)}`;
  say(
    `ready: http://localhost:${frontPort} is the site, its front door spreading players over instance${behind.length === 1 ? '' : 's'} ${listed}, which share one PostgreSQL and one Redis. Ctrl-C stops everything.`,
  );
} catch (e) {
  process.stderr.write(`serve:cluster: ${e instanceof Error ? e.message : String(e)}\n`);
  await stopAll(1);
}
