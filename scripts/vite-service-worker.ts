import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Builds src/web/service-worker.ts into sw.js beside the app, with the list of every file the build
 * wrote (and the public folder's) and a fingerprint of their contents: a new build is a new worker,
 * whose cache replaces the old one's.
 */
export function serviceWorker(options: { source: string; publicDir: string }): Plugin {
  return {
    name: 'hexarena-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_output, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [fileName, item] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (fileName.endsWith('.map')) continue;
        files.push(fileName);
        hash.update(fileName).update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const file of filesUnder(options.publicDir)) {
        files.push(file);
        hash.update(file).update(readFileSync(join(options.publicDir, file)));
      }
      // The shell is kept as the address it is asked by (/), not as index.html.
      const precache = files.map((file) => (file === 'index.html' ? '/' : `/${file}`));
      const { code } = await transform(readFileSync(options.source, 'utf8'), {
        loader: 'ts',
        format: 'iife',
        target: 'es2022',
        minify: true,
      });
      const version = hash.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const PRECACHE=${JSON.stringify(precache)};const VERSION=${JSON.stringify(version)};\n${code}`,
      });
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .sort();
}
