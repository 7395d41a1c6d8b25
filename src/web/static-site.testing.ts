import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { createHttpServer } from '../server/http.ts';
import { SqliteStore } from '../server/sqlite-store.ts';
import { launchTestChromium } from './headless-chromium.ts';

/** What a browser test file reads once its site is up. */
export interface StaticSite {
  /** The server's address, ending in "/". */
  readonly base: string;
  readonly browser: Browser;
  readonly server: FastifyInstance;
}

/** The online part's settings for a file that plays online (its store is made here). */
export type OnlineSettings = Omit<NonNullable<Parameters<typeof createHttpServer>[1]>, 'store'>;

/**
 * A browser test file's set-up, one of each for the file: the app vitest's global set-up built,
 * served by the real server in this process, and Debian's chromium (screenshots go to
 * test-results/). With `online`, the server plays online too, over a SQLite store in memory: a
 * file about the pages rather than the server's process (its start, its signals, its data folder)
 * need not start `hexarena serve`. Called at the file's top level; its fields are read inside the tests.
 */
export function staticSite(options: { online?: OnlineSettings } = {}): StaticSite {
  let up: StaticSite | null = null;
  let store: SqliteStore | null = null;
  beforeAll(async () => {
    const online = options.online;
    if (online) store = new SqliteStore(':memory:');
    const [server, browser] = await Promise.all([
      createHttpServer(WEB_DIST, online && store ? { ...online, store } : undefined),
      launchTestChromium(),
    ]);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
    up = { base, server, browser };
    await mkdir('test-results', { recursive: true });
  });
  afterAll(async () => {
    await up?.browser.close();
    await up?.server.close();
    await store?.close();
  });
  const site = (): StaticSite => {
    if (!up) throw new Error('the site is up only inside the tests of the file that asked for it');
    return up;
  };
  return {
    get base() {
      return site().base;
    },
    get browser() {
      return site().browser;
    },
    get server() {
      return site().server;
    },
  };
}
