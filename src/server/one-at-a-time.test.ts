import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time.ts';

describe('OneAtATime', () => {
  it('runs the work of one key in turn, so a count checked then acted on holds however many ask at once', async () => {
    const queue = new OneAtATime();
    let made = 0;
    const cap = 2;
    const tryToMake = () =>
      queue.run('ann', async () => {
        const count = made;
        // The write comes after the count, as a store's does.
        await Promise.resolve();
        if (count >= cap) return false;
        made = count + 1;
        return true;
      });
    const answers = await Promise.all(Array.from({ length: 15 }, tryToMake));
    expect(answers.filter(Boolean)).toHaveLength(cap);
    expect(made).toBe(cap);
    expect(queue.size).toBe(0);
  });

  it('keeps keys apart, and a failure does not stop the next piece of work', async () => {
    const queue = new OneAtATime();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = queue.run('ann', () => new Promise<void>((resolve) => (release = resolve)).then(() => order.push('ann 1')));
    const failed = queue.run('ann', async () => {
      throw new Error('no');
    });
    const next = queue.run('ann', async () => order.push('ann 3'));
    await queue.run('bob', async () => order.push('bob'));
    expect(order).toEqual(['bob']);
    release();
    await held;
    await expect(failed).rejects.toThrow('no');
    await next;
    expect(order).toEqual(['bob', 'ann 1', 'ann 3']);
  });
});
