import { err, fail, type Result } from '@hexarena/engines/engine/result.ts';
import { parseReviewAnswer, type ReviewAnswer } from '@hexarena/engines/protocol/index.ts';
import { serverAnswered, serverUnreachable, unreadable } from '../online/api.ts';
import { refusalOf } from '../refusal-of.ts';

/**
 * A finished game's computer review as the browser asks for it and reads it (docs/review.md). A
 * game nobody asked a review of is `none`; a failure says what the server said, or that it could
 * not be reached.
 */
export type ReviewFetch = ReviewAnswer;

const reviewPath = (id: string) => `/api/games/${encodeURIComponent(id)}/review`;

async function call(id: string, method: 'GET' | 'POST'): Promise<Result<ReviewFetch>> {
  let response: Response;
  try {
    response = await fetch(
      reviewPath(id),
      method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: '{}' } : {},
    );
  } catch {
    return fail(serverUnreachable());
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  // A refusal keeps its code (and values) for the page to say it in the player's language.
  if (!response.ok) return err(refusalOf(body) ?? new Error(serverAnswered(response.status)));
  const answer = parseReviewAnswer(body);
  return answer.ok ? answer : fail(`${unreadable('review')} (${answer.error.message})`);
}

export const fetchReview = (id: string) => call(id, 'GET');
export const requestReview = (id: string) => call(id, 'POST');
