import { describeOutcome, type GameDefinition } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type Answer, answersAt, type StepAnswer } from '../../puzzles/answers.ts';
import type { PuzzleGame } from '../../puzzles/puzzle.ts';
import { type PuzzleSet, setUpPuzzle } from '../../puzzles/puzzle-set.ts';
import { escapeHtml, link, page } from './html.ts';
import { pictureSvg, type StaticPicture } from './picture.ts';
import type { Site } from './site.ts';

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
}

const turnsText = (n: number): string => `${n} ${n === 1 ? 'turn' : 'turns'}`;

/** The reason a group of moves shares, as a heading and a sentence; `key` groups them. */
function reason(
  answer: Answer,
  seats: readonly string[],
  solver: number,
  turnsLeft: number,
): { key: string; heading: string; text: string } {
  const me = seats[solver] ?? 'The solver';
  const them = seats[1 - solver] ?? 'the defence';
  switch (answer.kind) {
    case 'refuted':
      return {
        key: `refuted ${answer.reply}`,
        heading: `Wrong: ${them} answers ${answer.reply}`,
        text: `After any of these moves ${them} answers ${answer.reply}, and ${me} can no longer force a win within the ${turnsText(turnsLeft - 1)} left.`,
      };
    case 'no-win-now':
      return {
        key: 'no-win-now',
        heading: 'Wrong: the game goes on',
        text: `This was ${me}'s last turn to win, and these moves do not end the game.`,
      };
    case 'ends-badly': {
      const how = describeOutcome(answer.outcome, seats);
      return { key: `ends ${how}`, heading: `Wrong: ${how}`, text: `These moves end the game, but not in ${me}'s favour: ${how}.` };
    }
    case 'unproved':
      return {
        key: 'unproved',
        heading: 'Wrong: not the answer',
        text: `These moves are not the answer, and whether they force a win within the ${turnsText(turnsLeft)} left was not worked out (the proof ran past its budget).`,
      };
    case 'also-wins':
      return {
        key: 'also-wins',
        heading: 'These also win',
        text: `These moves also force a win within the ${turnsText(turnsLeft)} left, but are not the puzzle's line; the pages go on with the puzzle's move.`,
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
    '<h2>Your move</h2>',
    `<p>Every legal move, in the game's notation; follow the one that wins.</p>`,
    `<ul>\n${links.join('\n')}\n</ul>`,
  ].join('\n');
  if (groups.size === 0) return { turnPage, wrongPage: null };
  const sections = [...groups.values()].map(
    (g, i) =>
      `<section id="why-${i + 1}">\n<h2>${escapeHtml(g.heading)}</h2>\n<p>${escapeHtml(g.text)}</p>\n<p>The moves: ${g.moves.map(escapeHtml).join('; ')}.</p>\n<p>${link(`${turn}.html`, 'Try again')}</p>\n</section>`,
  );
  const wrongPage = [
    '<h1>Not that move</h1>',
    `<p>That move does not solve the puzzle. Below, the moves that fail, grouped by what goes wrong. ${link(`${turn}.html`, 'Try again')}.</p>`,
    ...sections,
    '<h2>The answer</h2>',
    `<p>The move was <strong>${escapeHtml(main)}</strong>. ${link(next, 'Play it and go on')}.</p>`,
  ].join('\n');
  return { turnPage, wrongPage };
}

export function buildPuzzleSite<S, M, O>(input: PuzzleSiteInput<S, M, O>): Result<Site> {
  const { game, set, picture } = input;
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
    const seats = game.seatNames(options);
    const me = seats[puzzle.solver] ?? `Seat ${puzzle.solver}`;
    const them = seats[1 - puzzle.solver] ?? 'The other side';
    const name = `Puzzle ${i + 1}`;
    const home = `<p>${link('../index.html', 'All puzzles')}</p>`;
    const about = `${game.title} · ${puzzle.themes.join(' · ')}`;
    entries.push(`<li>${link(`${puzzle.id}/1.html`, name)}: ${escapeHtml(`${me} to move · ${puzzle.themes.join(' · ')}`)}</li>`);

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
            ? `<p>The last move: ${escapeHtml(seats[last.by] ?? '')} played ${escapeHtml(last.move)}.</p>`
            : '<p>No move has been played yet.</p>'
          : `<p>You played ${escapeHtml(solution[2 * turn - 4] as string)}; ${escapeHtml(them)} answered ${escapeHtml(solution[2 * turn - 3] as string)}.</p>`;
      const next = turn < puzzle.turns ? `${turn + 1}.html` : 'solved.html';
      const pages = turnPages(
        `<h1>${escapeHtml(`${name}: ${me} to win in ${turnsText(puzzle.turns)}`)}</h1>`,
        [home, `<p>${escapeHtml(about)}.</p>`, `<p>${escapeHtml(`${me} to move: turn ${turn} of ${puzzle.turns}.`)}</p>`, lastMove],
        board(state),
        answers,
        next,
        main,
        turn,
        (a) => reason(a, seats, puzzle.solver, left),
      );
      site.set(`${puzzle.id}/${turn}.html`, page(`${name}, turn ${turn}: ${me} to move`, pages.turnPage));
      if (pages.wrongPage)
        site.set(`${puzzle.id}/${turn}-wrong.html`, page(`${name}, turn ${turn}: not that move`, `${home}\n${pages.wrongPage}`));
    }

    const end = line[line.length - 1] as S;
    const moves = solution.map((m, k) => (k % 2 === 0 ? `${me}: ${m}` : `${them}: ${m}`));
    const following = set.puzzles[i + 1];
    const solved = [
      `<h1>${escapeHtml(`${name} solved`)}</h1>`,
      `<p>${escapeHtml(`Solved: ${describeOutcome(game.result(end), seats)}.`)}</p>`,
      board(end),
      '<h2>The main line</h2>',
      `<ol>\n${moves.map((m) => `<li>${escapeHtml(m)}</li>`).join('\n')}\n</ol>`,
      `<p>${escapeHtml(`Found in ${puzzle.source}.`)}</p>`,
      `<p>${following ? `${link(`../${following.id}/1.html`, 'Next puzzle')} · ` : ''}${link('../index.html', 'All puzzles')}</p>`,
    ].join('\n');
    site.set(`${puzzle.id}/solved.html`, page(`${name} solved`, solved));
    input.onPuzzle?.(i + 1, set.puzzles.length);
  }
  const index = [
    `<h1>${escapeHtml(game.title)} puzzles</h1>`,
    `<p>${escapeHtml(
      `${set.puzzles.length} puzzles from games between hexarena's AIs. In each, exactly one move wins by force within the turns given, whatever the defence does; every other move is answered. Moves are written in the game's own notation.`,
    )}</p>`,
    `<ol>\n${entries.join('\n')}\n</ol>`,
  ].join('\n');
  site.set('index.html', page(`${game.title} puzzles`, index));
  return ok(site);
}
