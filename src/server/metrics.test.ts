import { describe, expect, it } from 'vitest';
import { serveInProcess } from './in-process.testing.ts';
import { request } from './online.testing.ts';
import { startLoad } from './operations.testing.ts';
import { type Family, parsePrometheusText, sampleValue } from './prometheus-text.testing.ts';
import { StoreUnavailable } from './store.ts';

const TOKEN = 'scrape-secret-1';

async function scrape(base: string): Promise<Map<string, Family>> {
  const answer = await request(base, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(answer.text);
}

describe('the Prometheus text parser the tests read /metrics with', () => {
  it('reads values as Prometheus does (NaN and infinities in any case) and refuses what it would', () => {
    const read = parsePrometheusText('# TYPE a gauge\na Nan\na{k="1"} +Inf\na{k="2"} -inf\na{k="3"} 1.5e3\n');
    expect(Number.isNaN(sampleValue(read, 'a'))).toBe(true);
    expect(sampleValue(read, 'a', { k: '1' })).toBe(Number.POSITIVE_INFINITY);
    expect(sampleValue(read, 'a', { k: '2' })).toBe(Number.NEGATIVE_INFINITY);
    expect(sampleValue(read, 'a', { k: '3' })).toBe(1500);
    expect(() => parsePrometheusText('# TYPE a gauge\na nope\n')).toThrow('bad value nope');
  });
});

describe('/metrics', () => {
  it('does not exist unless the server was given a token', async () => {
    const server = await serveInProcess('metrics-off');
    try {
      expect((await request(server.base, '/metrics')).status).toBe(404);
      expect((await request(server.base, '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('answers only to the token; its figures, read by a Prometheus text parser, move with the activity', async () => {
    const server = await serveInProcess('metrics', { metricsToken: TOKEN, rate: 100_000, messageRate: 100_000 });
    try {
      expect((await request(server.base, '/metrics')).status).toBe(401);
      const wrong = await request(server.base, '/metrics', { headers: { authorization: 'Bearer scrape-secret-2' } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer realm="hexarena metrics"');

      const idle = await scrape(server.base);
      for (const [name, type] of [
        ['hexarena_moves_total', 'counter'],
        ['hexarena_move_latency_seconds', 'histogram'],
        ['hexarena_live_games', 'gauge'],
        ['hexarena_websockets', 'gauge'],
        ['hexarena_connections', 'gauge'],
        ['hexarena_ai_queue_depth', 'gauge'],
        ['hexarena_store_errors_total', 'counter'],
        ['hexarena_logins_failed_total', 'counter'],
        ['process_cpu_seconds_total', 'counter'],
      ] as const)
        expect(idle.get(name)?.type, name).toBe(type);
      expect(sampleValue(idle, 'hexarena_moves_total')).toBe(0);
      expect(sampleValue(idle, 'hexarena_move_latency_seconds_count')).toBe(0);
      expect(sampleValue(idle, 'hexarena_live_games')).toBe(0);
      expect(sampleValue(idle, 'hexarena_websockets')).toBe(0);
      expect(sampleValue(idle, 'hexarena_ai_queue_depth')).toBe(0);

      // Two games played over their sockets; a wrong password; the store failing once.
      const load = await startLoad(server.base, 2, 'metrics-load');
      await load.until(20);
      const headers = { origin: server.base };
      const login = await request(server.base, '/api/session', { body: { username: 'nobody', password: 'not the password' }, headers });
      expect(login.status).toBe(401);
      new StoreUnavailable(new Error('connection refused'));

      const busy = await scrape(server.base);
      expect(sampleValue(busy, 'hexarena_moves_total')).toBeGreaterThanOrEqual(20);
      // Every move answered on a socket so far is in the histogram, each in a bucket of its time.
      expect(sampleValue(busy, 'hexarena_move_latency_seconds_count')).toBeGreaterThanOrEqual(20);
      expect(sampleValue(busy, 'hexarena_move_latency_seconds_sum')).toBeGreaterThan(0);
      expect(sampleValue(busy, 'hexarena_move_latency_seconds_bucket', { le: '+Inf' })).toBe(
        sampleValue(busy, 'hexarena_move_latency_seconds_count'),
      );
      expect(sampleValue(busy, 'hexarena_live_games')).toBe(2);
      expect(sampleValue(busy, 'hexarena_websockets')).toBe(2);
      expect(sampleValue(busy, 'hexarena_connections')).toBeGreaterThanOrEqual(3);
      // Counted for the whole process (tallies.ts): at least this test's own, whatever else ran in it.
      expect(sampleValue(busy, 'hexarena_logins_failed_total') - sampleValue(idle, 'hexarena_logins_failed_total')).toBeGreaterThanOrEqual(
        1,
      );
      expect(sampleValue(busy, 'hexarena_store_errors_total') - sampleValue(idle, 'hexarena_store_errors_total')).toBeGreaterThanOrEqual(1);

      await load.stop();
      const after = await scrape(server.base);
      // Counters only grow: every move acknowledged is counted.
      const acked = load.games.reduce((n, g) => n + g.acked.length, 0);
      expect(sampleValue(after, 'hexarena_moves_total')).toBe(acked);
      expect(sampleValue(after, 'hexarena_move_latency_seconds_count')).toBe(acked);
    } finally {
      await server.close();
    }
  });
});
