import { describe, expect, it } from 'vitest';
import { summarizeProfile } from '../bench/cpu-profile.ts';
import { figures, ratio, row } from '../bench/load-summary.ts';
import { measureWindow, type TableRun, tableAddress, type WindowRun } from '../bench/load-window.ts';

/** A clock for measureWindow: every wait it asks for stays pending until the test ends it. */
function fakeClock() {
  const waits: { seconds: number; end: () => void }[] = [];
  const sleep = (seconds: number) => new Promise<void>((resolve) => waits.push({ seconds, end: resolve }));
  /** The oldest wait not yet ended, once the window has asked for it. */
  const wait = async (seconds: number) => {
    for (let i = 0; i < 100; i++) {
      const found = waits.find((w) => w.seconds === seconds);
      if (found) {
        waits.splice(waits.indexOf(found), 1);
        return found;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no wait of ${seconds} s was asked for (asked: ${waits.map((w) => w.seconds).join(', ')})`);
  };
  return { sleep, wait };
}

/** Tables the test moves by hand; each ends once the window has closed and the test lets it go. */
function handTables() {
  const runs: TableRun[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const table = async (run: TableRun) => {
    runs.push(run);
    await released;
  };
  return { runs, table, release };
}

const options = { seconds: 8, warmupSeconds: 1, warmupCapSeconds: 60, drainSeconds: 10 };

describe("the server bench's measuring window", () => {
  it('opens once every table has moved, counts only the moves answered inside it, and reads the meters at its ends', async () => {
    const clock = fakeClock();
    const tables = handTables();
    let readings = 0;
    const meter = () => {
      readings++;
      return () => 1.5;
    };
    const running = measureWindow({ ...options, games: 2, meters: [meter], sleep: clock.sleep }, tables.table);
    (await clock.wait(1)).end();
    const [a, b] = tables.runs as [TableRun, TableRun];
    // Each table plays from a loopback address of its own, as players of their own.
    expect([a.from, b.from]).toEqual(['127.0.1.1', '127.0.1.2']);
    a.moved(100);
    // The cap's wait is asked for, but one table has not moved yet: the window stays shut.
    await clock.wait(59);
    expect(readings).toBe(0);
    b.moved(200);
    const window = await clock.wait(8);
    expect(readings).toBe(1);
    expect(a.stopped).toBe(false);
    a.moved(7);
    b.moved(9);
    b.broke(new Error('read ECONNRESET on port 20123'));
    window.end();
    await clock.wait(10);
    expect(a.stopped).toBe(true);
    a.moved(1000);
    tables.release();
    const run = await running;
    expect(run.latencies).toEqual([7, 9]);
    expect(run.cpu).toEqual([1.5]);
    expect(run.warmTables).toBe(2);
    expect(run.failures).toBe(1);
    expect([...run.reasons]).toEqual([['read ECONNRESET on port N', 1]]);
    expect(row('hexarena SQLite', 2, run)).toContain('1 games broke off (1 of them: read ECONNRESET on port N)');
    expect(run.stuck).toBe(0);
    expect(run.window.toUs).toBeGreaterThanOrEqual(run.window.fromUs);
  });

  it('opens at the warm-up cap when a table never moves, and says how many had', async () => {
    const clock = fakeClock();
    const tables = handTables();
    const running = measureWindow({ ...options, games: 2, sleep: clock.sleep }, tables.table);
    (await clock.wait(1)).end();
    (tables.runs[0] as TableRun).moved(3);
    (await clock.wait(59)).end();
    (await clock.wait(8)).end();
    // A table that never finishes is left behind after the drain wait, and counted.
    (await clock.wait(10)).end();
    const run = await running;
    expect(run.warmTables).toBe(1);
    expect(run.stuck).toBe(2);
    expect(row('hexarena SQLite', 2, run)).toContain('no sample');
    expect(row('hexarena SQLite', 2, run)).toContain('1/2 tables had moved when measuring began');
    expect(row('hexarena SQLite', 2, run)).toContain('2 tables never finished');
    tables.release();
  });
});

const run = (latencies: number[], cpu: number[] = []): WindowRun => ({
  latencies,
  elapsed: 2,
  failures: 0,
  cpu,
  warmTables: 1,
  warmupSeconds: 1,
  stuck: 0,
  reasons: new Map(),
  window: { fromUs: 0, toUs: 0 },
  generatorCpu: 0.0002 * latencies.length,
  machineCpu: 3,
  cores: 2,
});

describe("the server bench's tables", () => {
  it('each have a loopback address of their own, 250 a block', () => {
    expect([tableAddress(0), tableAddress(249), tableAddress(250), tableAddress(999)]).toEqual([
      '127.0.1.1',
      '127.0.1.250',
      '127.0.2.1',
      '127.0.4.250',
    ]);
  });
});

describe("the server bench's figures", () => {
  it('says "no sample" for a window without a move, never a p50 of null, and no ratio with it', () => {
    expect(figures(run([]))).toBeNull();
    expect(row('hexarena PostgreSQL', 1000, run([]))).toMatch(/hexarena PostgreSQL\s+1000\s+no sample/);
    expect(row('hexarena PostgreSQL', 1000, null, ['PostgreSQL could not start'])).toContain('no sample  PostgreSQL could not start');
    expect(ratio(figures(run([1])), null)).toBe('no sample');
  });

  it('gives moves a second, nearest-rank percentiles and the CPU of each meter a move', () => {
    const latencies = Array.from({ length: 100 }, (_, i) => 100 - i);
    const f = figures(run(latencies, [0.001, 0.0005]));
    expect(f).toEqual({ movesPerSecond: 50, p50Ms: 51, p99Ms: 100, cpuUsPerMove: 10, otherCpuUsPerMove: 5 });
    expect(Number.isNaN(figures(run([4]))?.cpuUsPerMove)).toBe(true);
    expect(ratio(f, figures(run(latencies.slice(0, 25))))).toBe('×4.00');
  });

  it("says what the load generator cost a move and how busy the machine's cores were", () => {
    // 100 moves in 2 s on 2 cores; the generator 0.02 s of CPU, the machine 3 s of 4.
    expect(row('boardgame.io (memory)', 1, run(Array.from({ length: 100 }, () => 1)))).toContain(
      'load generator 200 µs a move, machine 75% busy',
    );
  });
});

describe("the server bench's profile summary", () => {
  // Samples 1 ms apart on the monotonic clock from 1,000,000 µs: idle, store, store, socket, GC.
  const profile = {
    startTime: 1_000_000,
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
      { id: 2, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
      { id: 3, callFrame: { functionName: 'commit', url: 'file:///app/src/server/store.ts', lineNumber: 0 } },
      { id: 4, callFrame: { functionName: 'writev', url: 'file:///app/node_modules/ws/lib/sender.js', lineNumber: 9 } },
      { id: 5, callFrame: { functionName: '(garbage collector)', url: '', lineNumber: -1 } },
    ],
    samples: [2, 3, 3, 4, 5, 2],
    timeDeltas: [0, 1000, 1000, 1000, 1000, 1000],
  };

  it('sums self time by function and by file, idle apart, as shares of the busy time', () => {
    const s = summarizeProfile(profile, '/app/');
    expect(s.busyMs).toBe(4);
    expect(s.idleMs).toBe(1);
    expect(s.gcMs).toBe(1);
    expect(s.functions[0]).toEqual({ name: 'src/server/store.ts commit', ms: 2, share: 0.5 });
    expect(s.functions.map((f) => f.name)).toContain('ws/lib/sender.js:10 writev');
    expect(s.files[0]?.name).toBe('src/server/store.ts');
  });

  it('keeps only the samples inside a measuring window', () => {
    const s = summarizeProfile(profile, '/app/', { fromUs: 1_002_000, toUs: 1_004_000 });
    expect(s.functions.map((f) => [f.name, f.ms])).toEqual([
      ['src/server/store.ts commit', 1],
      ['ws/lib/sender.js:10 writev', 1],
    ]);
  });
});
