import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { GameDefinition, GameRules } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { type HiveMove, type HiveState, hive } from '@hexarena/engines/games/hive/index.ts';
import { arrangeHive, SURROUNDED_IN_23 } from '@hexarena/engines/games/hive/testing.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { main } from '../cli/main.ts';
import { captureIo, scratchFolder } from '../cli/testing.ts';
import { Client, post, startServer } from '../server/online.testing.ts';
import { answerFor, answersAt } from './answers.ts';
import { minePuzzles, puzzleGameOf, selfPlayGames } from './mine.ts';
import { judgePosition, type Puzzle } from './puzzle.ts';
import { parsePuzzleSet, setUpPuzzle } from './puzzle-set.ts';

const hivePuzzles = puzzleGameOf(hive) as NonNullable<ReturnType<typeof puzzleGameOf<HiveState, HiveMove, typeof hive.defaultOptions>>>;

// bQ at (0,0) has five neighbours; wA1 at (-1,-1) can slide into the sixth, (-1,0), and win.
const ONE_WAY = 'bQ 0 0; wS1 0 -1; wS2 1 -1; bS1 1 0; bS2 0 1; wB1 -1 1; wQ 2 -1; wA1 -1 -1; bA1 2 1';
const position = (spec: string): HiveState => ({ pos: arrangeHive(spec), options: hive.defaultOptions });

/**
 * An independent judge, by the plain rules (legalMoves, play, result) and no table: whether the
 * side to move at `state`, `solver`, wins within `turns` of its turns, every defence tried.
 */
function winsByRules<S, M>(game: GameRules<S, M>, state: S, solver: number, turns: number): boolean {
  const outcome = game.result(state);
  if (outcome) return outcome.kind === 'win' && outcome.winner === solver;
  if (turns === 0) return false;
  const mover = game.toMove(state);
  const next = (m: M) => game.play(state, m);
  if (mover === solver) return game.legalMoves(state).some((m) => winsByRules(game, next(m), solver, turns - 1));
  return game.legalMoves(state).every((m) => winsByRules(game, next(m), solver, turns));
}

/** The moves that win within `turns`, by the independent judge. */
function winningByRules<S, M>(game: GameRules<S, M>, state: S, turns: number): string[] {
  const solver = game.toMove(state) as number;
  return game
    .legalMoves(state)
    .filter((m) => winsByRules(game, game.play(state, m), solver, turns - 1))
    .map((m) => game.formatMove(state, m));
}

describe('puzzles: a unique move that forces a win, every defence proved', () => {
  it('a queen one slide from surrounded, by one piece only: a puzzle in one turn, as the rules alone agree', () => {
    const state = position(ONE_WAY);
    const verdict = judgePosition(hivePuzzles, state, { turns: 2 });
    expect(verdict).toMatchObject({ kind: 'puzzle', turns: 1, solution: ['wA1 /wS1'] });
    expect(winningByRules(hive, state, 2)).toEqual(['wA1 /wS1']);
  });

  it('a second piece that can fill the same cell makes it no puzzle: both moves are named', () => {
    // wA2 beside the white queen can run round the hive to the same cell.
    const state = position(`${ONE_WAY}; wA2 3 -1`);
    const verdict = judgePosition(hivePuzzles, state, { turns: 1 });
    expect(verdict.kind).toBe('several');
    expect(verdict.kind === 'several' && [...verdict.moves].sort()).toEqual(['wA1 /wS1', 'wA2 wA1\\']);
    expect(winningByRules(hive, state, 1).sort()).toEqual(['wA1 /wS1', 'wA2 wA1\\']);
  });

  it('a proof past its budget says so rather than guess', () => {
    const verdict = judgePosition(hivePuzzles, position(ONE_WAY.replace('wA1 -1 -1', 'wA1 -2 -1')), { turns: 3, budget: 10 });
    expect(verdict.kind).toBe('unknown');
  });

  it('mined from self-play: the same seed gives the same set; each puzzle re-proved by the rules alone has one winning move, and its line wins', async () => {
    // Two games, one with each level first: this seed's hold a puzzle (as four of the seed before did)
    // in half the play, and both games are played twice.
    const records = await selfPlayGames(hive, 2, 'puzzles-5');
    const sources = records.map((record, i) => ({ record, source: `game ${i + 1}` }));
    const first = minePuzzles(hivePuzzles, sources, { turns: 2, lastPlies: 12 });
    const again = minePuzzles(
      hivePuzzles,
      await selfPlayGames(hive, 2, 'puzzles-5').then((r) => r.map((record, i) => ({ record, source: `game ${i + 1}` }))),
      {
        turns: 2,
        lastPlies: 12,
      },
    );
    expect(first.puzzles.length).toBeGreaterThan(0);
    expect(again.puzzles).toEqual(first.puzzles);
    for (const puzzle of first.puzzles.slice(0, 2)) reprove(puzzle);
  });

  it('hexarena puzzles mine: writes the puzzles and prints the figures; refuses a game of dice and a run with no games', async () => {
    const dir = scratchFolder();
    const run = captureIo(dir);
    // One short game whose seed holds a puzzle: the command's work, not a long self-play, is what is tested.
    expect(await main(['puzzles', 'mine', 'hive', '--self-play', '1', '--seed', 'cli-b', '--out', 'p.json'], run.io)).toBe(0);
    expect(run.out()).toMatch(
      /^\d+ puzzles \(a unique win within 2 turns\) from \d+ positions of 1 games; .* puzzles per CPU-hour\. Written to p\.json\n$/,
    );
    const written = JSON.parse(readFileSync(path.join(dir, 'p.json'), 'utf8')) as { game: string; turns: number; puzzles: Puzzle[] };
    expect(written).toMatchObject({ game: 'hive', turns: 2 });
    // The file holds the puzzles the line counts, and there are some.
    expect(written.puzzles.length).toBeGreaterThan(0);
    expect(run.out()).toMatch(new RegExp(`^${written.puzzles.length} puzzles `));
    for (const p of written.puzzles) expect(p.id).toMatch(/^hive-[0-9a-f]{16}$/);
    const dice = captureIo(dir);
    expect(await main(['puzzles', 'mine', 'dicewars', '--self-play', '1', '--out', 'd.json'], dice.io)).not.toBe(0);
    expect(dice.err()).toMatch(/dicewars has no puzzles: .*dice decide/);
    const none = captureIo(dir);
    expect(await main(['puzzles', 'mine', 'hive', '--out', 'n.json'], none.io)).not.toBe(0);
    expect(none.err()).toMatch(/--records FILE…, --self-play N, --store DIR and\/or --db URL/);
    const empty = captureIo(dir);
    expect(await main(['puzzles', 'mine', 'hive', '--store', '.', '--out', 'e.json'], empty.io)).not.toBe(0);
    expect(empty.err()).toMatch(/--store: \. holds no server data \(hexarena\.sqlite\)/);
  });

  it('hexarena puzzles mine --store: the finished games a real server kept, mined after it stopped', async () => {
    // White (medium) surrounds Black's (random) queen on the 23rd move, a win in one that only one move makes.
    const moves = SURROUNDED_IN_23;
    const dir = scratchFolder();
    const server = await startServer(dir, { HEXARENA_API_RATE: '100000' });
    let id: string;
    try {
      const created = await post(server.base, '/api/games', { game: 'hive', seats: ['open', 'open'], seat: 0 });
      id = (created.json as { id: string }).id;
      const tokens = [
        (created.json as { token: string }).token,
        ((await post(server.base, `/api/games/${id}/seats/1`, {})).json as { token: string }).token,
      ];
      const client = await Client.open(server.base, id);
      for (const [version, move] of moves.entries())
        expect(await client.ask({ type: 'move', seat: version % 2, token: tokens[version % 2], move, version })).toMatchObject({
          ok: true,
        });
      client.close();
    } finally {
      await server.kill();
    }
    const run = captureIo(dir);
    expect(await main(['puzzles', 'mine', 'hive', '--store', '.', '--turns', '1', '--out', 's.json'], run.io)).toBe(0);
    expect(run.out()).toMatch(/ from \d+ positions of 1 games; /);
    const { puzzles } = JSON.parse(readFileSync(path.join(dir, 's.json'), 'utf8')) as { puzzles: Puzzle[] };
    expect(puzzles.map((p) => [p.source, p.solution])).toContainEqual([`server game ${id}, before move 23`, ['wA3 /bA2']]);
    for (const puzzle of puzzles) reprove(puzzle);
  });
});

describe('the puzzle sets shipped in src/puzzles/sets (made by hexarena puzzles mine, docs/puzzles.md)', () => {
  const shipped = (id: string): unknown => JSON.parse(readFileSync(new URL(`./sets/${id}.json`, import.meta.url), 'utf8'));

  for (const [id, sample] of [
    ['hive', 4],
    ['nonaga', 2],
    ['hex', 1],
  ] as const) {
    it(`${id}: the file parses into valid puzzles, each set up by the rules to the solver's win; a sample re-proved by the rules alone`, () => {
      const game = unwrap(findGame(id));
      const set = unwrap(parsePuzzleSet(shipped(id)));
      expect(set.game).toBe(id);
      expect(set.puzzles.length).toBeGreaterThanOrEqual(10);
      for (const puzzle of set.puzzles) expect(setUpPuzzle(game, puzzle).ok, puzzle.id).toBe(true);
      // Spread over the set: the first, the last, and between.
      const picks = Array.from(
        { length: sample },
        (_, k) => set.puzzles[Math.floor((k * (set.puzzles.length - 1)) / Math.max(1, sample - 1))],
      );
      for (const puzzle of picks) reprove(puzzle as Puzzle, game);
    });
  }

  it('what each wrong move of a shipped puzzle does, as the pages tell it, holds by the rules alone: the defence named holds out', () => {
    const set = unwrap(parsePuzzleSet(shipped('hive')));
    const sample = set.puzzles.filter((p) => p.turns === 2).slice(0, 2);
    expect(sample.length).toBe(2);
    for (const puzzle of sample) {
      const { position, solution } = unwrap(setUpPuzzle(hive, puzzle));
      const answers = answersAt(hivePuzzles, position, puzzle.turns, solution[0] as string);
      expect(answers.filter((a) => a.answer.kind === 'right').map((a) => a.move)).toEqual([solution[0]]);
      expect(answers).toHaveLength(hive.legalMoves(position).length);
      for (const { move, answer } of answers) {
        if (answer.kind === 'right') continue;
        expect(answer.kind, `${puzzle.id} ${move}`).toBe('refuted');
        if (answer.kind !== 'refuted') continue;
        const after = hive.play(position, unwrap(hive.parseMove(position, move)));
        const held = hive.play(after, unwrap(hive.parseMove(after, answer.reply)));
        expect(winsByRules(hive, held, puzzle.solver, puzzle.turns - 1), `${puzzle.id} ${move}, ${answer.reply}`).toBe(false);
      }
    }
  });

  it('on the last turn: the answer, the moves that do not end the game, and a move that wins at once besides', () => {
    // Two pieces can fill the queen's last cell: either wins, so neither is wrong on a last turn.
    const state = position(`${ONE_WAY}; wA2 3 -1`);
    const kinds = Object.fromEntries(answersAt(hivePuzzles, state, 1, 'wA1 /wS1').map((a) => [a.move, a.answer.kind]));
    expect(kinds['wA1 /wS1']).toBe('right');
    expect(kinds['wA2 wA1\\']).toBe('wins-now');
    expect(new Set(Object.values(kinds))).toEqual(new Set(['right', 'wins-now', 'no-win-now']));
    // One move alone, as a puzzle page asks when a person tries it: the same answer, and none for a move that is not legal.
    const some = Object.keys(kinds).filter((_, i) => i % 7 === 0);
    expect(some.length).toBeGreaterThan(3);
    for (const move of ['wA1 /wS1', 'wA2 wA1\\', ...some])
      expect(answerFor(hivePuzzles, state, 1, 'wA1 /wS1', move)?.answer.kind).toBe(kinds[move]);
    expect(answerFor(hivePuzzles, state, 1, 'wA1 /wS1', 'wA1 9 9')).toBeNull();
  });

  it('a malformed file is refused with where and what is wrong', () => {
    const hiveSet = shipped('hive') as { puzzles: Record<string, unknown>[] };
    const first = hiveSet.puzzles[0] as Record<string, unknown>;
    const cases: [unknown, RegExp][] = [
      [[], /expected an object \{ game, turns, puzzles \}/],
      [{ game: 'hive', turns: 2 }, /^puzzles: expected a list/],
      [{ game: 'hive', turns: 0, puzzles: [] }, /^turns: /],
      [{ game: 'hive', turns: 2, puzzles: [{ ...first, moves: 'wQ' }] }, /^puzzles\[0\]\.moves: expected a list of move texts/],
      [{ game: 'hive', turns: 2, puzzles: [{ ...first, solution: ['wQ'] }] }, /^puzzles\[0\]\.solution: expected 3 move texts/],
      [{ game: 'hive', turns: 2, puzzles: [{ ...first, id: '../x' }] }, /^puzzles\[0\]\.id: /],
      [{ game: 'hive', turns: 2, puzzles: [first, first] }, /^puzzles\[1\]\.id: .* is in the set twice/],
      [{ game: 'hive', turns: 2, puzzles: [{ ...first, game: 'hex' }] }, /^puzzles\[0\]\.game: expected "hive"/],
    ];
    for (const [json, message] of cases) {
      const parsed = parsePuzzleSet(json);
      expect(parsed.ok, JSON.stringify(json).slice(0, 80)).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(message);
    }
    const broken = unwrap(parsePuzzleSet({ game: 'hive', turns: 2, puzzles: [{ ...first, moves: ['wS1', 'bQ nowhere'] }] }));
    const setUp = setUpPuzzle(hive, broken.puzzles[0] as Puzzle);
    expect(setUp.ok).toBe(false);
    if (!setUp.ok) expect(setUp.error.message).toMatch(/^move 2 "bQ nowhere": /);
  });
});

/** Replays a puzzle's position and proves it again by the plain rules: one winning move, the puzzle's, and a line that wins. */
function reprove<S, M, O>(puzzle: Puzzle, game: GameDefinition<S, M, O> = hive as unknown as GameDefinition<S, M, O>): void {
  let state = game.newGame(unwrap(game.parseOptions(puzzle.options)), puzzle.seed);
  for (const text of puzzle.moves) state = game.play(state, unwrap(game.parseMove(state, text)));
  expect(winningByRules(game, state, puzzle.turns), puzzle.id).toEqual([puzzle.solution[0]]);
  for (const text of puzzle.solution) state = game.play(state, unwrap(game.parseMove(state, text)));
  expect(game.result(state)).toMatchObject({ kind: 'win', winner: puzzle.solver });
}
