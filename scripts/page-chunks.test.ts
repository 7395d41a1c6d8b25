import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ModuleGraph, type PageRoots, pageChunks, pageRoots, staticallyReached } from './page-chunks.ts';

/** A module graph from a table of static imports. */
const graphOf = (imports: Record<string, string[]>): ModuleGraph => ({
  getModuleInfo: (id) => (id in imports ? { importedIds: imports[id] ?? [] } : null),
});

const roots: PageRoots = { entry: 'main', home: 'home', game: ['page', 'shell'], boards: ['hex-view', 'hive-view'] };

describe('the pages’ chunks', () => {
  const graph = graphOf({
    main: ['i18n', 'app'],
    app: ['i18n'],
    i18n: [],
    home: ['api', 'registry', 'home-only', 'i18n'],
    'home-only': [],
    page: ['api', 'session'],
    shell: ['registry', 'moves', 'i18n'],
    session: ['moves'],
    moves: [],
    api: ['protocol'],
    protocol: [],
    registry: ['rules'],
    rules: [],
    'hex-view': ['zoom', 'hex-cells'],
    'hive-view': ['zoom', 'pieces'],
    zoom: ['viewport'],
    viewport: [],
    'hex-cells': [],
    pieces: [],
    profile: ['api', 'chart'],
    chart: [],
  });
  const chunks = pageChunks(graph, roots);

  it('puts what the home page and a game’s page both run in `site`, what a game’s page alone runs in `play`', () => {
    expect(
      [...chunks]
        .filter(([, c]) => c === 'site')
        .map(([id]) => id)
        .sort(),
    ).toEqual(['api', 'protocol', 'registry', 'rules']);
    expect(
      [...chunks]
        .filter(([, c]) => c === 'play')
        .map(([id]) => id)
        .sort(),
    ).toEqual(['moves', 'page', 'session', 'shell', 'viewport', 'zoom']);
  });

  it('leaves the first script’s modules, each board’s own and other pages’ alone', () => {
    for (const id of ['main', 'app', 'i18n', 'home', 'home-only', 'hex-view', 'hex-cells', 'hive-view', 'pieces', 'profile', 'chart'])
      expect(chunks.has(id), id).toBe(false);
  });

  it('is closed under imports: a grouped module imports only its own chunk’s, `site`’s or the first script’s', () => {
    const first = staticallyReached(graph, [roots.entry]);
    const rank = { site: 0, play: 1 } as const;
    for (const [id, chunk] of chunks)
      for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) {
        if (first.has(imported)) continue;
        const its = chunks.get(imported);
        expect(its, `${id} → ${imported}`).toBeDefined();
        expect(rank[its as keyof typeof rank], `${id} → ${imported}`).toBeLessThanOrEqual(rank[chunk]);
      }
  });

  it('finds the app’s roots and every game’s board module', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-chunks-'));
    try {
      for (const game of ['hex', 'hive']) mkdirSync(path.join(dir, 'games', game), { recursive: true });
      const found = pageRoots(dir);
      expect(found.entry).toBe(path.join(dir, 'main.tsx'));
      expect([...found.boards].sort()).toEqual([path.join(dir, 'games/hex/view.tsx'), path.join(dir, 'games/hive/view.tsx')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
