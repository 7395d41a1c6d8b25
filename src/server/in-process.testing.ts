import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpServer } from './http.ts';
import { SqliteStore } from './sqlite-store.ts';

type Online = NonNullable<Parameters<typeof createHttpServer>[1]>;

/**
 * The site's server in this process, on loopback, over a SQLite store in memory: for a test that
 * hands it hooks (a clock, a counted password check) or reads its store directly. `name` names the
 * folder of its static files (an index page only); `close` ends the server, the store and the folder.
 */
export async function serveInProcess(
  name: string,
  options: Omit<Online, 'store'> = {},
): Promise<{ base: string; store: SqliteStore; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), `hexarena-${name}-`));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>hexarena</title>');
  const store = new SqliteStore(':memory:');
  const app = await createHttpServer(dir, { ...options, store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    store,
    close: async () => {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
