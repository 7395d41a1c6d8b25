import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { WEB_DIST } from '../cli/commands/serve.ts';
import { createHttpServer } from '../server/http.ts';
import { launchChromium } from './headless-chromium.ts';

/** What a browser test file reads once its site is up. */
export interface StaticSite {
  /** The server's address, ending in "/". */
  readonly base: string;
  readonly browser: Browser;
  readonly server: FastifyInstance;
}

/**
 * A browser test file's set-up, one of each for the file: the app vitest's global set-up built,
 * served by the real server in this process, and Debian's chromium (screenshots go to
 * test-results/). Called at the file's top level; its fields are read inside the tests.
 */
export function staticSite(): StaticSite {
  let up: StaticSite | null = null;
  beforeAll(async () => {
    const server = await createHttpServer(WEB_DIST);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/`;
    up = { base, server, browser: await launchChromium() };
    await mkdir('test-results', { recursive: true });
  });
  afterAll(async () => {
    await up?.browser.close();
    await up?.server.close();
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
