/** Small helpers shared by the benchmarks: they print figures and never fail on time. */

export interface Timing {
  readonly medianMs: number;
  readonly minMs: number;
  readonly runs: number;
}

/** Runs `work` once to warm up, then `runs` times, and reports the median and the best. */
export async function time(work: () => unknown, runs = 5): Promise<Timing> {
  await work();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { medianMs: ms[Math.floor(ms.length / 2)] as number, minMs: ms[0] as number, runs };
}

export function report(label: string, t: Timing, extra = ''): void {
  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
  console.log(`${label.padEnd(48)} median ${fmt(t.medianMs).padStart(9)}   best ${fmt(t.minMs).padStart(9)}   (${t.runs} runs)${extra}`);
}
