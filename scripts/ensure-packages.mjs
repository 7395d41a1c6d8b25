// The Debian packages the tests use: chromium-headless-shell (the browser tests; never a downloaded
// browser), chromium (Lighthouse, in `npm run check:web`), postgresql and redis-server (the store's and the scale-out tests start throwaway servers of them), nginx and caddy (the operations guide's proxy configurations, checked by them). Installs what is missing
// when this process may (root with apt-get); otherwise says how, and those tests fail.
// Another apt-get or dpkg may hold the package lock (unattended upgrades, a second install): then
// this waits and tries again, saying so, and gives up with one clear line.
import { spawnSync } from 'node:child_process';
import { setTimeout as sleepMs } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const LOCKED =
  /could not get lock|unable to acquire the dpkg frontend lock|is another process using it|dpkg was interrupted|Unable to lock/i;

/** The system as this script sees it; tests give a fake one. */
export const system = {
  has: (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0,
  isRoot: () => process.getuid?.() === 0,
  /** Runs a shell line: { status, output } with stderr and stdout together. */
  run: (line) => {
    const r = spawnSync('sh', ['-c', `${line} 2>&1`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.error ? String(r.error) : ''}` };
  },
  sleep: (ms) => sleepMs(ms),
  log: (line) => console.log(line),
};

/**
 * Makes sure a Debian package is there: `probe` is a shell test that passes when it is. Returns the
 * exit code: 0 when it is (or cannot be installed here, which its tests then report), 1 when
 * installing it failed.
 */
export async function ensurePackage(sys, { name, pkg, probe, purpose }, { attempts = 40, waitMs = 15_000 } = {}) {
  const tag = `ensure-${name}`;
  const present = () => sys.run(probe).status === 0;
  if (present()) return 0;
  if (!sys.isRoot() || !sys.has('apt-get')) {
    sys.log(`${tag}: ${name} is missing; install Debian's package (apt-get install ${pkg}) for ${purpose}.`);
    return 0;
  }
  sys.log(`${tag}: installing Debian's ${pkg} package for ${purpose}…`);
  const install = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`;
  for (let attempt = 1; ; attempt++) {
    const { status, output } = sys.run(install);
    if (status === 0 && present()) {
      sys.log(`${tag}: ${name} installed.`);
      return 0;
    }
    const lastLine = output.trim().split('\n').filter(Boolean).at(-1) ?? `apt-get exited with ${status}`;
    if (!LOCKED.test(output)) {
      sys.log(`${tag}: could not install ${name}: ${lastLine}`);
      return 1;
    }
    if (attempt >= attempts) {
      const minutes = Math.round((attempts * waitMs) / 60_000);
      sys.log(`${tag}: gave up after ${minutes} min: another apt-get or dpkg still holds the package lock (${lastLine}).`);
      return 1;
    }
    sys.log(
      `${tag}: another apt-get or dpkg holds the package lock; trying again in ${waitMs / 1000} s (attempt ${attempt} of ${attempts})…`,
    );
    await sys.sleep(waitMs);
  }
}

export const CHROMIUM = { name: 'chromium', pkg: 'chromium', probe: 'command -v chromium', purpose: 'Lighthouse (npm run check:web)' };
/**
 * Chromium's headless shell, from the same Debian source and version as chromium: the same Blink and
 * V8 without the desktop browser around them, so a browser test costs half the CPU.
 */
export const HEADLESS_SHELL = {
  name: 'chromium-headless-shell',
  pkg: 'chromium-headless-shell',
  probe: 'command -v chromium-headless-shell',
  purpose: 'the browser tests',
};
/** Debian puts PostgreSQL's server programs under /usr/lib/postgresql/<version>/bin, not on the PATH. */
export const POSTGRESQL = {
  name: 'postgresql',
  pkg: 'postgresql',
  probe: 'ls /usr/lib/postgresql/*/bin/pg_ctl',
  purpose: 'the PostgreSQL store tests',
};

export const REDIS = { name: 'redis', pkg: 'redis-server', probe: 'command -v redis-server', purpose: 'the scale-out tests' };
/** The reverse proxies docs/operations.md configures: their configurations are checked by the programs themselves. */
export const NGINX = {
  name: 'nginx',
  pkg: 'nginx',
  probe: 'command -v nginx || test -x /usr/sbin/nginx',
  purpose: "the operations guide's nginx configuration",
};
export const CADDY = { name: 'caddy', pkg: 'caddy', probe: 'command -v caddy', purpose: "the operations guide's Caddy configuration" };

export const ensureChromium = (sys = system, options = {}) => ensurePackage(sys, CHROMIUM, options);

export const PACKAGES = [CHROMIUM, HEADLESS_SHELL, POSTGRESQL, REDIS, NGINX, CADDY];

/**
 * The packages named on the command line, or what `npm test` needs when none is (all but chromium,
 * which only Lighthouse uses); `unknown` lists the names that are none of them.
 * @param {readonly string[]} named
 * @returns {{ wanted: typeof PACKAGES, unknown: string[] }}
 */
export function packagesFor(named) {
  if (named.length === 0) return { wanted: PACKAGES.filter((p) => p !== CHROMIUM), unknown: [] };
  return { wanted: PACKAGES.filter((p) => named.includes(p.name)), unknown: named.filter((n) => !PACKAGES.some((p) => p.name === n)) };
}

/**
 * Ensures each package in turn; the exit code is the worst. The browser tests run in chromium itself
 * when the headless shell cannot be had (launchChromium falls back to it).
 */
export async function ensureAll(sys, wanted, options = {}) {
  let code = 0;
  for (const p of wanted) {
    let result = await ensurePackage(sys, p, options);
    if (result !== 0 && p === HEADLESS_SHELL) {
      sys.log('ensure-packages: the browser tests will use chromium instead.');
      result = await ensurePackage(sys, { ...CHROMIUM, purpose: 'the browser tests' }, options);
    }
    code = Math.max(code, result);
  }
  return code;
}

/** `node scripts/ensure-packages.mjs [chromium] [chromium-headless-shell] [postgresql] [redis] [nginx] [caddy]` */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { wanted, unknown } = packagesFor(process.argv.slice(2));
  if (unknown.length > 0) {
    console.error(`ensure-packages: unknown package ${unknown.join(', ')} (known: ${PACKAGES.map((p) => p.name).join(', ')})`);
    process.exit(2);
  }
  process.exitCode = await ensureAll(system, wanted);
}
