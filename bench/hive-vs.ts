import { perft } from '@hexarena/engines/games/hive/perft.ts';
import { PERFT } from '@hexarena/engines/games/hive/perft-table.ts';
import { HivePosition } from '@hexarena/engines/games/hive/position.ts';
import { EngineProcess } from '../src/protocols/uhp/outside-engine.ts';
import { ownCpuMs, processTreeCpuMs } from './process-cpu.ts';

/**
 * hexarena's perft beside an outside UHP engine's (`npm run bench hive -- --vs "<command line>"`),
 * Base+MLP depth 6 bulk-counted, runs alternating so that a busy machine slows both alike: the
 * ratio of the two is the figure to read, not either speed alone (of the medians, and of the best
 * runs, which a busy machine disturbs least).
 *
 * `perft` is not part of UHP; nokamute and hexarena answer `perft N` (nokamute a table of depth,
 * count and time; hexarena and Mzinga `perft(N) = count in T ms`). The engine's own time for the
 * last depth is used when its answer gives one, otherwise the time from the command to its `ok`.
 *
 * CPU times are set beside each other too (hexarena's process, the engine's process tree from
 * /proc): wall-clock ratios on a shared machine swing with its load, CPU time much less. The
 * engine's CPU time covers every depth of its answer; it is taken in the share its own times give
 * the last depth (nokamute counts depths 1 to N, the last about 97% of the time).
 */
const DEPTH = 6;
const RUNS = 7;
const EXPECTED = PERFT['Base+MLP'][DEPTH - 1] as number;
/** Starting an engine may take a while (nokamute allocates its table on `newgame`). */
const START_MS = 60_000;
const PERFT_MS = 600_000;

const UNIT_MS: Record<string, number> = { ns: 1e-6, µs: 1e-3, us: 1e-3, ms: 1, s: 1000 };

/** The last depth's share of the times the answer gives for all its depths, or null without times. */
export function lastDepthShare(lines: readonly string[], depth: number): number | null {
  let total = 0;
  let last: number | null = null;
  for (const line of lines) {
    const m = /^(?:perft\()?(\d+)\)?\s*=?\s+[\d,_]+\s+(\d+(?:\.\d+)?)\s*(ns|µs|us|ms|s)\b/.exec(line.trim());
    if (!m) continue;
    const ms = Number(m[2]) * (UNIT_MS[m[3] as string] as number);
    total += ms;
    if (Number(m[1]) === depth) last = ms;
  }
  return last === null || total <= 0 ? null : last / total;
}

/** The count the answer gives for the last depth and the time it took, as the engine reports them. */
export function readPerftAnswer(lines: readonly string[], depth: number): { count: number; ms?: number } | null {
  for (const line of [...lines].reverse()) {
    const mzinga = /^perft\((\d+)\)\s*=\s*([\d,_]+)(.*)$/.exec(line.trim());
    const table = /^(\d+)\s+([\d,_]+)(.*)$/.exec(line.trim());
    const m = mzinga ?? table;
    if (!m || Number(m[1]) !== depth) continue;
    const count = Number((m[2] as string).replace(/[,_]/g, ''));
    const time = /(\d+(?:\.\d+)?)\s*(ns|µs|us|ms|s)\b/.exec(m[3] as string);
    return time ? { count, ms: Number(time[1]) * (UNIT_MS[time[2] as string] as number) } : { count };
  }
  return null;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const speed = (ms: number) => `${(EXPECTED / ms / 1000).toFixed(1)} M leaves/s`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function hexarenaPerft(): { ms: number; cpuMs: number } {
  const pos = new HivePosition({ type: 'Base+MLP', tournament: true });
  const cpu = ownCpuMs();
  const t = performance.now();
  const count = perft(pos, DEPTH, true);
  const ms = performance.now() - t;
  const cpuMs = ownCpuMs() - cpu;
  if (count !== EXPECTED) throw new Error(`hexarena perft(${DEPTH}) = ${count}, expected ${EXPECTED}`);
  return { ms, cpuMs };
}

/** One `perft` asked of the engine: its time, how it was measured, or why there is none. */
async function enginePerft(engine: EngineProcess, depth: number): Promise<{ ms: number; own: boolean; cpuMs: number | null } | string> {
  const pid = engine.pid;
  const cpu = pid === undefined ? null : processTreeCpuMs(pid);
  const t = performance.now();
  engine.send(`perft ${depth}`);
  const lines = await engine.answer(PERFT_MS);
  const wall = performance.now() - t;
  const cpuAfter = pid === undefined ? null : processTreeCpuMs(pid);
  const share = lastDepthShare(lines, depth);
  const cpuMs = cpu === null || cpuAfter === null || share === null ? null : (cpuAfter - cpu) * share;
  const refused = lines.find((l) => /^(err|invalidcommand)/i.test(l.trim()));
  if (refused) return `it answered "${refused.slice(0, 200)}"`;
  const read = readPerftAnswer(lines, depth);
  if (!read) return `its answer gives no count for depth ${depth}: ${JSON.stringify(lines.slice(-3))}`;
  const expected = PERFT['Base+MLP'][depth - 1] as number;
  if (read.count !== expected) return `it counts ${read.count} at depth ${depth}, not ${expected}`;
  return read.ms === undefined ? { ms: wall, own: false, cpuMs } : { ms: read.ms, own: true, cpuMs };
}

export async function benchHiveVs(commandLine: string): Promise<void> {
  console.log(`\n## Hive perft beside a UHP engine: Base+MLP depth ${DEPTH}, bulk-counted, ${RUNS} runs each, alternating`);
  const engine = new EngineProcess(commandLine);
  try {
    const info = await engine.answer(START_MS);
    const id = info.find((l) => l.startsWith('id ')) ?? `(no id line) ${commandLine}`;
    console.log(`engine: ${id.slice(3)}  [${commandLine}]`);
    engine.send('newgame Base+MLP');
    await engine.answer(START_MS);

    // Warm-ups: hexarena's JIT, and a probe that the engine has perft at all.
    hexarenaPerft();
    const probe = await enginePerft(engine, 5);
    if (typeof probe === 'string') {
      console.log(`the engine has no usable perft, so there is nothing to compare: ${probe}`);
      return;
    }
    const ours: number[] = [];
    const theirs: number[] = [];
    const oursCpu: number[] = [];
    const theirsCpu: number[] = [];
    let own = true;
    for (let i = 0; i < RUNS; i++) {
      const mine = hexarenaPerft();
      ours.push(mine.ms);
      oursCpu.push(mine.cpuMs);
      const run = await enginePerft(engine, DEPTH);
      if (typeof run === 'string') {
        console.log(`the engine's perft ${DEPTH} failed: ${run}`);
        return;
      }
      theirs.push(run.ms);
      if (run.cpuMs !== null) theirsCpu.push(run.cpuMs);
      own &&= run.own;
    }
    const a = median(ours);
    const b = median(theirs);
    const row = (name: string, xs: number[]) =>
      `${name.padEnd(10)} ${EXPECTED.toLocaleString('en-US')} leaves  median ${seconds(median(xs)).padStart(7)}  best ${seconds(Math.min(...xs)).padStart(7)}  ${speed(median(xs)).padStart(18)}`;
    console.log(row('hexarena', ours));
    console.log(
      `${row('engine', theirs)}  (${own ? "the engine's own time for the depth" : 'time from the command to its ok, shallower depths included'})`,
    );
    const times = (x: number, y: number) => (x < y ? ` (the engine ${(y / x).toFixed(1)}× faster)` : '');
    console.log(`ratio (hexarena speed / engine speed): ${(b / a).toFixed(2)} of the medians${times(b, a)}`);
    // On a busy machine the best run of each is the steadier figure: the runs that were disturbed least.
    const bestA = Math.min(...ours);
    const bestB = Math.min(...theirs);
    console.log(`                                       ${(bestB / bestA).toFixed(2)} of the best runs${times(bestB, bestA)}`);
    if (theirsCpu.length < RUNS) {
      console.log("CPU time: the engine's could not be read (no /proc, or its answer gives no times)");
      return;
    }
    const cpuRow = (name: string, xs: number[]) =>
      `${name.padEnd(10)} CPU  median ${seconds(median(xs)).padStart(7)}  best ${seconds(Math.min(...xs)).padStart(7)}  runs ${xs.map((x) => (x / 1000).toFixed(2)).join(' ')}`;
    console.log(cpuRow('hexarena', oursCpu));
    console.log(`${cpuRow('engine', theirsCpu)}  (its process tree, in the share its own times give depth ${DEPTH})`);
    console.log(
      `CPU ratio (hexarena speed / engine speed): ${(median(theirsCpu) / median(oursCpu)).toFixed(2)} of the medians, ` +
        `${(Math.min(...theirsCpu) / Math.min(...oursCpu)).toFixed(2)} of the best runs`,
    );
  } catch (error) {
    // An engine that cannot be started, exits or never answers: say so, and go on with the benchmarks.
    console.log(`the engine could not be measured: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    engine.close();
  }
}
