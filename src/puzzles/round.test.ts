import { readFileSync } from 'node:fs';
import type { AnyGame } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePuzzleSet, setUpPuzzle } from './puzzle-set.ts';
import { judgeRound } from './round.ts';

/**
 * The server's judge of a try, over every shipped puzzle: the main line solves it, any other first
 * move or a stop before the win does not, and on the last turn any move that wins at once solves it
 * too — by the plain rules, as the puzzle page takes it.
 */
const SETS = ['hive', 'hex', 'nonaga'].map((id) => {
  const game = unwrap(findGame(id)) as AnyGame;
  const set = unwrap(parsePuzzleSet(JSON.parse(readFileSync(`src/puzzles/sets/${id}.json`, 'utf8'))));
  return { game, puzzles: set.puzzles.map((puzzle) => ({ puzzle, line: unwrap(setUpPuzzle(game, puzzle)) })) };
});

describe('judging a try at a puzzle', () => {
  for (const { game, puzzles } of SETS)
    it(`${game.id}: the main line solves every puzzle; a wrong first move, or stopping short, does not`, () => {
      let alternatives = 0;
      for (const { puzzle, line } of puzzles) {
        const judge = (moves: readonly string[]) => judgeRound(game, puzzle, line, moves);
        expect(judge(line.solution), puzzle.id).toEqual({ ok: true, value: true });
        for (let n = 0; n < line.solution.length; n++)
          expect(judge(line.solution.slice(0, n)), `${puzzle.id} ${n}`).toEqual({ ok: true, value: false });
        const firstMoves = game.legalMoves(line.position).map((m) => game.formatMove(line.position, m));
        for (const other of firstMoves.filter((m) => m !== line.solution[0]).slice(0, 25))
          expect(judge([other]), `${puzzle.id} ${other}`).toEqual({ ok: true, value: false });
        // The last turn: any move that wins at once by the rules solves the puzzle; any other does not.
        const lastAt = line.solution.length - 1;
        const before = lastAt === 0 ? line.position : (line.line[lastAt - 1] as unknown);
        for (const m of game.legalMoves(before).slice(0, 200)) {
          const text = game.formatMove(before, m);
          const outcome = game.result(game.play(before, m));
          const wins = outcome?.kind === 'win' && outcome.winner === puzzle.solver;
          if (wins && text !== line.solution[lastAt]) alternatives++;
          if (lastAt > 0 || text !== line.solution[0] || wins)
            expect(judge([...line.solution.slice(0, lastAt), text]), `${puzzle.id} last ${text}`).toEqual({ ok: true, value: wins });
        }
      }
      // Wins in two have other winning last moves (the one-turn puzzles have one by their proof): the judge takes them.
      if (puzzles.some((p) => p.puzzle.turns > 1)) expect(alternatives).toBeGreaterThan(0);
    });

  it('any list of texts is judged or refused in words, never thrown on (a server answers 400, not 500)', () => {
    for (const { game, puzzles } of SETS) {
      const { puzzle, line } = puzzles[0] as (typeof puzzles)[number];
      const text = fc.oneof(fc.string({ maxLength: 64 }), fc.constantFrom(...line.solution, 'pass', 'swap', '', ' ', 'wQ', '0,0>1,1'));
      fc.assert(
        fc.property(fc.array(text, { maxLength: 5 }), (moves) => {
          const judged = judgeRound(game, puzzle, line, moves);
          expect(judged.ok ? typeof judged.value : judged.error.message.length > 0).toBeTruthy();
        }),
        { numRuns: 300 },
      );
    }
  });

  it('names what is wrong with moves no page could have played', () => {
    const { game, puzzles } = SETS[1] as (typeof SETS)[number];
    const { puzzle, line } = puzzles.find((p) => p.puzzle.turns === 2) as (typeof puzzles)[number];
    const judge = (moves: readonly string[]) => judgeRound(game, puzzle, line, moves);
    const error = (moves: readonly string[]) => {
      const judged = judge(moves);
      return judged.ok ? null : judged.error.message;
    };
    expect(error(['zz99'])).toMatch(/^move 1 "zz99": /);
    expect(error([...line.solution, 'a1'])).toBe("a try at this puzzle has at most 3 moves (the solver's and the defence's), not 4");
    const reply = game
      .legalMoves(line.line[0])
      .map((m) => game.formatMove(line.line[0], m))
      .find((m) => m !== line.solution[1]) as string;
    expect(error([line.solution[0] as string, reply])).toBe(
      `move 2 "${reply}": the defence replies ${line.solution[1]} here, as the puzzle plays it`,
    );
    const wrong = game
      .legalMoves(line.position)
      .map((m) => game.formatMove(line.position, m))
      .find((m) => m !== line.solution[0]) as string;
    expect(error([wrong, line.solution[1] as string])).toBe('move 2: the try ended at move 1, nothing follows it');
  });
});
