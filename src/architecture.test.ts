import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aiOf } from '@hexarena/engines/ai/profiles.ts';
import { GAMES } from '@hexarena/engines/games/index.ts';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CLI_GAMES } from './cli/games/index.ts';
import { WEB_GAMES } from './web/games/index.ts';

/**
 * DESIGN.md's dependency direction, checked on every import of every module (tests aside):
 * hex ← engine ← games ← ai ← protocols, server, cli, web. The lower four are isomorphic.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
/** The engines' package (packages/engines): its folders are the lower layers, the app's are above. */
const LIB = path.resolve(SRC, '..', 'packages', 'engines', 'src');
const LIB_NAME = '@hexarena/engines/';
const inLib = (file: string): boolean => file.startsWith(LIB + path.sep);
/** Where a module sits in the one tree of layers: `games/hive/pieces.ts` (the package's), `server/room.ts` (the app's). */
const logical = (file: string): string => path.relative(inLib(file) ? LIB : SRC, file);
/** The file of a logical path (`games/hive/` is the package's, `web/games/hive/` the app's). */
const physical = (relative: string): string => path.join(LIB_LAYERS.has(relative.split('/')[0] as string) ? LIB : SRC, relative);
const LIB_LAYERS = new Set(['hex', 'engine', 'games', 'ai', 'ratings', 'protocol']);
const LAYERS: Record<string, number> = {
  hex: 0,
  engine: 1,
  games: 2,
  ai: 3,
  ratings: 3.5,
  protocol: 3.8,
  puzzles: 3.5,
  tournaments: 3.5,
  explorer: 3.5,
  protocols: 4,
  server: 4,
  cli: 4,
  web: 4,
};
const ISOMORPHIC = new Set(['hex', 'engine', 'games', 'ai', 'ratings', 'protocol', 'tournaments', 'puzzles', 'explorer']);
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

/** The file `spec` names, when it is one of this source tree's (the engines' by their package name included). */
const resolveLocal = (file: string, spec: string): string | undefined => {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  if (spec.startsWith(LIB_NAME)) return path.join(LIB, spec.slice(LIB_NAME.length));
  return undefined;
};

/** The modules `file` imports from this source tree (type imports too: a cycle of types is a knot all the same). */
const localImports = (file: string): string[] =>
  importsOf(file).flatMap((spec) => {
    const target = resolveLocal(file, spec);
    return target === undefined ? [] : [target];
  });

/** The folders of one game, one per layer that has games. */
const GAME_FOLDERS = (id: string): string[] => [`games/${id}/`, `web/games/${id}/`, `cli/games/${id}/`];

/** Protocols that belong to one game (UHP and seed 004 are Hive's, GTP Hex's): they may use its modules. */
const PROTOCOL_GAMES: Record<string, string> = { uhp: 'hive', seed004: 'hive', 'hive-records': 'hive', gtp: 'hex' };

/** The game whose modules `file` (a path under src/) is: `hive` for src/games/hive/pieces.ts. */
const ownerGame = (relative: string): string | undefined => {
  const parts = relative.split(path.sep);
  if (parts[0] === 'games' && parts.length > 2) return parts[1];
  return undefined;
};

const layerOf = (file: string): string => logical(file).split(path.sep)[0] as string;
/** `games/hive` for a file under src/games/hive, else undefined. */
const gameOf = (file: string): string | undefined => {
  const parts = logical(file).split(path.sep);
  return parts[0] === 'games' && parts.length > 2 ? parts[1] : undefined;
};

/** A server function may be read whole on one screen: past this many lines it is split into named steps. */
const MAX_FUNCTION_LINES = 80;

/** A server module is one concept: past this many lines it is two. */
const MAX_MODULE_LINES = 400;

/** Every function, method, accessor and arrow function of `source` longer than `max` lines, with where it starts. */
function longFunctions(fileName: string, source: string, max: number): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : `(${ts.SyntaxKind[node.kind]})`;
      if (lines > max) found.push(`${fileName}:${first + 1} ${name}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('architecture', () => {
  const files = [...modules(LIB), ...modules(SRC)];

  it('every module lives in a layer of DESIGN.md', () => {
    for (const file of files) expect(Object.keys(LAYERS), file).toContain(layerOf(file));
  });

  it('imports only point down the layers, and one game never imports another', () => {
    const violations: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        const target = resolveLocal(file, spec);
        if (target === undefined) continue;
        const from = layerOf(file);
        const to = layerOf(target);
        if ((LAYERS[to] ?? 99) > (LAYERS[from] ?? -1)) violations.push(`${logical(file)} → ${spec}`);
        const [g1, g2] = [gameOf(file), gameOf(target)];
        if (g1 && g2 && g1 !== g2) violations.push(`${logical(file)} → ${spec} (another game)`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('hex, engine, games, ai and the online protocol use no Node built-in, so browsers and workers run them', () => {
    const violations: string[] = [];
    const isomorphic = (f: string) => ISOMORPHIC.has(layerOf(f));
    for (const file of files.filter(isomorphic)) {
      for (const spec of importsOf(file)) {
        if (spec.startsWith('node:') || NODE_BUILTINS.has(spec)) violations.push(`${logical(file)} → ${spec}`);
      }
      if (/\bprocess\.(env|argv|exit|stdout|stderr|stdin|cwd|platform|on)\b|\brequire\(/.test(readFileSync(file, 'utf8')))
        violations.push(`${logical(file)} uses process/require`);
    }
    expect(violations).toEqual([]);
  });

  it('a game is one folder per layer: every game of the rules has its browser and command-line folders, each in its registry', () => {
    const ids = GAMES.map((g) => g.id).sort();
    expect(WEB_GAMES.map((g) => g.id).sort()).toEqual(ids);
    expect(CLI_GAMES.map((g) => g.id).sort()).toEqual(ids);
    for (const id of ids)
      for (const folder of GAME_FOLDERS(id))
        expect(existsSync(physical(`${folder}index.ts`)) || existsSync(physical(`${folder}index.tsx`)), folder).toBe(true);
    // Every browser game brings its board, its how-to-play and its first opponent; every CLI game plays in the terminal.
    for (const web of WEB_GAMES)
      expect([typeof web.LocalView, typeof web.OnlineView, typeof web.opponent], web.id).toEqual(['function', 'function', 'string']);
    for (const cli of CLI_GAMES) expect(typeof cli.play, cli.id).toBe('function');
    // And its AI profile, registered for src/ai.
    for (const game of GAMES) expect(Object.keys(aiOf(game)).length, game.id).toBeGreaterThan(0);
  });

  it('no module outside a game’s folders uses that game’s modules, but for the registries and the game’s own protocols', () => {
    // The registries: the games', and the AIs' profiles by game.
    const registries = new Set(['games/index.ts', 'ai/profiles.ts']);
    const violations: string[] = [];
    // Test support (a strength table of every game) is a test's.
    for (const file of files.filter((f) => !f.endsWith('.testing.ts'))) {
      const from = logical(file);
      for (const target of localImports(file)) {
        const game = ownerGame(logical(target));
        if (!game || registries.has(from) || GAME_FOLDERS(game).some((f) => from.startsWith(f))) continue;
        const protocol = from.split(path.sep);
        if (protocol[0] === 'protocols' && PROTOCOL_GAMES[protocol[1] as string] === game) continue;
        violations.push(`${from} → ${logical(target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('outside its folders, a game is used through its index.ts alone (as chessops is used through its modules’ exports)', () => {
    const violations: string[] = [];
    // Test support (the pages a browser test opens, with a game's test positions) is a test's.
    for (const file of files.filter((f) => !f.endsWith('.testing.ts'))) {
      const from = logical(file);
      for (const target of localImports(file)) {
        const to = logical(target);
        const game = ownerGame(to);
        if (!game || GAME_FOLDERS(game).some((f) => from.startsWith(f))) continue;
        const protocol = from.split(path.sep);
        if (protocol[0] === 'protocols' && PROTOCOL_GAMES[protocol[1] as string] === game) continue;
        if (to !== path.join('games', game, 'index.ts')) violations.push(`${from} → ${to}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the engines’ package uses nothing of the app and no outside package; the app reaches it by its name alone', () => {
    const violations: string[] = [];
    for (const file of files) {
      for (const spec of importsOf(file)) {
        const target = resolveLocal(file, spec);
        if (inLib(file) && target === undefined && !spec.startsWith('node:'))
          violations.push(`${logical(file)} → ${spec} (an outside package)`);
        if (inLib(file) && target !== undefined && !inLib(target)) violations.push(`${logical(file)} → ${spec} (the app)`);
        if (!inLib(file) && spec.startsWith('.') && target !== undefined && inLib(target))
          violations.push(`${logical(file)} → ${spec} (not through ${LIB_NAME})`);
      }
    }
    expect(violations).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(LIB, '..', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect([manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies]).toEqual([undefined, undefined, undefined]);
  });

  it('no import cycle anywhere in the sources: each module can be read (and loaded) after the ones it uses', () => {
    const graph = new Map(files.map((f) => [f, localImports(f).filter((t) => files.includes(t))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => logical(f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it(`no function of the server is over ${MAX_FUNCTION_LINES} lines (tests and test support aside)`, () => {
    const server = files.filter((f) => layerOf(f) === 'server' && !f.endsWith('.testing.ts'));
    const violations = server.flatMap((f) =>
      longFunctions(logical(f).split(path.sep).join('/'), readFileSync(f, 'utf8'), MAX_FUNCTION_LINES),
    );
    expect(violations).toEqual([]);
  });

  it('the bound on functions finds one past it: an arrow, a method and a function each', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const source = [
      `export function short() {\n${body(80)}\n}`,
      `export function long() {\n${body(81)}\n}`,
      `export const arrow = () => {\n${body(81)}\n};`,
      `class A {\n  method() {\n${body(81)}\n  }\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', source, 80).map((v) => v.replace(/^x\.ts:\d+ /, ''))).toEqual([
      'long: 81 lines',
      '(ArrowFunction): 81 lines',
      'method: 81 lines',
    ]);
  });

  it(`no module of the server is over ${MAX_MODULE_LINES} lines (tests and test support aside)`, () => {
    const long = files
      .filter((f) => layerOf(f) === 'server' && !f.endsWith('.testing.ts'))
      .map((f) => [logical(f).split(path.sep).join('/'), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > MAX_MODULE_LINES);
    expect(long).toEqual([]);
  });

  it('the room is a thin shell around the one decision: room.ts under 300 lines', () => {
    const lines = readFileSync(path.join(SRC, 'server', 'room.ts'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(300);
  });
});
