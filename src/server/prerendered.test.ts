import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './http.ts';
import { HOME_ONLY_SCRIPT, readPrerendered, withMarkup } from './prerendered.ts';

const HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <script type="module" src="/assets/index-1.js"></script>\n  </head>\n  <body>\n    <div id="app"></div>\n  </body>\n</html>\n';
const PRELOADS = {
  pages: { root: ['assets/site-1.js', 'assets/site-1.css'], home: ['assets/home-1.js', 'assets/home-1.css', 'assets/site-1.css'] },
  catalogs: { en: { common: 'assets/i18n-en-common-1.js' }, es: { common: 'assets/i18n-es-common-1.js' } },
  parts: { root: [], home: [] },
};
const MARKUP = {
  home: { en: '<main class="home"><h2>Quick pairing</h2></main>', es: '<main class="home"><h2>Emparejamiento rápido</h2></main>' },
};

const dirs: string[] = [];
const build = (prerendered: unknown | null): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'prerendered-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), HTML);
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(PRELOADS));
  if (prerendered !== null)
    writeFileSync(path.join(dir, 'prerendered.json'), typeof prerendered === 'string' ? prerendered : JSON.stringify(prerendered));
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The sources a content security policy's script-src allows, from the header. */
const scriptSources = (csp: unknown): string[] => /script-src ([^;]+)/.exec(String(csp))?.[1]?.split(' ') ?? [];

describe("the home page's markup in the HTML (drawn before the scripts run)", () => {
  it("is the reader's language's, for the root only; a build without it, or with an unreadable one, has none", async () => {
    const of = await readPrerendered(build(MARKUP));
    expect(of('root', 'es')).toBe(MARKUP.home.es);
    expect(of('root', 'ja')).toBe('');
    expect(of('profile', 'en')).toBe('');
    expect((await readPrerendered(build(null)))('root', 'en')).toBe('');
    expect((await readPrerendered(build('{"home": ')))('root', 'en')).toBe('');
    expect((await readPrerendered(build({ home: { en: 3 } })))('root', 'en')).toBe('');
  });

  it('goes inside the app element, inert until the app draws over it, with the script that takes it away on the local pages’ addresses', () => {
    expect(withMarkup(HTML, '')).toBe(HTML);
    const page = withMarkup(HTML, '<main>x</main>');
    expect(page).toContain(`<div id="app" inert><main>x</main></div><script>${HOME_ONLY_SCRIPT}</script>`);
  });

  it("serves / with the markup and the home page's styles applied before it paints (not its code: the root's other pages do not run it); the one inline script allowed by its hash", async () => {
    const app = await createHttpServer(build(MARKUP));
    try {
      const home = await app.inject({ url: '/', headers: { 'accept-language': 'es' } });
      expect(home.body).toContain('<div id="app" inert><main class="home"><h2>Emparejamiento rápido</h2></main></div>');
      const head = home.body.slice(0, home.body.indexOf('</head>'));
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css">');
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/site-1.css">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/site-1.js">');
      expect(head).not.toContain('home-1.js');
      expect(head).not.toContain('<link rel="preload" as="style" crossorigin href="/assets/site-1.css">');
      expect(head).toContain('/assets/i18n-es-common-1.js');
      // The inline script the page runs is the one the policy allows, and no other is.
      const inline = [...home.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] as string);
      expect(inline).toEqual([HOME_ONLY_SCRIPT]);
      const hash = `'sha256-${createHash('sha256')
        .update(inline[0] as string)
        .digest('base64')}'`;
      expect(scriptSources(home.headers['content-security-policy'])).toEqual(["'self'", hash]);
      expect(scriptSources(home.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
      // Other pages: no markup, their own preloads as before.
      const profile = await app.inject({ url: '/u/someone', headers: { 'accept-language': 'es' } });
      expect(profile.body).toContain('<div id="app"></div>');
      expect(profile.body).not.toContain('<script>');
    } finally {
      await app.close();
    }
  });

  it('serves / as before when the build has no markup', async () => {
    const app = await createHttpServer(build(null));
    try {
      const home = await app.inject({ url: '/', headers: { 'accept-language': 'en' } });
      expect(home.body).toContain('<div id="app"></div>');
      expect(home.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/site-1.css">');
      expect(home.body).not.toContain('home-1');
    } finally {
      await app.close();
    }
  });
});
