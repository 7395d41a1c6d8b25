import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { puzzleGameOf } from '../../puzzles/mine.ts';
import { type PuzzleSet, parsePuzzleSet, setUpPuzzle } from '../../puzzles/puzzle-set.ts';
import { cliGameOf } from '../games/index.ts';
import { expectPlainHtml } from './plain-html.testing.ts';
import { buildPuzzleSite } from './puzzle-site.ts';
import type { Site } from './site.ts';

/** The shipped set of a game, its first `count` puzzles, and the site they make. */
async function siteOf(id: string, count: number): Promise<{ game: AnyGame; set: PuzzleSet; site: Site }> {
  const game = unwrap(findGame(id));
  const pages = await cliGameOf(id)?.puzzlePages?.();
  if (!pages) throw new Error(`${id} has no puzzle pages`);
  const whole = unwrap(parsePuzzleSet(pages.shipped));
  const set = { ...whole, puzzles: whole.puzzles.slice(0, count) };
  const minable = puzzleGameOf(game);
  if (!minable) throw new Error(`${id} has no puzzles`);
  return { game, set, site: unwrap(buildPuzzleSite({ game: minable, set, picture: pages.picture })) };
}

const links = (html: string): { href: string; text: string }[] =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
    href: unescapeHtml(m[1] as string),
    text: unescapeHtml(m[2] as string),
  }));
const unescapeHtml = (text: string): string =>
  text.replace(
    /&lt;|&gt;|&quot;|&#39;|&amp;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[e] as string,
  );

/** A link as a browser resolves it from a page opened from disk: the file, and the fragment. */
const resolve = (from: string, href: string): { file: string; fragment: string } => {
  const url = new URL(href, new URL(`file:///site/${from}`));
  return { file: decodeURIComponent(url.pathname.replace(/^\/site\//, '')), fragment: url.hash.slice(1) };
};

/** The section of a page that a fragment points at. */
const section = (html: string, id: string): string => new RegExp(`<section id="${id}">([\\s\\S]*?)</section>`).exec(html)?.[1] ?? '';

/** The moves a turn page offers: the links of its list. */
const moveLinks = (html: string) => links(html.slice(html.indexOf('<h2>Your move</h2>')));

const GAMES = [
  ['hive', 21],
  ['hex', 3],
  ['nonaga', 3],
] as const;

describe('export-static puzzles: the pages', async () => {
  const built = await Promise.all(GAMES.map(([id, count]) => siteOf(id, count)));

  for (const { game, set, site } of built) {
    it(`${game.id}: plain HTML, no script and no style of any kind; valid, titled pages`, () => {
      expectPlainHtml(site);
      for (const [path, html] of site) {
        expect(html, path).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
        expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        expect(html, path).toMatch(/<h1>[^<]+<\/h1>/);
        for (const svg of html.match(/<svg[^>]*>/g) ?? []) expect(svg, path).toMatch(/role="img" aria-labelledby="board-title"/);
      }
    });

    it(`${game.id}: every link resolves to a page written, and every fragment to a section of it`, () => {
      for (const [path, html] of site)
        for (const { href } of links(html)) {
          expect(href, `${path} → ${href}`).not.toMatch(/^(\/|[a-z]+:)/i);
          const target = resolve(path, href);
          expect(site.has(target.file), `${path} → ${href}`).toBe(true);
          if (target.fragment) expect(section(site.get(target.file) as string, target.fragment), `${path} → ${href}`).not.toBe('');
        }
    });

    it(`${game.id}: the index lists every puzzle, who is to move and its themes; the right answers lead from the first page to "solved"`, () => {
      const index = site.get('index.html') as string;
      // Every puzzle makes at most 2 × turns + 1 pages, and the index is one more.
      expect(site.size).toBeLessThanOrEqual(1 + set.puzzles.reduce((n, p) => n + 2 * p.turns + 1, 0));
      for (const [i, puzzle] of set.puzzles.entries()) {
        const { options, solution } = unwrap(setUpPuzzle(game, puzzle));
        const mover = game.seatNames(options)[puzzle.solver] as string;
        expect(index).toContain(`<a href="${puzzle.id}/1.html">Puzzle ${i + 1}</a>: ${mover} to move · ${puzzle.themes.join(' · ')}`);
        let path = `${puzzle.id}/1.html`;
        for (let turn = 1; turn <= puzzle.turns; turn++) {
          const html = site.get(path) as string;
          expect(html, path).toContain(`${mover} to move: turn ${turn} of ${puzzle.turns}.`);
          const right = moveLinks(html).find((l) => l.text === solution[2 * turn - 2]);
          expect(right, `${path}: ${solution[2 * turn - 2]}`).toBeDefined();
          path = resolve(path, right?.href as string).file;
        }
        expect(path).toBe(`${puzzle.id}/solved.html`);
        expect(site.get(path)).toMatch(new RegExp(`Solved: ${mover} wins`));
      }
    });

    it(`${game.id}: every legal move is offered, and every other move leads to a section that says it is wrong, names it and gives the answer`, () => {
      for (const puzzle of set.puzzles) {
        const { position, solution, line } = unwrap(setUpPuzzle(game, puzzle));
        for (let turn = 1; turn <= puzzle.turns; turn++) {
          const state = turn === 1 ? position : line[2 * turn - 3];
          const path = `${puzzle.id}/${turn}.html`;
          const offered = moveLinks(site.get(path) as string);
          expect(offered.length, path).toBe(game.legalMoves(state).length);
          for (const { href, text } of offered) {
            const target = resolve(path, href);
            if (text === solution[2 * turn - 2] || target.file.endsWith('solved.html')) continue;
            const page = site.get(target.file) as string;
            expect(page, `${path} ${text}`).toContain('<h1>Not that move</h1>');
            expect(page, `${path} ${text}`).toContain(`The move was <strong>`);
            const why = section(page, target.fragment);
            expect(why, `${path} ${text}`).toMatch(/<h2>Wrong: /);
            expect(unescapeHtml(why), `${path} ${text}`).toMatch(
              new RegExp(`The moves: (.*; )?${text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}(;|\\.</p>)`),
            );
          }
        }
      }
    });
  }

  it('on the last turn, a move "solved" is one the rules say wins at once, and a move "wrong" is not', () => {
    const { game, set, site } = built[0] as (typeof built)[number];
    for (const puzzle of set.puzzles) {
      const { position, line } = unwrap(setUpPuzzle(game, puzzle));
      const state = puzzle.turns === 1 ? position : line[2 * puzzle.turns - 3];
      const path = `${puzzle.id}/${puzzle.turns}.html`;
      const byText = new Map(game.legalMoves(state).map((m) => [game.formatMove(state, m), m]));
      for (const { href, text } of moveLinks(site.get(path) as string)) {
        const outcome = game.result(game.play(state, byText.get(text)));
        const wins = outcome?.kind === 'win' && outcome.winner === puzzle.solver;
        expect(resolve(path, href).file.endsWith('solved.html'), `${path} ${text}`).toBe(wins);
      }
    }
  });

  it('a wrong move whose proof runs past the budget is still wrong, without a defence named', async () => {
    const { game, set } = built[0] as (typeof built)[number];
    const pages = await cliGameOf('hive')?.puzzlePages?.();
    const puzzle = set.puzzles.find((p) => p.turns === 2);
    const minable = puzzleGameOf(game);
    if (!pages || !puzzle || !minable) throw new Error('no Hive puzzle of 2 turns');
    const site = unwrap(buildPuzzleSite({ game: minable, set: { ...set, puzzles: [puzzle] }, picture: pages.picture, budget: 1 }));
    const wrong = site.get(`${puzzle.id}/1-wrong.html`) as string;
    expect(wrong).toContain('<h2>Wrong: not the answer</h2>');
    expect(wrong).not.toMatch(/answers /);
    for (const { href, text } of moveLinks(site.get(`${puzzle.id}/1.html`) as string))
      if (href.startsWith('1-wrong.html#')) expect(unescapeHtml(section(wrong, href.slice('1-wrong.html#'.length)))).toContain(text);
  });

  it('the same set makes the same pages', async () => {
    const again = await siteOf('hex', 3);
    expect([...again.site]).toEqual([...(built[1] as (typeof built)[number]).site]);
  });
});

describe('export-static puzzles --lang: the pages in Spanish, Russian and Japanese', async () => {
  const { default: es } = await import('../../web/i18n/messages/es.ts');
  const { default: ru } = await import('../../web/i18n/messages/ru.ts');
  const { default: ja } = await import('../../web/i18n/messages/ja.ts');
  const english = await siteOf('hive', 4);
  const pages = await cliGameOf('hive')?.puzzlePages?.();
  const minable = puzzleGameOf(english.game);
  if (!pages || !minable) throw new Error('no Hive puzzle pages');

  for (const [lang, catalog] of [
    ['es', es],
    ['ru', ru],
    ['ja', ja],
  ] as const)
    it(`${lang}: the same pages linked the same way, <html lang="${lang}">, the words from its catalog and none of English's`, () => {
      const site = unwrap(buildPuzzleSite({ game: minable, set: english.set, picture: pages.picture, lang }));
      expect([...site.keys()]).toEqual([...english.site.keys()]);
      expectPlainHtml(site);
      for (const [path, html] of site) {
        expect(html, path).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${lang}">`));
        // The moves link where English's do: only the words change.
        expect(
          links(html).map((l) => l.href),
          path,
        ).toEqual(links(english.site.get(path) as string).map((l) => l.href));
        // No English sentence is left (the notation, the names and the sources' words aside).
        expect(html, path).not.toMatch(
          / to move|Your move|Wrong: |All puzzles|in hand|The hive|Try again|Solved: |win in|self-play|queen surrounded/,
        );
      }
      const index = site.get('index.html') as string;
      expect(index).toContain(`>${catalog['static.puzzle.name'].replace('{n}', '1')}</a>`);
      const first = english.set.puzzles[0];
      const turn = site.get(`${first?.id}/1.html`) as string;
      expect(turn).toContain(`<h2>${catalog['static.puzzle.yourMove']}</h2>`);
      expect(turn).toContain(catalog['static.puzzle.allPuzzles']);
      // The board's words: the bugs as the language's rules name them, the hands.
      expect(turn).toMatch(new RegExp(`<title>[^<]*(${catalog['hive.bug.queen']}|${catalog['hive.bug.ant']})`));
      const wrong = [...site].find(([path]) => path.endsWith('-wrong.html'))?.[1] as string;
      expect(wrong).toContain(`<h1>${catalog['static.puzzle.notThatMove']}</h1>`);
      expect(wrong).toContain(`<h2>${catalog['static.puzzle.theAnswer']}</h2>`);
      const solved = site.get(`${first?.id}/solved.html`) as string;
      expect(solved).toContain(`<h2>${catalog['static.puzzle.mainLine']}</h2>`);
    });

  it('Russian counts the puzzles and the turns as Russian does; English is as it was', () => {
    const ru4 = unwrap(buildPuzzleSite({ game: minable, set: english.set, picture: pages.picture, lang: 'ru' }));
    expect(ru4.get('index.html')).toContain('4 задачи из партий');
    const five = {
      ...english.set,
      puzzles: [...english.set.puzzles, ...english.set.puzzles.slice(0, 1).map((p) => ({ ...p, id: `${p.id}-again` }))],
    };
    expect(unwrap(buildPuzzleSite({ game: minable, set: five, picture: pages.picture, lang: 'ru' })).get('index.html')).toContain(
      '5 задач из партий',
    );
    expect([...unwrap(buildPuzzleSite({ game: minable, set: english.set, picture: pages.picture }))]).toEqual([...english.site]);
  });
});
