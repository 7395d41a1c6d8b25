import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longestFirst, readDurations } from './longest-first.ts';
import { kindOf, testFilesByKind } from './test-kinds.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the order of the suite', () => {
  const seconds: Record<string, number> = { engine: 30, server: 20, 'browser-a': 45, 'browser-b': 40, 'browser-c': 1, small: 2 };
  const order = (names: string[]) =>
    longestFirst(
      names,
      (n) => seconds[n],
      (n) => (n.startsWith('browser') ? 'browser' : 'other'),
    );

  it('longest first by the measured seconds, files not measured yet before all', () => {
    expect(order(['small', 'engine', 'new', 'server'])).toEqual(['new', 'engine', 'server', 'small']);
  });

  it('a project at a time (a worker goes on only to a file of its own project), the one with the longest file first', () => {
    expect(order(['small', 'browser-c', 'engine', 'browser-b', 'server', 'browser-a'])).toEqual([
      'browser-a',
      'browser-b',
      'browser-c',
      'engine',
      'server',
      'small',
    ]);
    // A project's file not measured yet puts its project first.
    expect(order(['browser-b', 'small', 'new', 'browser-a'])).toEqual(['new', 'small', 'browser-a', 'browser-b']);
  });

  it('the committed durations name files of the suite and nothing else', () => {
    const durations = readDurations();
    const files = Object.values(testFilesByKind(root)).flat();
    expect(Object.keys(durations).length).toBeGreaterThan(0);
    for (const [file, s] of Object.entries(durations)) {
      expect(files, `${file} is in scripts/test-durations.json but not in the suite`).toContain(file);
      expect(s).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the kinds of test file', () => {
  it('read from what a file imports: chromium makes a browser test, the site server an app test', () => {
    expect(kindOf('packages/engines/src/games/hive/x.test.ts', "import { hive } from './index.ts';")).toBe('rules');
    expect(kindOf('src/puzzles/x.test.ts', "import { startServer } from '../server/online.testing.ts';")).toBe('app');
    // (The launcher's name in two parts: this file is no browser test.)
    expect(kindOf('src/server/x.test.ts', `import { launchChromium } from '../web/headless-${'chromium'}.ts';`)).toBe('browser');
    expect(kindOf('src/server/x.test.ts', `await import('../web/headless-${'chromium'}.ts')`)).toBe('browser');
    // The browser files' set-up launches chromium for them.
    expect(kindOf('src/web/x.test.ts', `import { staticSite } from './static-${'site'}.testing.ts';`)).toBe('browser');
    expect(kindOf('src/cli/x.test.ts', "import { main } from './main.ts';")).toBe('app');
  });

  it('a protocol spoken to a real program is an app test, its parser and session rules; strength matches are their own lane', () => {
    expect(kindOf('src/protocols/uhp/x.test.ts', "import { UhpEngine } from './engine.ts';")).toBe('rules');
    expect(kindOf('src/protocols/uhp/x.test.ts', "import { execFile } from 'node:child_process';")).toBe('app');
    expect(kindOf('src/protocols/seed004/x.test.ts', "const { spawn } = await import('node:child_process');")).toBe('app');
    expect(kindOf('src/protocols/gtp/x.test.ts', "import { HEXARENA_BIN } from '../uhp/bridge.testing.ts';")).toBe('app');
    expect(kindOf('src/tournaments/x.test.ts', "import { checkTournament } from '../../scripts/bbp-pairings.ts';")).toBe('app');
    // (The module's name in two parts: this file is no strength match.)
    expect(kindOf('packages/engines/src/ai/x.test.ts', `import { STRENGTH_CASES } from './strength.${'testing'}.ts';`)).toBe('matches');
  });

  it('the rules lane has no browser, server, database or child process in it', () => {
    const { rules, matches, browser } = testFilesByKind(root);
    expect(rules).toContain('packages/engines/src/games/hive/rules.test.ts');
    expect(matches).toEqual(['packages/engines/src/ai/strength.test.ts']);
    expect(browser).toContain('src/web/e2e.test.ts');
    expect(browser).toContain('src/web/look.e2e.test.ts');
    for (const file of rules)
      expect(readFileSync(`${root}${file}`, 'utf8'), file).not.toMatch(
        /from '(\.\.\/)+server\/|better-sqlite3|postgres|headless-chromium|child_process|bin\/hexarena|HEXARENA_BIN|bbp-pairings/,
      );
  });
});
