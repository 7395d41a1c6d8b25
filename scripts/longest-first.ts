import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files in the order that lets the two workers finish together: longest first, by the seconds
 * each took in an earlier run (scripts/test-durations.json, refreshed by `npm run test:durations`),
 * not by a list kept by hand. A clean clone has no timing cache of vitest's own, which would
 * otherwise start the long files in discovery order, some near the end.
 *
 * The files come a project (a kind of test) at a time. Vitest hands a worker on to the next file only
 * when that file is of the worker's own project; otherwise it stops the worker and starts another,
 * which imports the sources again through tsx: 2 to 5 s of CPU each time. Files of the four kinds
 * interleaved (as they were, to keep two chromiums from running at once) started some 100 workers in
 * a run of the suite, and their imports were a third of its workers' CPU.
 *
 * The projects go longest file first too, so a long file never starts near the end; a file not
 * measured yet counts as the longest (it may be long; a short one costs nothing there).
 */
export const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

export function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** `items` a project at a time, longest first within each, the project with the longest file first. */
export function longestFirst<T>(items: readonly T[], seconds: (item: T) => number | undefined, projectOf: (item: T) => string): T[] {
  const weight = (item: T) => seconds(item) ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: equal weights keep the order they came in.
  const sorted = [...items].sort((a, b) => Math.sign(weight(b) - weight(a)) || 0);
  const projects = new Map<string, T[]>();
  // The sorted items meet each project first at its longest file: the projects come in that order.
  for (const item of sorted) {
    const project = projectOf(item);
    const files = projects.get(project) ?? [];
    files.push(item);
    projects.set(project, files);
  }
  return [...projects.values()].flat();
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const name = (f: TestSpecification) => path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/');
    return longestFirst(
      files,
      (f) => durations[name(f)],
      (f) => f.project.name,
    );
  }
}
