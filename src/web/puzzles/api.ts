import { fail, type Result } from '@hexarena/engines/engine/result.ts';
import { type NextPuzzle, parseNextPuzzle, parseRoundAnswer, type RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { serverAnswered, serverUnreachable } from '../online/api.ts';

/**
 * Puzzle ratings as the browser asks for them (docs/puzzles.md). A static copy of the app has no
 * server: the calls fail, and the page goes on without ratings.
 */
async function call<T>(url: string, parse: (x: unknown) => Result<T>, body?: unknown): Promise<Result<T>> {
  try {
    const response = await fetch(
      url,
      body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    const json: unknown = await response.json();
    if (!response.ok) return fail(String((json as { error?: unknown } | null)?.error ?? serverAnswered(response.status)));
    return parse(json);
  } catch {
    return fail(serverUnreachable());
  }
}

const puzzlesPath = (game: string) => `/api/puzzles/${encodeURIComponent(game)}`;

/** Gives the server the moves of the try, which it judges: rated if it is the player's first at this puzzle. */
export const sendRound = (game: string, id: string, moves: readonly string[]): Promise<Result<RoundAnswer>> =>
  call(`${puzzlesPath(game)}/${encodeURIComponent(id)}/round`, parseRoundAnswer, { moves });

/** The next puzzle at the player's level. */
export const nextPuzzle = (game: string): Promise<Result<NextPuzzle>> => call(`${puzzlesPath(game)}/next`, parseNextPuzzle);
