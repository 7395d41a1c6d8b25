import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text, and over a kilobyte (smaller ones gain less than the headers weigh). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes each text file of the build compressed beside it (`x.js.br` at Brotli's best, `x.js.gz`),
 * once, at build time: the server sends those as they are (http.ts, @fastify/static's preCompressed)
 * instead of compressing every request's copy again — the game page asks for some fifty files, and
 * each had cost the server a compression on the page's critical path.
 */
export function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'hexarena-precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const full = join(outDir, file);
        const content = readFileSync(full);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${full}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}
