import type { GameDefinition } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type Answer, answersAt, type StepAnswer } from '../../puzzles/answers.ts';
import type { PuzzleGame } from '../../puzzles/puzzle.ts';
import { type PuzzleSet, setUpPuzzle } from '../../puzzles/puzzle-set.ts';
import { type MessageKey, t } from '../../web/i18n/index.ts';
import type { Locale } from '../../web/i18n/languages.ts';
import { outcomeText, seatWord } from '../../web/i18n/outcome.ts';
import { sourceText, themeText } from '../../web/puzzles/words.ts';
import { escapeHtml, page as htmlPage, link } from './html.ts';
import { pictureSvg, type StaticPicture } from './picture.ts';
import type { Site } from './site.ts';
import { speak } from './words.ts';

/**
 * A puzzle set as linked pages, no script and no CSS. Each puzzle is a folder named by its id:
 * `1.html` … `<turns>.html`, one page per turn of the solver, every legal move a link; the right
 * move goes on to the next turn (the defence's reply from the main line played) and at last to
 * `solved.html`. The wrong moves of a turn share one page, `<turn>-wrong.html`, a section for each
 * reason (a defence that holds out, "not a win on your last turn"), and each link points at its
 * move's section; so a puzzle makes at most 2 × turns + 1 pages, whatever the number of moves.
 *
 * After the first turn more than one move may still win: a move that ends the game in the solver's
 * favour is taken as solved, and a move that wins by force but not at once (puzzles of 3 turns or
 * more) is said to win too, and the pages go on with the main line.
 */
export interface PuzzleSiteInput<S, M, O> {
  readonly game: GameDefinition<S, M, O> & PuzzleGame<S, M>;
  readonly set: PuzzleSet;
  readonly picture: StaticPicture<S>;
  /** Positions the proof of one wrong move may search before its reason is given up. */
  readonly budget?: number;
  readonly onPuzzle?: (done: number, total: number) => void;
  /** The language the pages are written in (English unless asked): the app's catalogs' words. */
  readonly lang?: Locale;
}

/**
 * A message whose placeholders in `html` are HTML of their own (a link, a strong move): the message
 * is escaped as text, and each such placeholder is put in as it is.
 */
function withHtml(key: MessageKey, values: Readonly<Record<string, string | number>>, html: Readonly<Record<string, string>>): string {
  const mark = (name: string) => `\u0000${name}\u0000`;
  const said = t(key, { ...values, ...Object.fromEntries(Object.keys(html).map((name) => [name, mark(name)])) });
  return Object.entries(html).reduce((text, [name, insert]) => text.replace(escapeHtml(mark(name)), insert), escapeHtml(said));
}

/** The reason a group of moves shares, as a heading and a sentence; `key` groups them. */
function reason(
  answer: Answer,
  seats: readonly string[],
  solver: number,
  turnsLeft: number,
): { key: string; heading: string; text: string } {
  const me = seats[solver] ?? t('puzzle.thePuzzle');
  const them = seats[1 - solver] ?? t('puzzle.defence');
  switch (answer.kind) {
    case 'refuted':
      return {
        key: `refuted ${answer.reply}`,
        heading: t('static.puzzle.refuted.heading', { seat: them, reply: answer.reply }),
        text: t('static.puzzle.refuted.text', { seat: them, reply: answer.reply, solver: me, turns: turnsLeft - 1 }),
      };
    case 'no-win-now':
      return {
        key: 'no-win-now',
        heading: t('static.puzzle.noWinNow.heading'),
        text: t('static.puzzle.noWinNow.text', { solver: me }),
      };
    case 'ends-badly': {
      const how = outcomeText(answer.outcome, seats);
      return {
        key: `ends ${how}`,
        heading: t('static.puzzle.endsBadly.heading', { outcome: how }),
        text: t('static.puzzle.endsBadly.text', { solver: me, outcome: how }),
      };
    }
    case 'unproved':
      return {
        key: 'unproved',
        heading: t('static.puzzle.unproved.heading'),
        text: t('static.puzzle.unproved.text', { turns: turnsLeft }),
      };
    case 'also-wins':
      return {
        key: 'also-wins',
        heading: t('static.puzzle.alsoWins.heading'),
        text: t('static.puzzle.alsoWins.text', { turns: turnsLeft }),
      };
    default:
      throw new Error(`no reason to give for a move that is ${answer.kind}`);
  }
}

/** The page of one puzzle's turn, the page of its wrong moves (if any), the links from the moves. */
function turnPages(
  heading: string,
  intro: readonly string[],
  board: string,
  answers: readonly StepAnswer[],
  next: string,
  main: string,
  turn: number,
  reasonOf: (a: Answer) => { key: string; heading: string; text: string },
): { turnPage: string; wrongPage: string | null } {
  const groups = new Map<string, { heading: string; text: string; moves: string[] }>();
  const links: string[] = [];
  const sorted = [...answers].sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
  for (const { move, answer } of sorted) {
    let href = next;
    if (answer.kind === 'wins-now') href = 'solved.html';
    else if (answer.kind !== 'right') {
      const r = reasonOf(answer);
      let group = groups.get(r.key);
      if (!group) {
        group = { heading: r.heading, text: r.text, moves: [] };
        groups.set(r.key, group);
      }
      group.moves.push(move);
      href = `${turn}-wrong.html#why-${[...groups.keys()].indexOf(r.key) + 1}`;
    }
    links.push(`<li>${link(href, move)}</li>`);
  }
  const turnPage = [
    heading,
    ...intro,
    board,
    `<h2>${escapeHtml(t('static.puzzle.yourMove'))}</h2>`,
    `<p>${escapeHtml(t('static.puzzle.everyMove'))}</p>`,
    `<ul>\n${links.join('\n')}\n</ul>`,
  ].join('\n');
  if (groups.size === 0) return { turnPage, wrongPage: null };
  const sections = [...groups.values()].map(
    (g, i) =>
      `<section id="why-${i + 1}">\n<h2>${escapeHtml(g.heading)}</h2>\n<p>${escapeHtml(g.text)}</p>\n<p>${escapeHtml(t('static.puzzle.theMoves', { moves: g.moves.join('; ') }))}</p>\n<p>${link(`${turn}.html`, t('static.puzzle.tryAgain'))}</p>\n</section>`,
  );
  const wrongPage = [
    `<h1>${escapeHtml(t('static.puzzle.notThatMove'))}</h1>`,
    `<p>${withHtml('static.puzzle.wrongIntro', {}, { tryAgain: link(`${turn}.html`, t('static.puzzle.tryAgain')) })}</p>`,
    ...sections,
    `<h2>${escapeHtml(t('static.puzzle.theAnswer'))}</h2>`,
    `<p>${withHtml('static.puzzle.answerWas', {}, { move: `<strong>${escapeHtml(main)}</strong>`, goOn: link(next, t('static.puzzle.goOn')) })}</p>`,
  ].join('\n');
  return { turnPage, wrongPage };
}

export function buildPuzzleSite<S, M, O>(input: PuzzleSiteInput<S, M, O>): Result<Site> {
  const { game, set, picture } = input;
  const lang = input.lang ?? 'en';
  speak(lang);
  const page = (title: string, body: string) => htmlPage(title, body, lang);
  const site: Site = new Map();
  const board = (state: S): string => {
    const p = picture(state);
    return [pictureSvg(p), ...(p.notes ?? []).map((note) => `<p>${escapeHtml(note)}</p>`)].join('\n');
  };
  const entries: string[] = [];
  for (const [i, puzzle] of set.puzzles.entries()) {
    const setUp = setUpPuzzle(game, puzzle);
    if (!setUp.ok) return fail(`puzzle ${puzzle.id}: ${setUp.error.message}`);
    const { options, position, last, solution, line } = setUp.value;
    const seats = game.seatNames(options).map(seatWord);
    const me = seats[puzzle.solver] ?? t('game.seat', { n: puzzle.solver });
    const them = seats[1 - puzzle.solver] ?? t('puzzle.defence');
    const name = t('static.puzzle.name', { n: i + 1 });
    const home = `<p>${link('../index.html', t('static.puzzle.allPuzzles'))}</p>`;
    const themes = puzzle.themes.map(themeText).join(' · ');
    entries.push(`<li>${link(`${puzzle.id}/1.html`, name)}: ${escapeHtml(t('static.puzzle.entry', { seat: me, themes }))}</li>`);

    for (let turn = 1; turn <= puzzle.turns; turn++) {
      const state = turn === 1 ? position : (line[2 * turn - 3] as S);
      const main = solution[2 * turn - 2] as string;
      const left = puzzle.turns - turn + 1;
      const answers = answersAt(game, state, left, main, input.budget);
      if (!answers.some((a) => a.answer.kind === 'right')) return fail(`puzzle ${puzzle.id}: ${main} is not a legal move there`);
      const rival = turn === 1 ? answers.find((a) => a.answer.kind === 'wins-now' || a.answer.kind === 'also-wins') : undefined;
      if (rival) return fail(`puzzle ${puzzle.id}: ${rival.move} wins too, so the answer is not one move`);
      const lastMove =
        turn === 1
          ? last
            ? t('static.puzzle.lastMove', { seat: seats[last.by] ?? '', move: last.move })
            : t('static.puzzle.noMoveYet')
          : t('static.puzzle.youPlayed', {
              move: solution[2 * turn - 4] as string,
              seat: them,
              reply: solution[2 * turn - 3] as string,
            });
      const next = turn < puzzle.turns ? `${turn + 1}.html` : 'solved.html';
      const pages = turnPages(
        `<h1>${escapeHtml(t('static.puzzle.heading', { name, seat: me, turns: puzzle.turns }))}</h1>`,
        [
          home,
          `<p>${escapeHtml(t('static.puzzle.about', { game: game.title, themes }))}</p>`,
          `<p>${escapeHtml(t('static.puzzle.turnOf', { seat: me, turn, turns: puzzle.turns }))}</p>`,
          `<p>${escapeHtml(lastMove)}</p>`,
        ],
        board(state),
        answers,
        next,
        main,
        turn,
        (a) => reason(a, seats, puzzle.solver, left),
      );
      site.set(`${puzzle.id}/${turn}.html`, page(t('static.puzzle.turnTitle', { name, turn, seat: me }), pages.turnPage));
      if (pages.wrongPage)
        site.set(`${puzzle.id}/${turn}-wrong.html`, page(t('static.puzzle.wrongTitle', { name, turn }), `${home}\n${pages.wrongPage}`));
    }

    const end = line[line.length - 1] as S;
    const moves = solution.map((m, k) => t('static.puzzle.lineMove', { seat: k % 2 === 0 ? me : them, move: m }));
    const following = set.puzzles[i + 1];
    const solvedTitle = t('static.puzzle.solvedTitle', { name });
    const solved = [
      `<h1>${escapeHtml(solvedTitle)}</h1>`,
      `<p>${escapeHtml(t('static.puzzle.solved', { outcome: outcomeText(game.result(end), seats) }))}</p>`,
      board(end),
      `<h2>${escapeHtml(t('static.puzzle.mainLine'))}</h2>`,
      `<ol>\n${moves.map((m) => `<li>${escapeHtml(m)}</li>`).join('\n')}\n</ol>`,
      `<p>${escapeHtml(t('static.puzzle.foundIn', { source: sourceText(puzzle.source) }))}</p>`,
      `<p>${following ? `${link(`../${following.id}/1.html`, t('static.puzzle.next'))} · ` : ''}${link('../index.html', t('static.puzzle.allPuzzles'))}</p>`,
    ].join('\n');
    site.set(`${puzzle.id}/solved.html`, page(solvedTitle, solved));
    input.onPuzzle?.(i + 1, set.puzzles.length);
  }
  const title = t('static.puzzle.title', { game: game.title });
  const index = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(t('static.puzzle.intro', { count: set.puzzles.length }))}</p>`,
    `<ol>\n${entries.join('\n')}\n</ol>`,
  ].join('\n');
  site.set('index.html', page(title, index));
  return ok(site);
}
