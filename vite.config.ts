import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { type ModuleGraph, type PageChunk, pageChunks, pageRoots } from './scripts/page-chunks.ts';
import { catalogChunkName, precompiledCatalogs } from './scripts/precompiled-catalogs.ts';
import { pagePreloads } from './scripts/vite-page-preloads.ts';
import { precompressed } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

/** The app's page roots, and each chunking pass's grouping of the modules (scripts/page-chunks.ts). */
const roots = pageRoots(fileURLToPath(new URL('./src/web', import.meta.url)));
const grouped = new WeakMap<ModuleGraph, Map<string, PageChunk>>();
const pageChunkOf = (id: string, graph: ModuleGraph): PageChunk | null => {
  const chunks = grouped.get(graph) ?? pageChunks(graph, roots);
  grouped.set(graph, chunks);
  return chunks.get(id) ?? null;
};

const aliases = { '@hexarena/engines': fileURLToPath(new URL('./packages/engines/src', import.meta.url)) };

/** The browser app: sources in src/web, built into dist/web (served by `hexarena serve`). */
export default defineConfig({
  root: 'src/web',
  plugins: [
    preact(),
    precompiledCatalogs(),
    pagePreloads(fileURLToPath(new URL('./src/web', import.meta.url))),
    prerender(fileURLToPath(new URL('./src/web', import.meta.url)), aliases),
    serviceWorker({
      source: fileURLToPath(new URL('./src/web/service-worker.ts', import.meta.url)),
      publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
    }),
    precompressed(),
  ],
  // The engines' package from its sources, as tsconfig.json's paths map it for tsc and tsx.
  resolve: { alias: aliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // A catalog's parts named for their language and part: the first-load test weighs them.
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => catalogChunkName(chunk.facadeModuleId) ?? 'assets/[name]-[hash].js',
        // The icons in one chunk, not one chunk each, and the modules the home page and a game's page
        // share in another, a game page's own in a third (scripts/page-chunks.ts): the browser takes six
        // files at a time from one server (HTTP/1.1), and a game page's catalog and code waited behind
        // forty files of a kilobyte each. A group takes only the modules it names: the first script's
        // own stay in it (each group is closed under imports but for those, so no two chunks import
        // each other).
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-preact[\\/]/ },
            { name: pageChunkOf, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
