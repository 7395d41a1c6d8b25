import { availableParallelism } from 'node:os';
import { machineCpuSeconds } from './costs.ts';
import type { LoadRun } from './pace.ts';

/**
 * A load run's measuring window. Every table first sets itself up (a game made, seats taken,
 * sockets open) and plays; the window opens once every table has made a move (or after
 * `warmupCapSeconds`, whichever is first, and never before `warmupSeconds`), and closes `seconds`
 * later. Only moves answered inside it count, and the servers' CPU is read at its two ends, so
 * set-up of 1,000 tables at once is neither a window with no move in it nor counted as throughput.
 */
export interface WindowOptions {
  readonly games: number;
  readonly seconds: number;
  /** The least warm-up, even when every table has moved sooner. */
  readonly warmupSeconds: number;
  /** The most warm-up: the window opens then even if some tables have not moved yet. */
  readonly warmupCapSeconds: number;
  /** CPU meters read at the window's ends (the server process, the database's processes). */
  readonly meters?: readonly CpuMeter[];
  /** How long tables may take to finish once told to stop, before the run is left without them. */
  readonly drainSeconds?: number;
  /** Waits that many seconds (a test passes its own clock). */
  readonly sleep?: (seconds: number) => Promise<void>;
}

/** Starts a reading of some processes' CPU; the function it returns says the CPU seconds used since. */
export type CpuMeter = () => () => number;

/** What one table of a load run reports to the window. */
export interface TableRun {
  /**
   * The table's own loopback address (127.0.x.y) to connect from: its players are players of their
   * own, as 1,000 games are 1,000 pairs of people. From one address, every game was made by one
   * creator, one at a time (the server's per-creator cap), and one address's ephemeral ports ran low
   * at hundreds of connections a second.
   */
  readonly from: string;
  /** True once the window has closed: the table stops after its current step. */
  readonly stopped: boolean;
  /** A move answered, `ms` after it was sent. */
  moved(ms: number): void;
  /** A game broken off (a connection reset under load), and why; the table plays on. */
  broke(why: unknown): void;
}

export interface WindowRun extends LoadRun {
  /** CPU seconds each meter read over the window. */
  readonly cpu: readonly number[];
  /** Tables that had made a move when the window opened. */
  readonly warmTables: number;
  readonly warmupSeconds: number;
  /** Tables still not finished `drainSeconds` after the window closed. */
  readonly stuck: number;
  /** Why games broke off: each error's message with how many times it came. */
  readonly reasons: ReadonlyMap<string, number>;
  /** The window on the machine's monotonic clock in µs (as V8's profiles time their samples). */
  readonly window: { readonly fromUs: number; readonly toUs: number };
  /**
   * CPU seconds over the window of the load generator (this process) and of the whole machine (every
   * core, /proc/stat; NaN where there is none): the generator shares the cores with the server it
   * loads, so what it costs bounds the moves a second any server could be shown to make here.
   */
  readonly generatorCpu: number;
  readonly machineCpu: number;
  /** The machine's cores, to read `machineCpu` against (`elapsed` × cores is all there was). */
  readonly cores: number;
}

export async function measureWindow(options: WindowOptions, table: (run: TableRun) => Promise<void>): Promise<WindowRun> {
  const sleep = options.sleep ?? realSleep;
  const latencies: number[] = [];
  let measuring = false;
  let stopped = false;
  let failures = 0;
  const reasons = new Map<string, number>();
  const fail = (why: unknown) => {
    failures++;
    // Numbers (ports, ids) left out, so that one cause is counted once; kept as the window closed.
    const text = (why instanceof Error ? why.message : String(why)).replace(/\d+/g, 'N').slice(0, 80);
    reasons.set(text, (reasons.get(text) ?? 0) + 1);
  };
  let warm = 0;
  let allWarm: () => void = () => undefined;
  const everyTableMoved = new Promise<void>((resolve) => {
    allWarm = resolve;
  });
  const tables = Array.from({ length: options.games }, (_, i) => {
    let moved = false;
    const run: TableRun = {
      from: tableAddress(i),
      get stopped() {
        return stopped;
      },
      moved(ms) {
        if (measuring) latencies.push(ms);
        if (!moved) {
          moved = true;
          if (++warm === options.games) allWarm();
        }
      },
      broke(why) {
        fail(why);
      },
    };
    return table(run).catch(fail);
  });
  const begun = performance.now();
  await sleep(options.warmupSeconds);
  await Promise.race([everyTableMoved, sleep(Math.max(0, options.warmupCapSeconds - options.warmupSeconds))]);
  const warmTables = warm;
  const warmupSeconds = (performance.now() - begun) / 1000;
  const readings = (options.meters ?? []).map((start) => start());
  const generatorFrom = process.cpuUsage();
  const machineFrom = machineCpuSeconds();
  measuring = true;
  const started = performance.now();
  const fromUs = monotonicUs();
  await sleep(options.seconds);
  measuring = false;
  const toUs = monotonicUs();
  const elapsed = (performance.now() - started) / 1000;
  const cpu = readings.map((read) => read());
  const generator = process.cpuUsage(generatorFrom);
  const machineCpu = machineCpuSeconds() - machineFrom;
  stopped = true;
  let finished = 0;
  for (const t of tables) void t.then(() => finished++);
  await Promise.race([Promise.allSettled(tables), sleep(options.drainSeconds ?? 10)]);
  return {
    latencies,
    elapsed,
    failures,
    cpu,
    warmTables,
    warmupSeconds,
    stuck: options.games - finished,
    reasons: new Map(reasons),
    window: { fromUs, toUs },
    generatorCpu: (generator.user + generator.system) / 1e6,
    machineCpu,
    cores: availableParallelism(),
  };
}

// Unreferenced: a warm-up cap or drain wait that lost its race must not hold the process open (the
// servers and sockets under load keep it alive while a wait matters).
const realSleep = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000).unref());

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Table `i`'s loopback address: 127.0.1.1 on, 250 a block (all of 127.0.0.0/8 is the loopback). */
export const tableAddress = (i: number): string => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
