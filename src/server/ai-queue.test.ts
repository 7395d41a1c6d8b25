import { describe, expect, it } from 'vitest';
import { AiQueue } from './ai-queue.ts';

describe('the AI threads’ waiting line', () => {
  it('serves owners in turn: a flood of one waits behind a single job of each other owner', () => {
    const q = new AiQueue<string>(50, 1000);
    for (let i = 0; i < 40; i++) expect(q.add('flooder', `flood ${i}`)).toBeNull();
    expect(q.add('player', 'reply')).toBeNull();
    expect(q.add('other', 'other reply')).toBeNull();
    expect([q.next(), q.next(), q.next(), q.next()]).toEqual(['flood 0', 'reply', 'other reply', 'flood 1']);
    expect(q.size).toBe(38);
    while (q.next() !== undefined);
    expect(q.size).toBe(0);
    // An owner who comes back joins the turn again.
    q.add('player', 'again');
    expect(q.next()).toBe('again');
  });

  it('is bounded per owner and in all, refusing with the reason', () => {
    const q = new AiQueue<number>(2, 3);
    expect([q.add('a', 1), q.add('a', 2)]).toEqual([null, null]);
    expect(q.add('a', 3)).toMatch(/2 moves of the same player/);
    expect(q.add('b', 4)).toBeNull();
    expect(q.add('c', 5)).toMatch(/full/);
    expect([q.next(), q.next(), q.next(), q.next()]).toEqual([1, 4, 2, undefined]);
  });
});
