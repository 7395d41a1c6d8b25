/**
 * Work run one at a time per key, in the order asked: a count checked and then acted on (a cap on a
 * creator's games) cannot be passed by asking many times at once, since the next asker's count runs
 * only after the last one's write. Keys with nothing waiting are forgotten, so the map holds only the
 * keys at work now.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const done = before.then(work, work);
    // The tail never rejects: a failed piece of work does not fail the next one's wait.
    const tail = done.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return done;
  }

  /** Keys with work running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
