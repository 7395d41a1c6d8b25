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

  it('an owner back after a pause goes before one just served: a flood delays a reply by the job in hand only', () => {
    const q = new AiQueue<string>(8, 1000);
    // One flood game: its line empties each time it is served, and fills again after its move.
    q.add('flooder', 'flood 0');
    expect(q.next()).toBe('flood 0');
    q.add('flooder', 'flood 1');
    q.add('player', 'reply');
    expect([q.next(), q.next()]).toEqual(['reply', 'flood 1']);
    // Two owners with work always waiting take turns.
    for (let i = 2; i < 5; i++) q.add('flooder', `flood ${i}`);
    for (let i = 0; i < 3; i++) q.add('other', `other ${i}`);
    expect([q.next(), q.next(), q.next(), q.next()]).toEqual(['other 0', 'flood 2', 'other 1', 'flood 3']);
  });

  it('remembers a bounded number of owners, the least recently served forgotten first', () => {
    const q = new AiQueue<string>(8, 1000, 2);
    for (const owner of ['a', 'b', 'c']) {
      q.add(owner, owner);
      q.next();
    }
    // 'a' was forgotten: it counts as never served, and goes before 'c' (served last).
    q.add('c', 'c again');
    q.add('a', 'a again');
    expect(q.next()).toBe('a again');
  });
});
