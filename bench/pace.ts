/**
 * A table's pace in a paced load run: one move every `everyMs` (a player who thinks). The tables'
 * first moves are spread over `phases` intervals: a game's moves, so that the tables' games end and
 * new ones start spread over a game's length, as players' do. (Spread over one interval, every
 * table of the fixed workload ended its game within the same second, and that second's set-ups
 * overloaded the server under test every nine seconds: the tail latency measured that wave, not
 * the load asked for.) A table that falls behind moves at once, so the offered load stays what was
 * asked (an open loop); `everyMs` 0 is as fast as answers come (a closed loop).
 */
export function pacer(everyMs: number, phases = 1): () => Promise<void> {
  let next = performance.now() + Math.random() * everyMs * phases;
  return async () => {
    if (everyMs <= 0) return;
    const wait = next - performance.now();
    next = Math.max(next, performance.now()) + everyMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

/** What a load run measured: the latency of every move the server took, over `elapsed` seconds. */
export interface LoadRun {
  readonly latencies: number[];
  readonly elapsed: number;
  /** Games that broke off (a connection reset): counted, not hidden. */
  readonly failures: number;
  /** WebSocket bytes the clients sent and received (JSON text), when counted. */
  readonly wireBytes?: number;
}
