import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { catalogChunkName, precompiledCatalogs } from './scripts/precompiled-catalogs.ts';
import { precompressed } from './scripts/vite-precompress.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

/** The browser app: sources in src/web, built into dist/web (served by `hexarena serve`). */
export default defineConfig({
  root: 'src/web',
  plugins: [
    preact(),
    precompiledCatalogs(),
    serviceWorker({
      source: fileURLToPath(new URL('./src/web/service-worker.ts', import.meta.url)),
      publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
    }),
    precompressed(),
  ],
  // The engines' package from its sources, as tsconfig.json's paths map it for tsc and tsx.
  resolve: { alias: { '@hexarena/engines': fileURLToPath(new URL('./packages/engines/src', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // A catalog's parts named for their language and part: the first-load test weighs them.
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => catalogChunkName(chunk.facadeModuleId) ?? 'assets/[name]-[hash].js',
        // The icons in one chunk, not one chunk each: a page asks for a dozen of them, and the browser
        // takes six files at a time from one server (HTTP/1.1), so a game page's catalog and code
        // waited behind icons of a kilobyte each.
        codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide-preact[\\/]/ }] },
      },
    },
  },
  worker: { format: 'es' },
});
