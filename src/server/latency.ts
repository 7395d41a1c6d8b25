/**
 * How long the server takes to answer intents, from a message's arrival to its answer going out
 * (the engine's check, the durable commit, the broadcast): the last `size` of them, for /healthz and
 * the benchmark, which tells the server's own time apart from its clients'.
 */
export class LatencyWindow {
  private readonly samples: Float64Array;
  private count = 0;

  constructor(size = 10_000) {
    this.samples = new Float64Array(size);
  }

  /** Who else hears each answer time (the /metrics histogram), with the kind of intent answered. */
  private readonly listeners: ((ms: number, kind: string) => void)[] = [];

  record(ms: number, kind = 'intent'): void {
    this.samples[this.count % this.samples.length] = ms;
    this.count++;
    for (const listener of this.listeners) listener(ms, kind);
  }

  listen(listener: (ms: number, kind: string) => void): void {
    this.listeners.push(listener);
  }

  /** The median and 99th percentile of the window in milliseconds, and how many intents were answered in all. */
  summary(): { answered: number; p50Ms: number | null; p99Ms: number | null } {
    const held = this.samples.slice(0, Math.min(this.count, this.samples.length)).sort();
    const at = (q: number) =>
      held.length === 0 ? null : Math.round((held[Math.min(held.length - 1, Math.floor(q * held.length))] as number) * 100) / 100;
    return { answered: this.count, p50Ms: at(0.5), p99Ms: at(0.99) };
  }
}
