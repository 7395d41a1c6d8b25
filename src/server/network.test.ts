import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './http.ts';
import { subscriberOf } from './network.ts';
import { SqliteStore } from './sqlite-store.ts';

describe('the subscriber an address belongs to', () => {
  it('is an IPv6 address’s /64, an IPv4-mapped address’s IPv4, else the address', () => {
    expect(subscriberOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(subscriberOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(subscriberOf('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(subscriberOf('10.0.0.1')).toBe('10.0.0.1');
  });
});

// Requests from other IPv6 addresses, given to the server as it would see them (inject's remoteAddress):
// this machine's loopback has no /64 of its own to send from.
describe('limits per address count the subscriber', () => {
  let dir: string;
  let store: SqliteStore;
  let app: Awaited<ReturnType<typeof createHttpServer>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hexarena-network-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>hexarena</title>');
    store = new SqliteStore(':memory:');
    app = await createHttpServer(dir, { store, identity: { signupsPerHour: 3 } });
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const signUp = (n: number, from: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account',
      remoteAddress: from,
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json' },
      payload: { username: `Sub_${n}`, password: 'a subnet of my own' },
    });

  it('sign-ups from every address of one /64 share its allowance; another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await signUp(i, `2001:db8:aa:1::${i.toString(16)}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await signUp(6, '2001:db8:aa:2::1')).statusCode).toBe(201);
  });
});
