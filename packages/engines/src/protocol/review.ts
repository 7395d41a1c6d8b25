import type { Mark, Review, ReviewedMove } from '../ai/review.ts';
import { fail, ok, type Result } from '../engine/result.ts';

/**
 * A finished game's computer review over REST (docs/review.md): `POST /api/games/:id/review` asks
 * for it, `GET /api/games/:id/review` reads it or how far it has got. One parse a direction: the
 * server reads the request's body with parseReviewRequest, a client the answer with parseReviewAnswer.
 */

/** POST /api/games/:id/review: nothing to say yet (an empty body or `{}`). */
export type ReviewRequest = Record<string, never>;

/**
 * Where a review stands: waiting for a thread, `done` of `total` positions judged; or done, with the
 * review.
 */
export type ReviewAnswer =
  /** Nobody has asked for one yet. */
  | { readonly status: 'none' }
  | { readonly status: 'queued' | 'running'; readonly done: number; readonly total: number }
  | { readonly status: 'done'; readonly done: number; readonly total: number; readonly review: Review };

type Fields = Readonly<Record<string, unknown>>;
const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isPercent = (x: unknown): x is number => isNumber(x) && x >= 0 && x <= 100;
const MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];

export function parseReviewRequest(x: unknown): Result<ReviewRequest> {
  if (x === null || x === undefined) return ok({});
  if (!isObject(x)) return fail('a review request is an empty JSON object, {}');
  const extra = Object.keys(x)[0];
  return extra === undefined ? ok({}) : fail(`unknown field ${JSON.stringify(extra.slice(0, 40))}: a review request has none`);
}

function reviewedMove(x: unknown): ReviewedMove | null {
  if (!isObject(x)) return null;
  const { ply, seat, move, before, after, loss, mark, best, accuracy } = x;
  if (!isCount(ply) || !isCount(seat) || typeof move !== 'string') return null;
  if (!isPercent(before) || !isPercent(after) || !isPercent(loss) || !isPercent(accuracy)) return null;
  if (mark !== null && !MARKS.includes(mark as Mark)) return null;
  if (best !== undefined && typeof best !== 'string') return null;
  return { ply, seat, move, before, after, loss, mark: mark as Mark | null, ...(best === undefined ? {} : { best }), accuracy };
}

function review(x: unknown): Review | null {
  if (!isObject(x) || !isObject(x.budget) || !Array.isArray(x.positions) || !Array.isArray(x.moves) || !Array.isArray(x.accuracy))
    return null;
  const { depth, nodes } = x.budget;
  if (!isCount(depth) || !isCount(nodes)) return null;
  const positions = x.positions.map((p: unknown) =>
    isObject(p) && isNumber(p.score) && isPercent(p.chance) ? { score: p.score, chance: p.chance } : null,
  );
  const moves = x.moves.map(reviewedMove);
  const accuracy = x.accuracy.map((a: unknown) => (a === null || isPercent(a) ? a : undefined));
  if (positions.includes(null) || moves.includes(null) || accuracy.includes(undefined)) return null;
  if (positions.length !== moves.length + 1) return null;
  return {
    budget: { depth, nodes },
    positions: positions as { score: number; chance: number }[],
    moves: moves as ReviewedMove[],
    accuracy: accuracy as (number | null)[],
  };
}

/** What the server answers about a review, every field checked; else what is wrong, in words. */
export function parseReviewAnswer(x: unknown): Result<ReviewAnswer> {
  if (!isObject(x)) return fail('a review answer is a JSON object');
  const { status, done, total } = x;
  if (status === 'none') return ok({ status });
  if (!isCount(done) || !isCount(total) || done > total) return fail('"done" and "total" must count the positions judged and to judge');
  if (status === 'queued' || status === 'running') return ok({ status, done, total });
  if (status !== 'done') return fail('"status" must be none, queued, running or done');
  const found = review(x.review);
  if (!found) return fail('"review" is not a whole review');
  return ok({ status, done, total, review: found });
}
