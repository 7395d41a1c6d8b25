/**
 * A table's pace in a paced load run: one move every `everyMs` (a player who thinks), the tables'
 * first moves spread over one interval. A table that falls behind moves at once, so the offered
 * load stays what was asked (an open loop); `everyMs` 0 is as fast as answers come (a closed loop).
 */
export function pacer(everyMs: number): () => Promise<void> {
  let next = performance.now() + Math.random() * everyMs;
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
