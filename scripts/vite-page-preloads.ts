import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PAGE_PARTS } from '../src/web/i18n/parts.ts';
import { AT_ROOT, PAGE_ALSO, PAGE_FILES, type PageKind } from '../src/web/page-files.ts';

type OutputChunk = Rollup.OutputChunk;

/** What page-preloads.json says: each page's files beyond the first script's, and each language's catalog parts. */
export interface PagePreloads {
  /** Scripts (`.js`) and styles (`.css`) a page loads as it starts, by page. */
  readonly pages: Record<string, readonly string[]>;
  /** Each language's catalog files: its common part, and the page's parts (i18n/parts.ts). */
  readonly catalogs: Record<string, Record<string, string>>;
  /** The parts each page loads beside the common one. */
  readonly parts: Record<string, readonly string[]>;
}

/** A catalog module's language and part, from its id (`…/messages/es.ts?part=play`). */
const CATALOG = /[\\/]i18n[\\/]messages[\\/]([a-zA-Z-]+)\.ts(?:\?part=([a-z]+))?$/;

/**
 * Writes page-preloads.json beside the app: for each page, the chunks its module and what it starts
 * with need (their static imports, on down) and their styles, leaving out what the first script
 * brings (index.html names those); and each language's catalog files. The server names a page's in
 * the HTML it sends (src/server/page-preloads.ts), so the browser asks for them beside the first
 * script instead of after it has run: one round trip fewer before the page draws.
 */
export function pagePreloads(webDir: string): Plugin {
  return {
    name: 'hexarena-page-preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const chunkOf = new Map<string, OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (from: readonly OutputChunk[]): Set<string> => {
        const files = new Set<string>();
        const next = [...from];
        for (let chunk = next.pop(); chunk; chunk = next.pop()) {
          if (files.has(chunk.fileName)) continue;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) next.push(imported);
          }
        }
        return files;
      };
      const first = closure(chunks.filter((chunk) => chunk.isEntry));
      const pages: Record<string, string[]> = {};
      for (const page of Object.keys(PAGE_FILES) as PageKind[]) {
        const modules = [PAGE_FILES[page], ...(PAGE_ALSO[page] ?? [])].map((file) => chunkOf.get(join(webDir, file)));
        if (modules.some((chunk) => !chunk)) this.error(`page-preloads: no chunk holds a module of the ${page} page`);
        pages[page] = [...closure(modules as OutputChunk[])].filter((file) => !first.has(file)).sort();
      }
      pages.root = AT_ROOT.map((page) => pages[page] ?? []).reduce((all, files) => all.filter((file) => files.includes(file)));
      const catalogs: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId ? CATALOG.exec(chunk.facadeModuleId) : null;
        if (!match) continue;
        const [, language, part = 'common'] = match as unknown as [string, string, string | undefined];
        catalogs[language] = { ...catalogs[language], [part]: chunk.fileName };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: JSON.stringify({ pages, catalogs, parts: { ...PAGE_PARTS, root: [] } } satisfies PagePreloads),
      });
    },
  };
}
