import { solvableOf } from '@hexarena/engines/ai/perfect.ts';
import { solve } from '@hexarena/engines/ai/solver.ts';
import type { Solvable } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { type TicTacToeMove, type TicTacToeState, tictactoe, tictactoeAi } from '@hexarena/engines/games/tictactoe/index.ts';
import { describe, expect, it } from 'vitest';
import es from '../../web/i18n/messages/es.ts';
import ja from '../../web/i18n/messages/ja.ts';
import ru from '../../web/i18n/messages/ru.ts';
import { tictactoeStaticBoard as tictactoeBoard } from '../games/tictactoe/static-board.ts';
import { inLanguages } from './languages.ts';
import { expectPlainHtml } from './plain-html.testing.ts';
import { buildSite, pageName, type Site } from './site.ts';

/** Tic-tac-toe with its AI profile: the solver keys its positions. */
const ttt = solvableOf(tictactoe) as typeof tictactoe & Solvable<TicTacToeState, TicTacToeMove>;

const start = ttt.newGame({}, 'site');
const solution = solve(ttt, start);
const input = { game: ttt, options: {}, start, solution, board: tictactoeBoard };
const twoPlayer = buildSite(input, 'two-player');
const vsAi = buildSite(input, 'vs-ai');

const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);

/** The links on the board itself: one per move offered. */
const moveLinks = (html: string): string[] => hrefs(/<table[\s\S]*<\/table>/.exec(html)?.[0] ?? '');

/** Resolves a link the way a browser does for a page opened from disk (file://). */
const resolve = (from: string, href: string): string => {
  const base = new URL(`file:///site/${from}`);
  return decodeURIComponent(new URL(href, base).pathname.replace(/^\/site\//, ''));
};

const stateOf = (path: string): TicTacToeState => {
  const board = path.endsWith('index.html') ? '---------' : (path.split('/').pop() as string).replace(/\.html$/, '');
  return unwrap(ttt.fromJSON({ board }));
};

function expectLinksResolve(site: Site): void {
  for (const [path, html] of site) {
    for (const href of hrefs(html)) {
      expect(href, `${path} → ${href}`).not.toMatch(/^(\/|[a-z]+:)/i); // relative, so it opens from disk
      expect(href, `${path} → ${href}`).toMatch(/\.html$/); // a file, never a folder listing
      expect(site.has(resolve(path, href)), `${path} → ${href}`).toBe(true);
    }
  }
}

describe('two-player static site', () => {
  it('has exactly 5,478 pages, one per reachable position, the start page being index.html', () => {
    expect(twoPlayer.size).toBe(5478);
    expect(twoPlayer.has('index.html')).toBe(true);
    expect(twoPlayer.has(pageName('---------'))).toBe(false);
    const keys = new Set([...twoPlayer.keys()].map((p) => tictactoeAi.positionKey(stateOf(p))));
    expect(keys.size).toBe(5478);
  });

  it('is plain HTML: no script, no style element or attribute, no stylesheet', () => {
    expectPlainHtml(twoPlayer);
  });

  it('every link resolves to a page of the site, relative to the page', () => {
    expectLinksResolve(twoPlayer);
  });

  it('each live page links every legal move to the page where it is made; finished pages offer no move', () => {
    for (const [path, html] of twoPlayer) {
      const state = stateOf(path);
      const targets = new Set(moveLinks(html).map((h) => tictactoeAi.positionKey(stateOf(h))));
      const expected = new Set(ttt.legalMoves(state).map((m) => tictactoeAi.positionKey(ttt.play(state, m))));
      expect(targets).toEqual(expected);
    }
  });

  it('says whose turn it is and how the game ended', () => {
    expect(twoPlayer.get('index.html')).toContain('<p>X to move.</p>');
    expect(twoPlayer.get(pageName('xxxoo----'))).toContain('Game over: X wins (three in a row).');
    expect(twoPlayer.get(pageName('xoxxoooxx'))).toContain('Game over: draw (board full).');
  });
});

describe('vs-AI static site', () => {
  it('is plain HTML whose links all resolve', () => {
    expectPlainHtml(vsAi);
    expectLinksResolve(vsAi);
  });

  it('its start page offers both sides', () => {
    const [asX, asO, ...rest] = hrefs(vsAi.get('index.html') as string);
    expect(asX).toBe('x/---------.html');
    expect(asO).toMatch(/^o\/[-x]{9}\.html$/); // the computer has made its first move
    expect([...(asO ?? '').slice(2, 11)].filter((c) => c === 'x')).toHaveLength(1);
    expect(rest).toEqual([]);
  });

  for (const [dir, human] of [
    ['x', 0],
    ['o', 1],
  ] as const) {
    it(`playing ${dir.toUpperCase()}: exactly the positions reachable while the computer plays perfectly, and no human win`, () => {
      const pages = [...vsAi.keys()].filter((p) => p.startsWith(`${dir}/`));
      // Walk the site from its entry, checking every step: one link per legal human move, and the
      // computer's answer folded in is one of its perfect moves.
      const entry = hrefs(vsAi.get('index.html') as string).find((h) => h.startsWith(`${dir}/`)) as string;
      const reached = new Set<string>([entry]);
      const queue = [entry];
      while (queue.length > 0) {
        const path = queue.shift() as string;
        const state = stateOf(path);
        const outcome = ttt.result(state);
        if (outcome?.kind === 'win') expect(outcome.winner).not.toBe(human);
        if (!outcome) expect(ttt.toMove(state)).toBe(human);
        const links = moveLinks(vsAi.get(path) as string);
        expect(links).toHaveLength(outcome ? 0 : ttt.legalMoves(state).length);
        for (const [i, move] of (outcome ? [] : ttt.legalMoves(state)).entries()) {
          const target = resolve(path, links[i] as string);
          let s = ttt.play(state, move);
          const landed = stateOf(target);
          if (tictactoeAi.positionKey(s) !== tictactoeAi.positionKey(landed)) {
            const replies = solution.bestMoves(s).map((m) => tictactoeAi.positionKey(ttt.play(s, m)));
            expect(replies).toContain(tictactoeAi.positionKey(landed));
            s = landed;
          }
          if (!reached.has(target)) {
            reached.add(target);
            queue.push(target);
          }
        }
      }
      expect(new Set(pages)).toEqual(reached);
    });
  }

  it('is the same every time it is built', () => {
    expect([...buildSite(input, 'vs-ai')]).toEqual([...vsAi]);
  });

  it('page names escape unsafe characters injectively', () => {
    expect(pageName('x-o')).toBe('x-o.html');
    expect(pageName('a/b')).not.toBe(pageName('a_b'));
    expect(pageName('a/b')).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});

describe('in another language (--lang)', () => {
  it('writes the same pages in Spanish, Russian or Japanese, their words from the app’s catalogs, <html lang> set', () => {
    const words = { es, ru, ja } as const;
    for (const lang of ['es', 'ru', 'ja'] as const) {
      const site = buildSite({ ...input, lang }, 'vs-ai');
      const catalog = words[lang];
      // The same pages, linked the same way: only the words change.
      expect([...site.keys()].sort(), lang).toEqual([...vsAi.keys()].sort());
      expectLinksResolve(site);
      for (const html of site.values()) expect(html).toContain(`<html lang="${lang}">`);
      expectPlainHtml(site);
      const index = site.get('index.html') as string;
      expect(index).toContain(catalog['static.neverLoses']);
      expect(index).not.toContain('The computer never loses');
      // A position where the human is to move says so in the language, naming the side.
      const page = [...site.entries()].find(([path]) => path !== 'index.html')?.[1] as string;
      expect(page).toContain(catalog['game.newGame']);
    }
    // Russian's result, through the app's outcomes: a draw against the perfect computer.
    const ruSite = buildSite({ ...input, lang: 'ru' }, 'two-player');
    expect([...ruSite.values()].some((html) => html.includes('Партия окончена: ничья'))).toBe(true);
    // English is as it was.
    expect([...buildSite(input, 'vs-ai')]).toEqual([...vsAi]);
  });
});

describe('in several languages (--lang all)', () => {
  it('each language in its folder, the same pages; every page switches to the same page in the others', () => {
    const site = inLanguages(
      ['en', 'ja'],
      (lang) => buildSite({ ...input, lang }, 'vs-ai'),
      () => 'Tic-tac-toe',
    );
    const inFolder = (lang: string) =>
      [...site.keys()]
        .filter((p) => p.startsWith(`${lang}/`))
        .map((p) => p.slice(3))
        .sort();
    expect(inFolder('en')).toEqual([...vsAi.keys()].sort());
    expect(inFolder('ja')).toEqual(inFolder('en'));
    expect(site.size).toBe(2 * vsAi.size + 1);
    expectPlainHtml(site);
    for (const [path, html] of site) {
      if (path === 'index.html') {
        expect(hrefs(html)).toEqual(['en/index.html', 'ja/index.html']);
        continue;
      }
      // Its own pages' links stay in its folder, as the one-language site's do.
      const [lang, rest] = [path.slice(0, 2), path.slice(3)];
      const other = lang === 'en' ? 'ja' : 'en';
      expect(html).toContain(`<html lang="${lang}">`);
      const switched = /<nav[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
      expect(
        hrefs(switched).map((href) => resolve(path, href)),
        path,
      ).toEqual([`${other}/${rest}`]);
      for (const href of hrefs(html.replace(switched, ''))) expect(site.has(resolve(path, href)), `${path} → ${href}`).toBe(true);
      expect(resolve(path, hrefs(html.replace(switched, ''))[0] ?? '').startsWith(`${lang}/`), path).toBe(true);
    }
    expect(site.get('ja/index.html')).toContain(ja['static.neverLoses']);
  });
});
