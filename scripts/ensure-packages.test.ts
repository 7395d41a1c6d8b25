import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, typed by its use here
import { ensureAll, ensureChromium, packagesFor } from './ensure-packages.mjs';

/** A system where chromium appears once an install gets through; `answers` are apt-get's, in turn. */
function fakeSystem(answers: { status: number; output: string }[], { root = true, present = false } = {}) {
  let installed = present;
  const log: string[] = [];
  const sleeps: number[] = [];
  const runs: string[] = [];
  return {
    log,
    sleeps,
    runs,
    sys: {
      has: (cmd: string) => (cmd === 'chromium' ? installed : true),
      isRoot: () => root,
      run: (line: string) => {
        // The probe: is the package there yet?
        if (!line.startsWith('apt-get')) return { status: installed ? 0 : 1, output: '' };
        runs.push(line);
        const answer = answers.shift() ?? { status: 0, output: '' };
        if (answer.status === 0) installed = true;
        return answer;
      },
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
      log: (line: string) => log.push(line),
    },
  };
}

const locked = { status: 100, output: 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)\n' };

describe('ensure-chromium', () => {
  it('waits while another apt-get holds the lock, saying so, then installs', async () => {
    const f = fakeSystem([locked, locked, { status: 0, output: '' }]);
    expect(await ensureChromium(f.sys, { attempts: 5, waitMs: 10 })).toBe(0);
    expect(f.runs).toHaveLength(3);
    expect(f.sleeps).toEqual([10, 10]);
    expect(f.log.filter((l) => l.includes('holds the package lock; trying again'))).toHaveLength(2);
    expect(f.log.at(-1)).toBe('ensure-chromium: chromium installed.');
  });

  it('gives up with one clear line when the lock is never released', async () => {
    const f = fakeSystem(Array(4).fill(locked));
    expect(await ensureChromium(f.sys, { attempts: 4, waitMs: 30_000 })).toBe(1);
    expect(f.runs).toHaveLength(4);
    expect(f.log.at(-1)).toMatch(
      /^ensure-chromium: gave up after 2 min: another apt-get or dpkg still holds the package lock \(E: Could not get lock/,
    );
  });

  it('any other failure is reported at once, in one line, without a stack trace', async () => {
    const f = fakeSystem([{ status: 100, output: 'Reading package lists...\nE: Unable to locate package chromium\n' }]);
    expect(await ensureChromium(f.sys, { attempts: 4, waitMs: 10 })).toBe(1);
    expect(f.sleeps).toEqual([]);
    expect(f.log.at(-1)).toBe('ensure-chromium: could not install chromium: E: Unable to locate package chromium');
  });

  it('does nothing when chromium is there, and only advises when it may not install', async () => {
    const there = fakeSystem([], { present: true });
    expect(await ensureChromium(there.sys)).toBe(0);
    expect(there.runs).toEqual([]);
    const user = fakeSystem([], { root: false });
    expect(await ensureChromium(user.sys)).toBe(0);
    expect(user.runs).toEqual([]);
    expect(user.log[0]).toMatch(/install Debian's package/);
  });
});

describe('packagesFor', () => {
  it('gives npm test the headless shell, PostgreSQL, Redis, nginx and Caddy, not the whole browser; names what it does not know', () => {
    expect(packagesFor([]).wanted.map((p: { pkg: string }) => p.pkg)).toEqual([
      'chromium-headless-shell',
      'postgresql',
      'redis-server',
      'nginx',
      'caddy',
    ]);
    expect(packagesFor(['chromium']).wanted.map((p: { pkg: string }) => p.pkg)).toEqual(['chromium']);
    expect(packagesFor(['redis', 'chrome'])).toEqual({ wanted: [expect.objectContaining({ pkg: 'redis-server' })], unknown: ['chrome'] });
  });
});

describe('ensureAll', () => {
  it('falls back to chromium for the browser tests when the headless shell cannot be installed', async () => {
    const f = fakeSystem([
      { status: 100, output: 'E: Unable to locate package chromium-headless-shell\n' },
      { status: 0, output: '' },
    ]);
    const [shell] = packagesFor(['chromium-headless-shell']).wanted;
    expect(await ensureAll(f.sys, [shell], { attempts: 1, waitMs: 1 })).toBe(0);
    expect(f.log).toContain('ensure-packages: the browser tests will use chromium instead.');
    expect(f.runs.at(-1)).toMatch(/apt-get install -y -qq chromium$/);
  });
});
