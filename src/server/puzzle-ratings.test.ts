import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive as hiveGame } from '@hexarena/engines/games/hive/index.ts';
import { parseNextPuzzle, parseRoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Puzzle } from '../puzzles/puzzle.ts';
import { parsePuzzleSet, setUpPuzzle } from '../puzzles/puzzle-set.ts';
import { Browser, type ServerProcess, signUp, startServer } from './online.testing.ts';

/**
 * Puzzle ratings on a real server: a try is the moves played, judged by the server; a player's first try moves their rating and the puzzle's, a
 * second try at it does not, the next puzzle is one not tried yet at their level; a guest plays
 * unrated; bad rounds, unknown puzzles and games without puzzles are refused in words.
 */

const hive = unwrap(parsePuzzleSet(JSON.parse(readFileSync('src/puzzles/sets/hive.json', 'utf8'))));
const puzzle = (id: string) => hive.puzzles.find((p) => p.id === id) as Puzzle;
/** A first move that is not the puzzle's: any other legal move of the solver (the first move is unique). */
/** A legal reply of the defence to the main line's first move, other than the puzzle's. */
function wrongReply(p: Puzzle): string {
  const line = unwrap(setUpPuzzle(hiveGame, p));
  const after = line.line[0] as (typeof line.line)[number];
  return hiveGame
    .legalMoves(after)
    .map((m) => hiveGame.formatMove(after, m))
    .find((m) => m !== line.solution[1]) as string;
}
function wrongFirstMove(id: string): string {
  const line = unwrap(setUpPuzzle(hiveGame, puzzle(id)));
  const other = hiveGame
    .legalMoves(line.position)
    .map((m) => hiveGame.formatMove(line.position, m))
    .find((m) => m !== line.solution[0]);
  return other as string;
}
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-puzzle-ratings-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000' });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('puzzle ratings on the server', () => {
  it('a player’s first try is rated, a second is not, and the next puzzle is an untried one at their level', async () => {
    const ada = new Browser(server.base, '127.0.0.2');
    expect((await signUp(ada, 'Puzzler')).status).toBe(201);
    const first = unwrap(parseNextPuzzle((await ada.ask('GET', '/api/puzzles/hive/next')).json));
    expect(first.yourRating).toBeNull();
    expect(hive.puzzles.map((p) => p.id)).toContain(first.id);

    // The puzzle's own line: the server replays it and finds the win.
    const solved = await ada.ask('POST', `/api/puzzles/hive/${first.id}/round`, { moves: puzzle(first.id).solution });
    expect(solved.status).toBe(200);
    const rated = unwrap(parseRoundAnswer(solved.json));
    expect(rated.solved).toBe(true);
    expect(rated.rated).toBe(true);
    expect(rated.rating).toBeGreaterThan(1500);
    expect(rated.diff).toBeGreaterThan(0);
    // A new player's result says nothing of the puzzle yet (lichess's rule): its rating stays.
    expect(rated.puzzleRating).toBe(1500);

    // The same puzzle again counts for nothing.
    const again = unwrap(parseRoundAnswer((await ada.ask('POST', `/api/puzzles/hive/${first.id}/round`, { moves: [] })).json));
    expect(again).toEqual({ solved: false, rated: false, rating: rated.rating, diff: null, puzzleRating: rated.puzzleRating });

    const next = unwrap(parseNextPuzzle((await ada.ask('GET', '/api/puzzles/hive/next')).json));
    expect(next.id).not.toBe(first.id);
    expect(next.yourRating).toBe(rated.rating);
    // A wrong first move, claimed as a win: the server's verdict is a miss, and the rating falls.
    const claimed = await ada.ask('POST', `/api/puzzles/hive/${next.id}/round`, { win: true, moves: [wrongFirstMove(next.id)] });
    const missed = unwrap(parseRoundAnswer(claimed.json));
    expect(missed.solved).toBe(false);
    expect(missed.rated).toBe(true);
    expect(missed.rating).toBeLessThan(rated.rating as number);
  });

  it('no claimed wins: twenty rounds of wrong moves, each saying it won, only lower the rating', async () => {
    const cheat = new Browser(server.base, '127.0.0.4');
    expect((await signUp(cheat, 'Claimer')).status).toBe(201);
    let rating = 1500;
    for (const p of hive.puzzles.slice(0, 20)) {
      const answer = unwrap(
        parseRoundAnswer((await cheat.ask('POST', `/api/puzzles/hive/${p.id}/round`, { win: true, moves: [wrongFirstMove(p.id)] })).json),
      );
      expect(answer).toMatchObject({ solved: false, rated: true });
      expect(answer.rating as number).toBeLessThan(rating);
      rating = answer.rating as number;
    }
    // A look at the solution (no move played) is a miss too, whatever "win" says.
    const last = hive.puzzles[20] as Puzzle;
    expect(
      unwrap(parseRoundAnswer((await cheat.ask('POST', `/api/puzzles/hive/${last.id}/round`, { win: true, moves: [] })).json)),
    ).toMatchObject({
      solved: false,
      rated: true,
    });
  });

  it('a guest plays unrated; bad rounds, unknown puzzles and games without puzzles are refused', async () => {
    const guest = new Browser(server.base, '127.0.0.3');
    const id = hive.puzzles[0]?.id as string;
    const p = puzzle(id);
    const unrated = unwrap(parseRoundAnswer((await guest.ask('POST', `/api/puzzles/hive/${id}/round`, { moves: p.solution })).json));
    expect(unrated).toMatchObject({ solved: true, rated: false, rating: null, diff: null });
    expect(unwrap(parseNextPuzzle((await guest.ask('GET', '/api/puzzles/hive/next')).json)).yourRating).toBeNull();

    const refusals: [string, string, unknown, number, RegExp][] = [
      ['POST', `/api/puzzles/hive/${id}/round`, { win: true }, 400, /"moves" must be the list of moves played/],
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: 'wQ' }, 400, /"moves" must be the list/],
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: [1] }, 400, /"moves"\[0\] must be a move/],
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: [], rating: 3000 }, 400, /unknown field "rating"/],
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: ['zz9'] }, 400, /^move 1 "zz9": /],
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: [...p.solution, p.solution[0]] }, 400, /at most 3 moves/],
      // The defence's replies are the puzzle's, as the page plays them.
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: [p.solution[0], wrongReply(p)] }, 400, /^move 2 .*: the defence replies /],
      // Nothing follows a wrong move.
      ['POST', `/api/puzzles/hive/${id}/round`, { moves: [wrongFirstMove(id), 'bQ'] }, 400, /^move 2: the try ended at move 1/],
      ['POST', '/api/puzzles/hive/hive-0000/round', { moves: [] }, 404, /there is no hive puzzle hive-0000/],
      ['GET', '/api/puzzles/dicewars/next', undefined, 404, /DiceWars has no puzzles/],
      ['GET', '/api/puzzles/chess/next', undefined, 404, /chess/],
    ];
    for (const [method, url, body, status, error] of refusals) {
      const answer = await guest.ask(method, url, body);
      expect(answer.status, url).toBe(status);
      expect(String(answer.json?.error), url).toMatch(error);
    }
  });
});
