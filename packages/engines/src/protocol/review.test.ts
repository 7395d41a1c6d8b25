import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReviewAnswer, parseReviewRequest } from './review.ts';

describe('the review’s request and answers', () => {
  it('a request is empty; anything else is named', () => {
    expect(parseReviewRequest(undefined)).toEqual({ ok: true, value: {} });
    expect(parseReviewRequest({})).toEqual({ ok: true, value: {} });
    expect(parseReviewRequest({ depth: 30 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/"depth"/) } });
    expect(parseReviewRequest([1])).toMatchObject({ ok: false });
  });

  it('an answer that is not whole is refused, not half read', () => {
    expect(parseReviewAnswer({ status: 'running', done: 3, total: 2 })).toMatchObject({ ok: false });
    expect(parseReviewAnswer({ status: 'done', done: 1, total: 1 })).toMatchObject({ ok: false });
    const review = { budget: { depth: 4, nodes: 50000 }, positions: [{ score: 0, chance: 50 }], moves: [], accuracy: [null, null] };
    expect(parseReviewAnswer({ status: 'done', done: 1, total: 1, review })).toMatchObject({ ok: true });
    expect(parseReviewAnswer({ status: 'done', done: 1, total: 1, review: { ...review, positions: [] } })).toMatchObject({ ok: false });
    expect(parseReviewAnswer({ status: 'done', done: 1, total: 1, review: { ...review, accuracy: [140] } })).toMatchObject({ ok: false });
  });

  it('docs/review.md’s examples are answers of the protocol (its errors, errors)', () => {
    const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/review.md'), 'utf8');
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const example of examples) {
      if ('error' in example) expect(typeof example.error).toBe('string');
      else expect(parseReviewAnswer(example), JSON.stringify(example)).toMatchObject({ ok: true });
    }
    expect(examples.filter((e) => e.status === 'done')).toHaveLength(1);
  });
});
