import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md's dependency direction, checked on every import of every module (tests aside):
 * hex ← engine ← games ← ai ← protocols, server, cli, web. The lower four are isomorphic.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const LAYERS: Record<string, number> = { hex: 0, engine: 1, games: 2, ai: 3, protocols: 4, server: 4, cli: 4, web: 4 };
const ISOMORPHIC = new Set(['hex', 'engine', 'games', 'ai']);
const NODE_BUILTINS = new Set(builtinModules);

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return modules(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] as string);

const layerOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0] as string;
/** `games/hive` for a file under src/games/hive, else undefined. */
const gameOf = (file: string): string | undefined => {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'games' && parts.length > 2 ? parts[1] : undefined;
};

describe('architecture', () => {
  const files = modules(SRC);

  it('every module lives in a layer of DESIGN.md', () => {
    for (const file of files) expect(Object.keys(LAYERS), file).toContain(layerOf(file));
  });

  it('imports only point down the layers, and one game never imports another', () => {
    const violations: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const from = layerOf(file);
        const to = layerOf(target);
        if ((LAYERS[to] ?? 99) > (LAYERS[from] ?? -1)) violations.push(`${path.relative(SRC, file)} → ${spec}`);
        const [g1, g2] = [gameOf(file), gameOf(target)];
        if (g1 && g2 && g1 !== g2) violations.push(`${path.relative(SRC, file)} → ${spec} (another game)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('hex, engine, games and ai use no Node built-in, so browsers and workers run them', () => {
    const violations: string[] = [];
    for (const file of files.filter((f) => ISOMORPHIC.has(layerOf(f)))) {
      for (const spec of importsOf(file)) {
        if (spec.startsWith('node:') || NODE_BUILTINS.has(spec)) violations.push(`${path.relative(SRC, file)} → ${spec}`);
      }
      if (/\bprocess\.(env|argv|exit|stdout|stderr|stdin|cwd|platform|on)\b|\brequire\(/.test(readFileSync(file, 'utf8')))
        violations.push(`${path.relative(SRC, file)} uses process/require`);
    }
    expect(violations).toEqual([]);
  });
});
