import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import es from '../../web/i18n/messages/es.ts';
import ja from '../../web/i18n/messages/ja.ts';
import ru from '../../web/i18n/messages/ru.ts';
import { main } from '../main.ts';
import { captureIo, scratchFolder } from '../testing.ts';

async function cli(dir: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const run = captureIo(dir);
  const code = await main(argv, run.io);
  return { code, out: run.out(), err: run.err() };
}

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/** The first puzzles of the shipped Hive set, as a file that `hexarena puzzles mine` could have written. */
function smallSet(dir: string, count: number): string {
  const shipped = JSON.parse(readFileSync(new URL('../../puzzles/sets/hive.json', import.meta.url), 'utf8')) as { puzzles: unknown[] };
  writeFileSync(path.join(dir, 'small.json'), JSON.stringify({ ...shipped, puzzles: shipped.puzzles.slice(0, count) }));
  return 'small.json';
}

describe('hexarena export-static puzzles', () => {
  it('writes the shipped Hive set as pages on disk, no script and no style, every link to a file written', async () => {
    const dir = scratchFolder();
    const { code, out, err } = await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^wrote \d+ pages for \d+ Hive puzzles to site in [\d.]+ s; open site\/index\.html\n$/);
    const site = path.join(dir, 'site');
    const files = filesUnder(site);
    const pages = files.filter((f) => f.endsWith('.html'));
    expect(out).toContain(`wrote ${pages.length} pages`);
    expect(files).toContain('.hexarena-export.json');
    const onDisk = new Set(pages);
    for (const page of pages) {
      const html = readFileSync(path.join(site, page), 'utf8');
      expect(html, page).not.toMatch(/<script|<style|style=|stylesheet|\.css/i);
      for (const [, href] of html.matchAll(/href="([^"#]*)(#[^"]*)?"/g)) {
        const target = new URL(href as string, new URL(`file:///site/${page}`));
        expect(onDisk.has(decodeURIComponent(target.pathname.slice('/site/'.length))), `${page} → ${href}`).toBe(true);
      }
    }
  });

  it('--from: a file of hexarena puzzles mine; a re-export replaces only its own pages, and tic-tac-toe may follow it', async () => {
    const dir = scratchFolder();
    const from = smallSet(dir, 2);
    expect((await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site', '--from', from)).code).toBe(0);
    writeFileSync(path.join(dir, 'site', 'notes.txt'), 'mine');
    const before = filesUnder(path.join(dir, 'site')).filter((f) => f.endsWith('.html'));
    writeFileSync(path.join(dir, from), JSON.stringify({ game: 'hive', turns: 2, puzzles: [] }));
    const again = await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site', '--from', from);
    expect(again.out).toMatch(/^wrote 1 page for 0 Hive puzzles/);
    expect(before.length).toBeGreaterThan(1);
    expect(filesUnder(path.join(dir, 'site')).sort()).toEqual(['.hexarena-export.json', 'index.html', 'notes.txt']);
    // The other kind of export takes the folder over, as its own earlier export.
    const ttt = await cli(dir, 'export-static', 'tictactoe', '--out', 'site', '--mode', 'vs-ai');
    expect(ttt.code).toBe(0);
    expect(readFileSync(path.join(dir, 'site', 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('--lang all: the site in each language in its folder, every page linked to the same page in the others; --lang ja alone at the top', async () => {
    const dir = scratchFolder();
    const from = smallSet(dir, 2);
    const run = await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site', '--from', from, '--lang', 'all');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const site = path.join(dir, 'site');
    const pages = filesUnder(site).filter((f) => f.endsWith('.html'));
    const inEnglish = pages.filter((p) => p.startsWith('en/')).map((p) => p.slice('en/'.length));
    expect(inEnglish.length).toBeGreaterThan(4);
    // The same pages in every language, and an index at the top that lists the four.
    for (const lang of ['es', 'ru', 'ja'])
      expect(
        pages
          .filter((p) => p.startsWith(`${lang}/`))
          .map((p) => p.slice(3))
          .sort(),
        lang,
      ).toEqual([...inEnglish].sort());
    expect(pages.length).toBe(4 * inEnglish.length + 1);
    const top = readFileSync(path.join(site, 'index.html'), 'utf8');
    for (const lang of ['en', 'es', 'ru', 'ja']) expect(top).toContain(`<a href="${lang}/index.html" hreflang="${lang}">`);
    const onDisk = new Set(pages);
    const catalogs = { es, ru, ja } as const;
    for (const page of pages.filter((p) => p !== 'index.html')) {
      const lang = page.slice(0, 2) as 'en' | keyof typeof catalogs;
      const rest = page.slice(3);
      const html = readFileSync(path.join(site, page), 'utf8');
      expect(html, page).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${lang}">`));
      // The switch: the same page in each other language, named in its own words; every link lands on a page written.
      const switched = [...html.matchAll(/<a href="([^"]*)" hreflang="([a-z]+)" lang="[a-z]+">/g)].map((m) => {
        const target = new URL(m[1] as string, new URL(`file:///site/${page}`)).pathname.slice('/site/'.length);
        return `${m[2]} ${target}`;
      });
      expect(switched, page).toEqual(['en', 'es', 'ru', 'ja'].filter((l) => l !== lang).map((l) => `${l} ${l}/${rest}`));
      for (const [, href] of html.matchAll(/href="([^"#]*)(#[^"]*)?"/g)) {
        const target = new URL(href as string, new URL(`file:///site/${page}`));
        expect(onDisk.has(decodeURIComponent(target.pathname.slice('/site/'.length))), `${page} → ${href}`).toBe(true);
      }
      if (lang === 'en') continue;
      const words = catalogs[lang];
      expect(html, page).toContain(`<nav aria-label="${words['settings.language']}">`);
      if (rest !== 'index.html') expect(html, page).toContain(words['static.puzzle.allPuzzles']);
      if (/\/\d\.html$/.test(page)) expect(html, page).toContain(`<h2>${words['static.puzzle.yourMove']}</h2>`);
      expect(html, page).not.toMatch(/All puzzles|Your move| to move/);
    }

    // One language alone: at the folder's top, as English is; a re-export replaces the four folders' pages.
    const ja1 = await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site', '--from', from, '--lang', 'ja');
    expect(ja1.code).toBe(0);
    const after = filesUnder(site).filter((f) => f.endsWith('.html'));
    expect(after.sort()).toEqual([...inEnglish].sort());
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toMatch(/^<!DOCTYPE html>\n<html lang="ja">[\s\S]*Hive の問題/);
  });

  it('--lang: a language the site does not speak is refused, in words', async () => {
    const dir = scratchFolder();
    for (const lang of ['fr', 'es,de', '']) {
      const run = await cli(dir, 'export-static', 'puzzles', '--game', 'hive', '--out', 'site', '--lang', lang);
      expect(run.code, lang).toBe(2);
      expect(run.err, lang).toMatch(/--lang.*no language "(fr|de|)": say one of en, es, ru, ja, several joined by commas, or all/);
    }
    expect(readdirSync(dir)).not.toContain('site');
  });

  it('refuses what it cannot export, in words', async () => {
    const dir = scratchFolder();
    writeFileSync(path.join(dir, 'not.json'), '{ puzzles: oops');
    writeFileSync(path.join(dir, 'shape.json'), JSON.stringify({ game: 'hive', turns: 2, puzzles: [{ id: 'x' }] }));
    writeFileSync(path.join(dir, 'nonaga.json'), JSON.stringify({ game: 'nonaga', turns: 1, puzzles: [] }));
    const shipped = JSON.parse(readFileSync(path.join(dir, smallSet(dir, 1)), 'utf8')) as { puzzles: { moves: string[] }[] };
    (shipped.puzzles[0] as { moves: string[] }).moves[3] = 'wQ nowhere';
    writeFileSync(path.join(dir, 'moves.json'), JSON.stringify(shipped));
    const cases: [string[], RegExp][] = [
      [['--game', 'chess'], /^hexarena: .*chess/],
      [['--game', 'dicewars'], /^hexarena: dicewars has no puzzles: .*dice decide/],
      [['--game', 'tictactoe'], /^hexarena: tictactoe has no pu/],
      [[], /^hexarena: export-static puzzles: say which game with --game/],
      [['--game', 'hive', '--mode', 'vs-ai'], /^hexarena: --mode is for a solved game, not for puzzles/],
      [['--game', 'hive', '--from', 'missing.json'], /^hexarena: --from: cannot read missing\.json/],
      [['--game', 'hive', '--from', 'not.json'], /^hexarena: --from: not\.json is not JSON/],
      [['--game', 'hive', '--from', 'shape.json'], /^hexarena: --from: shape\.json: puzzles\[0\]\.id: expected|puzzles\[0\]\.game/],
      [['--game', 'hive', '--from', 'nonaga.json'], /^hexarena: --from: nonaga\.json holds nonaga puzzles, not hive/],
      [['--game', 'hive', '--from', 'moves.json'], /^hexarena: moves\.json: puzzle hive-[0-9a-f]{16}: move 4 "wQ nowhere": /],
    ];
    for (const [flags, message] of cases) {
      const run = await cli(dir, 'export-static', 'puzzles', '--out', 'site', ...flags);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.err, flags.join(' ')).toMatch(message);
    }
    const mixed = await cli(dir, 'export-static', 'tictactoe', '--out', 'site', '--game', 'hive');
    expect(mixed.err).toMatch(/^hexarena: --game and --from are for export-static puzzles/);
    expect(readdirSync(dir)).not.toContain('site');
  });
});
