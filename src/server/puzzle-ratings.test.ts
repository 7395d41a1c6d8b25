import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../engine/result.ts';
import { parseNextPuzzle, parseRoundAnswer } from '../protocols/wire/index.ts';
import { parsePuzzleSet } from '../puzzles/puzzle-set.ts';
import { Browser, type ServerProcess, signUp, startServer } from './online.testing.ts';

/**
 * Puzzle ratings on a real server: a player's first try moves their rating and the puzzle's, a
 * second try at it does not, the next puzzle is one not tried yet at their level; a guest plays
 * unrated; bad rounds, unknown puzzles and games without puzzles are refused in words.
 */

const hive = unwrap(parsePuzzleSet(JSON.parse(readFileSync('src/puzzles/sets/hive.json', 'utf8'))));
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

    const solved = await ada.ask('POST', `/api/puzzles/hive/${first.id}/round`, { win: true });
    expect(solved.status).toBe(200);
    const rated = unwrap(parseRoundAnswer(solved.json));
    expect(rated.rated).toBe(true);
    expect(rated.rating).toBeGreaterThan(1500);
    expect(rated.diff).toBeGreaterThan(0);
    // A new player's result says nothing of the puzzle yet (lichess's rule): its rating stays.
    expect(rated.puzzleRating).toBe(1500);

    // The same puzzle again counts for nothing.
    const again = unwrap(parseRoundAnswer((await ada.ask('POST', `/api/puzzles/hive/${first.id}/round`, { win: false })).json));
    expect(again).toEqual({ rated: false, rating: rated.rating, diff: null, puzzleRating: rated.puzzleRating });

    const next = unwrap(parseNextPuzzle((await ada.ask('GET', '/api/puzzles/hive/next')).json));
    expect(next.id).not.toBe(first.id);
    expect(next.yourRating).toBe(rated.rating);
    const missed = unwrap(parseRoundAnswer((await ada.ask('POST', `/api/puzzles/hive/${next.id}/round`, { win: false })).json));
    expect(missed.rated).toBe(true);
    expect(missed.rating).toBeLessThan(rated.rating as number);
  });

  it('a guest plays unrated; bad rounds, unknown puzzles and games without puzzles are refused', async () => {
    const guest = new Browser(server.base, '127.0.0.3');
    const id = hive.puzzles[0]?.id as string;
    const unrated = unwrap(parseRoundAnswer((await guest.ask('POST', `/api/puzzles/hive/${id}/round`, { win: true })).json));
    expect(unrated).toMatchObject({ rated: false, rating: null, diff: null });
    expect(unwrap(parseNextPuzzle((await guest.ask('GET', '/api/puzzles/hive/next')).json)).yourRating).toBeNull();

    const refusals: [string, string, unknown, number, RegExp][] = [
      ['POST', `/api/puzzles/hive/${id}/round`, { win: 'yes' }, 400, /"win" must be true/],
      ['POST', `/api/puzzles/hive/${id}/round`, { win: true, rating: 3000 }, 400, /unknown field "rating"/],
      ['POST', '/api/puzzles/hive/hive-0000/round', { win: true }, 404, /there is no hive puzzle hive-0000/],
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
