import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './http.ts';
import { preloadLinks, readPreloads } from './page-preloads.ts';

const HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" src="/assets/index-1.js"></script>\n  </head>\n  <body><div id="app"></div></body>\n</html>\n';
const WRITTEN = {
  pages: { root: ['assets/site-1.js', 'assets/site-1.css'], profile: ['assets/profile-1.js'] },
  catalogs: {
    en: { common: 'assets/i18n-en-common-1.js', people: 'assets/i18n-en-people-1.js' },
    es: { common: 'assets/i18n-es-common-1.js' },
  },
  parts: { root: [], profile: ['people', 'play'] },
};

const dirs: string[] = [];
const build = (written: unknown | null): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'preloads-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), HTML);
  if (written !== null)
    writeFileSync(path.join(dir, 'page-preloads.json'), typeof written === 'string' ? written : JSON.stringify(written));
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('page preloads (what a page loads as it starts, named in its HTML)', () => {
  it("names a page's files and its language's catalog parts, the parts it has", async () => {
    const of = await readPreloads(build(WRITTEN));
    expect(of('root', 'es')).toEqual(['assets/site-1.js', 'assets/site-1.css', 'assets/i18n-es-common-1.js']);
    // The profile's parts: people (English has it), play (no file written: nothing named).
    expect(of('profile', 'en')).toEqual(['assets/profile-1.js', 'assets/i18n-en-common-1.js', 'assets/i18n-en-people-1.js']);
    expect(of('ladder', 'ja')).toEqual([]);
  });

  it('names nothing for a build without the list, or with a list that is not one', async () => {
    expect((await readPreloads(build(null)))('root', 'en')).toEqual([]);
    expect((await readPreloads(build('{"pages": 3')))('root', 'en')).toEqual([]);
    expect((await readPreloads(build({ ...WRITTEN, pages: { root: [1] } })))('root', 'en')).toEqual([]);
  });

  it('writes scripts as module preloads and styles as style preloads (or applied), crossorigin as the build links them, the path escaped', () => {
    expect(preloadLinks(['assets/a b.js', 'assets/c.css'])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a%20b.js"><link rel="preload" as="style" crossorigin href="/assets/c.css">',
    );
    expect(preloadLinks(['assets/c.css'], 'apply')).toBe('<link rel="stylesheet" crossorigin href="/assets/c.css">');
  });

  it("serves each page its own, in the reader's language, and reads a new build's list with its index.html", async () => {
    const dir = build(WRITTEN);
    const app = await createHttpServer(dir);
    try {
      const home = await app.inject({ url: '/', headers: { 'accept-language': 'es' } });
      expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/site-1.js">');
      expect(home.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/site-1.css">');
      expect(home.body).toContain('/assets/i18n-es-common-1.js');
      expect(home.body).not.toContain('profile-1');
      const profile = await app.inject({ url: '/u/someone', headers: { 'accept-language': 'en' } });
      expect(profile.body).toContain('/assets/profile-1.js');
      expect(profile.body).toContain('/assets/i18n-en-people-1.js');
      expect(profile.body.indexOf('profile-1.js')).toBeLessThan(profile.body.indexOf('</head>'));
      // A new build in place: its index.html and its list, read together.
      writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ ...WRITTEN, pages: { root: ['assets/site-2.js'] } }));
      writeFileSync(path.join(dir, 'index.html'), HTML.replace('index-1', 'index-2'));
      const rebuilt = await app.inject({ url: '/', headers: { 'accept-language': 'en' } });
      expect(rebuilt.body).toContain('/assets/site-2.js');
      expect(rebuilt.body).not.toContain('site-1.js');
    } finally {
      await app.close();
    }
  });
});
