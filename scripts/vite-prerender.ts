import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { precompiledCatalogs } from './precompiled-catalogs.ts';

/** What prerendered.json says: each page's first markup, by language (only the home page's, for now). */
export interface Prerendered {
  readonly home: Readonly<Record<string, string>>;
}

/**
 * Writes prerendered.json beside the app: the home page's markup in each language as the app first
 * draws it, before anything is read from the server. The server puts it in the page it sends
 * (src/server/prerendered.ts), so a phone paints the home page from the HTML, without waiting for the
 * scripts; the app then draws over the same elements. The markup comes from the app's own components,
 * built once more for Node (src/web/prerender/) and run in a process of its own: their module code
 * reads browser globals, which the build's process must not get.
 */
export function prerender(webDir: string, aliases: Record<string, string>): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'hexarena-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const { build } = await import('vite');
      const { default: preact } = await import('@preact/preset-vite');
      const scratch = mkdtempSync(join(tmpdir(), 'hexarena-prerender-'));
      try {
        await build({
          configFile: false,
          root: webDir,
          logLevel: 'warn',
          publicDir: false,
          plugins: [preact(), precompiledCatalogs()],
          resolve: { alias: aliases },
          // One file tree with no outside imports: it runs from a scratch folder.
          ssr: { noExternal: true },
          build: { ssr: 'prerender/run.ts', outDir: scratch, emptyOutDir: true, target: 'node20', minify: false },
        });
        const { stdout } = await promisify(execFile)(process.execPath, [join(scratch, 'run.js')], {
          maxBuffer: 16 * 1024 * 1024,
        });
        const home = JSON.parse(stdout) as Record<string, unknown>;
        for (const [locale, markup] of Object.entries(home))
          if (typeof markup !== 'string' || !markup.startsWith('<main')) throw new Error(`prerender: no home page markup in ${locale}`);
        const prerendered = { home } as Prerendered;
        writeFileSync(join(outDir, 'prerendered.json'), JSON.stringify(prerendered));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}
