/**
 * The AI threads' waiting line, fair between owners (whoever made the game: an address's key, a
 * bot): each owner has a line of its own, and a free thread takes the next job of the owner served
 * least recently. Owners with work waiting take turns; one who comes back after a pause (a player
 * whose AI is to reply) goes before one who was just served (a flood of AI games), so a flood delays
 * another's reply by the job in hand, not by the flood. Bounded: an owner holds at most `perOwner`
 * jobs waiting, and all owners together `total`; past either the job is refused at once, with the reason.
 */
export class AiQueue<J> {
  /** Owners with jobs waiting, in the order they first had them (ties go to the earlier). */
  private readonly lines = new Map<string, J[]>();
  /** When each owner was last served (a count of jobs served), the least recent first; bounded. */
  private readonly served = new Map<string, number>();
  private sequence = 0;
  private waiting = 0;

  constructor(
    readonly perOwner = 8,
    readonly total = 1000,
    /** Owners whose last service is remembered; one forgotten counts as never served (goes first). */
    readonly remembered = 10_000,
  ) {}

  /** Adds `job` to `owner`'s line: null, or why it was refused. */
  add(owner: string, job: J): string | null {
    const line = this.lines.get(owner) ?? [];
    if (line.length >= this.perOwner) return `the AI is busy with ${this.perOwner} moves of the same player's games already`;
    if (this.waiting >= this.total) return 'the AI threads are full: the move is tried again in a moment';
    if (line.length === 0) this.lines.set(owner, line);
    line.push(job);
    this.waiting++;
    return null;
  }

  /** The next job: the first of the owner served least recently (never: first of all), or undefined. */
  next(): J | undefined {
    let owner: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const candidate of this.lines.keys()) {
      const at = this.served.get(candidate) ?? 0;
      if (at < oldest) [owner, oldest] = [candidate, at];
    }
    if (owner === undefined) return undefined;
    const line = this.lines.get(owner) as J[];
    const job = line.shift() as J;
    this.waiting--;
    if (line.length === 0) this.lines.delete(owner);
    // Kept in the order served: the first entry is the least recent, forgotten first.
    this.served.delete(owner);
    this.served.set(owner, ++this.sequence);
    if (this.served.size > this.remembered) this.served.delete(this.served.keys().next().value as string);
    return job;
  }

  get size(): number {
    return this.waiting;
  }
}
