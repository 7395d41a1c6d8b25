import { expect } from 'vitest';
import type { Site } from './site.ts';

/** Every page of a static site is plain HTML: no script, and no style of any kind (no element, attribute or stylesheet). */
export function expectPlainHtml(site: Site): void {
  for (const [path, html] of site) {
    expect(html, path).not.toMatch(/<script/i);
    expect(html, path).not.toMatch(/<style/i);
    expect(html, path).not.toMatch(/style=/i);
    expect(html, path).not.toMatch(/<link[^>]*stylesheet/i);
    expect(html, path).not.toMatch(/\.css/i);
  }
}
