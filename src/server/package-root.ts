import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of hexarena's package.json: the sources (src/…) and the compiled command line
 * (dist/cli/…, one file or a chunk) sit at different depths below it, so it is looked for upwards.
 */
export function packageRoot(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hexarena') return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`hexarena's package.json is not above ${fileURLToPath(from)}`);
    dir = up;
  }
}

/** The code runs compiled (dist/cli) rather than from the TypeScript sources. */
export const compiled = (url: string = import.meta.url): boolean => !url.endsWith('.ts');
