/**
 * The AI threads' waiting line, fair between owners (whoever made the game: an address's key, a
 * bot): each owner has a line of its own, and a free thread takes the next job of the next owner in
 * turn. One owner's flood of AI games then delays another's reply by at most one job per owner ahead
 * of it, not by the whole flood. Bounded: an owner holds at most `perOwner` jobs waiting, and all
 * owners together `total`; past either the job is refused at once, with the reason.
 */
export class AiQueue<J> {
  private readonly lines = new Map<string, J[]>();
  /** Owners with jobs waiting, in the order they are served. */
  private readonly turn: string[] = [];
  private waiting = 0;

  constructor(
    readonly perOwner = 8,
    readonly total = 1000,
  ) {}

  /** Adds `job` to `owner`'s line: null, or why it was refused. */
  add(owner: string, job: J): string | null {
    const line = this.lines.get(owner) ?? [];
    if (line.length >= this.perOwner) return `the AI is busy with ${this.perOwner} moves of the same player's games already`;
    if (this.waiting >= this.total) return 'the AI threads are full: the move is tried again in a moment';
    if (line.length === 0) {
      this.lines.set(owner, line);
      this.turn.push(owner);
    }
    line.push(job);
    this.waiting++;
    return null;
  }

  /** The next job: the first of the owner whose turn it is (who then goes to the back), or undefined. */
  next(): J | undefined {
    const owner = this.turn.shift();
    if (owner === undefined) return undefined;
    const line = this.lines.get(owner) as J[];
    const job = line.shift() as J;
    this.waiting--;
    if (line.length > 0) this.turn.push(owner);
    else this.lines.delete(owner);
    return job;
  }

  get size(): number {
    return this.waiting;
  }
}
