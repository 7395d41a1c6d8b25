// The browser tests drive Debian's chromium package (never a downloaded browser). Installs it when
// missing and this process may (root with apt-get); otherwise says how, and the browser tests fail.
// Another apt-get or dpkg may hold the package lock (unattended upgrades, a second install): then
// this waits and tries again, saying so, and gives up with one clear line.
import { spawnSync } from 'node:child_process';
import { setTimeout as sleepMs } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const INSTALL = 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium';
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
 * Makes sure chromium is there. Returns the exit code: 0 when it is (or cannot be installed here,
 * which the browser tests then report), 1 when installing it failed.
 */
export async function ensureChromium(sys = system, { attempts = 40, waitMs = 15_000 } = {}) {
  if (sys.has('chromium')) return 0;
  if (!sys.isRoot() || !sys.has('apt-get')) {
    sys.log("ensure-chromium: chromium is missing; install Debian's package (apt-get install chromium) for the browser tests.");
    return 0;
  }
  sys.log("ensure-chromium: installing Debian's chromium package for the browser tests…");
  for (let attempt = 1; ; attempt++) {
    const { status, output } = sys.run(INSTALL);
    if (status === 0 && sys.has('chromium')) {
      sys.log('ensure-chromium: chromium installed.');
      return 0;
    }
    const lastLine = output.trim().split('\n').filter(Boolean).at(-1) ?? `apt-get exited with ${status}`;
    if (!LOCKED.test(output)) {
      sys.log(`ensure-chromium: could not install chromium: ${lastLine}`);
      return 1;
    }
    if (attempt >= attempts) {
      const minutes = Math.round((attempts * waitMs) / 60_000);
      sys.log(`ensure-chromium: gave up after ${minutes} min: another apt-get or dpkg still holds the package lock (${lastLine}).`);
      return 1;
    }
    sys.log(
      `ensure-chromium: another apt-get or dpkg holds the package lock; trying again in ${waitMs / 1000} s (attempt ${attempt} of ${attempts})…`,
    );
    await sys.sleep(waitMs);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await ensureChromium();
