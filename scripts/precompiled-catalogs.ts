import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transform } from 'esbuild';
import type { Plugin } from 'vite';
import { PARTS, partOf } from '../src/web/i18n/parts.ts';
import { pseudoElements } from '../src/web/i18n/pseudo.ts';

// The app's own ICU parser (the one src/web/i18n/message-format.ts formats the trees of), not another
// copy the tree may hold for a tool.
const require = createRequire(import.meta.url);
const PARSER = require.resolve('@formatjs/icu-messageformat-parser');
const NO_PARSER = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js');
const CATALOG = /[\\/]src[\\/]web[\\/]i18n[\\/]messages[\\/][a-z-]+\.ts$/;
/** The pseudo-locale's catalog: made here from English's (src/web/i18n/pseudo.ts), never read as it is written for Node. */
const PSEUDO_CATALOG = /[\\/]src[\\/]web[\\/]i18n[\\/]messages[\\/]en-XA\.ts$/;

/**
 * The catalogs (src/web/i18n/messages/*.ts) reach the browser parsed: each message as the ICU
 * syntax tree src/web/i18n/message-format.ts formats, so the app ships without the parser. Tests
 * under Node import the catalogs' text, which message-format.ts parses as it goes.
 *
 * And in parts (src/web/i18n/parts.ts): a catalog's module holds its common part, and each page's
 * part is a module of its own (`en.ts?part=play`, a chunk named `i18n-en-play-…`, named in
 * languages.ts), so the first load carries the common part alone. A language stays one file: the
 * split is made here.
 */
export function precompiledCatalogs(): Plugin {
  return {
    name: 'hexarena:precompiled-catalogs',
    enforce: 'pre',
    config: () => ({ resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: NO_PARSER }] } }),
    async load(id) {
      const [file = id, query = ''] = id.split('?', 2);
      const pseudo = PSEUDO_CATALOG.test(file);
      if (!CATALOG.test(file) && !pseudo) return null;
      const part = new URLSearchParams(query).get('part') ?? 'common';
      if (!(PARTS as readonly string[]).includes(part)) this.error(`${id}: no part ${part} (src/web/i18n/parts.ts)`);
      const { parse } = (await import(PARSER)) as typeof import('@formatjs/icu-messageformat-parser');
      const source = pseudo ? path.join(path.dirname(file), 'en.ts') : file;
      if (pseudo) this.addWatchFile(source);
      // A catalog imports types only: its compiled text runs on its own.
      const { code } = await transform(await readFile(source, 'utf8'), { loader: 'ts', format: 'esm' });
      const { default: catalog } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        default: Record<string, string>;
      };
      // Most messages are plain text: sent as a string, and made the one-literal tree here (a third smaller on the wire).
      const parsed = Object.fromEntries(
        Object.entries(catalog)
          .filter(([key]) => partOf(key) === part)
          .map(([key, message]) => {
            const tree = pseudo ? pseudoElements(parse(message)) : parse(message);
            const only = tree.length === 1 ? tree[0] : undefined;
            return [key, tree.length === 0 ? '' : only?.type === 0 ? only.value : tree];
          }),
      );
      return `const c = ${JSON.stringify(parsed)};\nfor (const k in c) if (typeof c[k] === 'string') c[k] = [{ type: 0, value: c[k] }];\nexport default c;\n`;
    },
  };
}

/** A catalog part's chunk, named so a test can find and weigh it (`i18n-ru-common-….js`), or null for another chunk. */
export function catalogChunkName(facadeModuleId: string | null): string | null {
  if (!facadeModuleId) return null;
  const [file = '', query = ''] = facadeModuleId.split('?', 2);
  const m = /[\\/]src[\\/]web[\\/]i18n[\\/]messages[\\/]([a-zA-Z-]+)\.ts$/.exec(file);
  if (!m) return null;
  return `assets/i18n-${m[1]}-${new URLSearchParams(query).get('part') ?? 'common'}-[hash].js`;
}
