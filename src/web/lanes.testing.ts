/**
 * Things (a visitor's page, say) each lent to one test at a time, for a file whose tests run
 * concurrently: a test waits for a free one, and hands it to the next waiting test when it ends,
 * however it ends. The browser files wait on chromium and on their server far more than they compute,
 * so two or three pages worked on at once finish sooner than one page after another.
 */
export class Lanes<T> {
  readonly #free: T[] = [];
  readonly #waiting: ((item: T) => void)[] = [];

  /** A thing to lend from now on (a test that waits for one gets it at once). */
  add(item: T): void {
    const next = this.#waiting.shift();
    if (next) next(item);
    else this.#free.push(item);
  }

  /** `body` run with a thing of its own, given back when it ends. */
  async use<R>(body: (item: T) => Promise<R>): Promise<R> {
    const item = this.#free.shift() ?? (await new Promise<T>((resolve) => this.#waiting.push(resolve)));
    try {
      return await body(item);
    } finally {
      this.add(item);
    }
  }
}
