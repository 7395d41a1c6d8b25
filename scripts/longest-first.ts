import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first, as measured on the 2-core machine (seconds in a full
 * run, 2026-11-27, with Node's own import). Two workers finish together only if the long files start early: a clean clone
 * has no timing cache, and vitest would otherwise start them in discovery order, some near the end.
 * Browser files alternate with files that only compute, so chromium is rarely run twice at once.
 * A file missing from the list runs after these, in vitest's own order; a stale entry is harmless.
 */
export const LONGEST: readonly string[] = [
  'src/web/online-e2e.test.ts', // 45
  'src/ai/strength.test.ts', // 16
  'src/web/e2e.test.ts', // 34
  'src/server/cluster.test.ts', // 16 (a browser too)
  'src/web/accessibility.test.ts', // 28
  'scripts/serve-cluster.test.ts', // 15
  'src/server/online-durability.test.ts', // 12
  'src/protocols/uhp/bridge.test.ts', // 11
  'src/protocols/uhp/outside-engine.test.ts', // 10
  'src/ai/mcts.test.ts', // 9
  'src/cli/ladder.test.ts', // 8
  'src/cli/main.test.ts', // 7
  'src/server/disk.test.ts', // 7
  'src/server/sqlite-store.test.ts', // 6
  'src/games/nonaga/rules.test.ts', // 6
  'src/package.test.ts', // 6
  'src/server/edges.test.ts', // 6
  'src/web/look.e2e.test.ts', // 5
  'src/games/hex/hex.test.ts', // 5
  'src/server/pg-store.test.ts', // 5
  'src/games/dicewars/rules.test.ts', // 5
  'src/server/lobby.test.ts', // 4
  'src/server/online.test.ts', // 4
  'src/ai/search.test.ts', // 4
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const usual = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return i === -1 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: the unlisted keep vitest's order.
    return usual.sort((a, b) => rank(a) - rank(b));
  }
}
