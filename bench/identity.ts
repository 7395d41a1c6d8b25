import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpServer } from '../src/server/http.ts';
import { hashPassword, passwordMatches } from '../src/server/identity/passwords.ts';
import { SqliteStore } from '../src/server/sqlite-store.ts';

/**
 * What identity costs: logins a second with Argon2id (a login is one verification), one thread and
 * as many at once as libuv's pool runs, beside SHA-256 as the anchor; and what a session check adds to
 * a request, measured in process (no sockets) against the same request without a cookie.
 */
export async function benchIdentity(): Promise<void> {
  console.log('\nidentity');
  const anchorRuns = 200_000;
  let t = performance.now();
  for (let i = 0; i < anchorRuns; i++) createHash('sha256').update(`password ${i}`).digest();
  const shaUs = ((performance.now() - t) * 1000) / anchorRuns;

  const stored = await hashPassword('correct horse battery');
  const verifications = 60;
  await passwordMatches(stored, 'warm up');
  t = performance.now();
  for (let i = 0; i < verifications; i++) await passwordMatches(stored, 'correct horse battery');
  const oneMs = (performance.now() - t) / verifications;
  t = performance.now();
  await Promise.all(Array.from({ length: verifications }, () => passwordMatches(stored, 'correct horse battery')));
  const parallelMs = (performance.now() - t) / verifications;
  console.log(
    `  Argon2id (19 MiB, t=2) verify: ${oneMs.toFixed(1)} ms → ${(1000 / oneMs).toFixed(0)} logins/s on one thread, ${(1000 / parallelMs).toFixed(0)} logins/s with ${verifications} at once   (anchor: SHA-256 ${shaUs.toFixed(2)} µs; Argon2id = ${((oneMs * 1000) / shaUs).toFixed(0)}× it)`,
  );

  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-identity-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>bench</title>');
  const store = SqliteStore.inFolder(dir);
  const app = await createHttpServer(dir, { store, rate: 1e9 });
  try {
    const made = await app.inject({ method: 'POST', url: '/api/session/guest' });
    const cookie = String(made.headers['set-cookie']).split(';')[0] as string;
    const ask = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/session', headers });
    const rounds = 5;
    const perRound = 2000;
    const bare: number[] = [];
    const withSession: number[] = [];
    for (let r = 0; r < rounds + 1; r++) {
      t = performance.now();
      for (let i = 0; i < perRound; i++) await ask({});
      const b = ((performance.now() - t) * 1000) / perRound;
      t = performance.now();
      for (let i = 0; i < perRound; i++) await ask({ cookie });
      const s = ((performance.now() - t) * 1000) / perRound;
      // The first round warms up.
      if (r > 0) {
        bare.push(b);
        withSession.push(s);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
    const b = median(bare);
    const s = median(withSession);
    console.log(
      `  a session check (cookie → session → account, SQLite): +${(s - b).toFixed(1)} µs a request   (anchor: the same request without a cookie ${b.toFixed(1)} µs; with one ${s.toFixed(1)} µs, ${(s / b).toFixed(2)}×)`,
    );
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
