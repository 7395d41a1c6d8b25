import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files in the order that lets the two workers finish together: longest first, by the seconds
 * each took in an earlier run (scripts/test-durations.json, refreshed by `npm run test:durations`),
 * not by a list kept by hand. A clean clone has no timing cache of vitest's own, which would
 * otherwise start the long files in discovery order, some near the end.
 *
 * A file not measured yet runs first (it may be long; a short one costs nothing there). Browser files
 * alternate with the others where they can, so that chromium is rarely run twice at once.
 */
export const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

export function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** `items` longest first (unmeasured ones before all), browser items spread among the others. */
export function longestFirst<T>(items: readonly T[], seconds: (item: T) => number | undefined, isBrowser: (item: T) => boolean): T[] {
  const weight = (item: T) => seconds(item) ?? Number.POSITIVE_INFINITY;
  // Array.prototype.sort is stable: equal weights keep the order they came in.
  const sorted = [...items].sort((a, b) => Math.sign(weight(b) - weight(a)) || 0);
  const browsers = sorted.filter(isBrowser);
  const others = sorted.filter((item) => !isBrowser(item));
  const order: T[] = [];
  let lastWasBrowser = false;
  while (browsers.length > 0 || others.length > 0) {
    const b = browsers[0];
    const o = others[0];
    // The longer of the two heads, unless that puts two browser files side by side.
    const takeBrowser: boolean = b !== undefined && (o === undefined || (!lastWasBrowser && weight(b) >= weight(o)));
    order.push((takeBrowser ? browsers.shift() : others.shift()) as T);
    lastWasBrowser = takeBrowser;
  }
  return order;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const name = (f: TestSpecification) => path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/');
    return longestFirst(
      files,
      (f) => durations[name(f)],
      (f) => f.project.name === 'browser',
    );
  }
}
