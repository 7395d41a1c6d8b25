import type { Solution } from '@hexarena/engines/ai/solver.ts';
import type { GameDefinition, Player, Solvable } from '@hexarena/engines/engine/game.ts';
import { t } from '../../web/i18n/index.ts';
import type { Locale } from '../../web/i18n/languages.ts';
import { outcomeText, seatWord } from '../../web/i18n/outcome.ts';
import type { StaticBoard } from './boards.ts';
import { escapeHtml, page as htmlPage, link } from './html.ts';
import { speak } from './words.ts';

// The modes live apart, so that the command line's parser reads them without loading the pages' words.
export { SITE_MODES, type SiteMode } from './modes.ts';

import type { SiteMode } from './modes.ts';

/** A site as relative path → HTML. `index.html` is the start page. */
export type Site = Map<string, string>;

/** Position keys become file names; unsafe characters are escaped injectively as _XX. */
export function pageName(key: string): string {
  let name = '';
  for (const ch of key) name += /[A-Za-z0-9.-]/.test(ch) ? ch : `_${ch.codePointAt(0)?.toString(16).padStart(2, '0')}_`;
  return `${name}.html`;
}

type SiteGame<S, M, O> = GameDefinition<S, M, O> & Solvable<S, M>;

interface SiteInput<S, M, O> {
  readonly game: SiteGame<S, M, O>;
  readonly options: O;
  readonly start: S;
  readonly solution: Solution<S, M>;
  readonly board: StaticBoard<S, M>;
  /** The language the pages are written in (English unless asked). */
  readonly lang?: Locale;
}

function status<S, M, O>(input: SiteInput<S, M, O>, state: S, human?: Player): string {
  const { game, options } = input;
  const seats = game.seatNames(options).map(seatWord);
  const outcome = game.result(state);
  if (outcome) {
    if (human === undefined || outcome.kind === 'draw') return t('game.over', { outcome: outcomeText(outcome, seats) });
    return t(outcome.winner === human ? 'static.youWin' : 'static.computerWins');
  }
  const mover = seats[game.toMove(state) ?? 0] ?? '';
  return human === undefined ? t('game.toMove', { seat: mover }) : t('static.yourMove', { seat: seats[human] ?? '' });
}

/**
 * Two players share the screen: one page per reachable position, every free cell a link to the
 * page where that move is made.
 */
function twoPlayerSite<S, M, O>(input: SiteInput<S, M, O>): Site {
  const { game, solution, board, start } = input;
  const page = (title: string, body: string) => htmlPage(title, body, input.lang);
  const startKey = game.positionKey(start);
  const href = (state: S): string => {
    const key = game.positionKey(state);
    return key === startKey ? 'index.html' : pageName(key);
  };
  const site: Site = new Map();
  for (const state of solution.states) {
    const over = game.result(state) !== null;
    const body = [
      `<h1>${escapeHtml(game.title)}</h1>`,
      `<p>${escapeHtml(status(input, state))}</p>`,
      board(state, (move) => (over ? undefined : href(game.play(state, move)))),
      `<p>${link('index.html', t('game.newGame'))}</p>`,
    ].join('\n');
    site.set(href(state), page(t('static.pageTitle', { game: game.title, status: status(input, state) }), body));
  }
  return site;
}

/**
 * Against the perfect computer: the computer's reply is folded into each link, so a page exists
 * only for positions where the human is to move (or the game is over) and that the human can reach
 * while the computer plays perfectly. The computer's choice among equal moves is the first one,
 * so the site is the same every time it is built.
 */
function vsAiSite<S, M, O>(input: SiteInput<S, M, O>): Site {
  const { game, options, solution, board, start } = input;
  const page = (title: string, body: string) => htmlPage(title, body, input.lang);
  const seats = game.seatNames(options);
  const site: Site = new Map();
  const choices: string[] = [];
  for (let human = 0; human < seats.length; human++) {
    const dir = pageName(seats[human]?.toLowerCase() ?? String(human)).replace(/\.html$/, '');
    const computerPlays = (state: S): S => {
      let s = state;
      while (game.result(s) === null && game.toMove(s) !== human) s = game.play(s, solution.bestMoves(s)[0] as M);
      return s;
    };
    const first = computerPlays(start);
    const queue = [first];
    const seen = new Set([game.positionKey(first)]);
    while (queue.length > 0) {
      const state = queue.shift() as S;
      const over = game.result(state) !== null;
      const body = [
        `<h1>${escapeHtml(game.title)}</h1>`,
        `<p>${escapeHtml(status(input, state, human))}</p>`,
        board(state, (move) => {
          if (over) return undefined;
          const next = computerPlays(game.play(state, move));
          const key = game.positionKey(next);
          if (!seen.has(key)) {
            seen.add(key);
            queue.push(next);
          }
          return pageName(key);
        }),
        `<p>${link('../index.html', t('game.newGame'))}</p>`,
      ].join('\n');
      site.set(
        `${dir}/${pageName(game.positionKey(state))}`,
        page(t('static.pageTitle', { game: game.title, status: status(input, state, human) }), body),
      );
    }
    const side = t('static.playSide', { seat: seatWord(seats[human] ?? ''), first: String(human === 0) });
    choices.push(`<li>${link(`${dir}/${pageName(game.positionKey(first))}`, side)}</li>`);
  }
  const index = [
    `<h1>${escapeHtml(t('static.againstPerfect', { game: game.title }))}</h1>`,
    `<p>${escapeHtml(t('static.neverLoses'))}</p>`,
    `<ul>\n${choices.join('\n')}\n</ul>`,
  ].join('\n');
  site.set('index.html', page(t('static.chooseTitle', { game: game.title }), index));
  return site;
}

export function buildSite<S, M, O>(input: SiteInput<S, M, O>, mode: SiteMode): Site {
  speak(input.lang ?? 'en');
  return mode === 'two-player' ? twoPlayerSite(input) : vsAiSite(input);
}
