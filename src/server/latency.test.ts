import { describe, expect, it } from 'vitest';
import { LatencyWindow } from './latency.ts';

describe('the server’s answer times', () => {
  it('summarises the last samples only: the median and the 99th percentile', () => {
    const window = new LatencyWindow(100);
    expect(window.summary()).toEqual({ answered: 0, p50Ms: null, p99Ms: null });
    for (let i = 0; i < 100; i++) window.record(1000);
    // The window forgets the old slow answers as new ones come.
    for (let i = 1; i <= 100; i++) window.record(i);
    expect(window.summary()).toEqual({ answered: 200, p50Ms: 51, p99Ms: 100 });
  });
});
