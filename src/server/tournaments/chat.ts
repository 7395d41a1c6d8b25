import type { TournamentChatLine as ShownLine } from '@hexarena/engines/protocol/lobby.ts';
import type { Fanout } from '../fanout.ts';
import type { Blocks } from '../social/blocks.ts';
import { isRemoval, type TournamentChatLine, type TournamentChatStore } from '../stores/tournament-chat.ts';

/**
 * A tournament's chat (docs/tournaments.md), as lichess has it: signed-in players speak, anyone reads
 * (a guest reads only); a reader is never shown the lines of a player they block. Lines are stored
 * (a restart or another instance loses none) and told to the lobby sockets that follow the
 * tournament: the instance that stored a line reads what is new since the last line it told (by
 * number) and tells it; the others do the same when Redis says so, or at the director's next tick.
 * A moderator's removal of a line travels the same way (it is numbered among the lines): every
 * follower is told the line's number, and no later read shows it.
 */

/** Lines kept per tournament. */
export const CHAT_KEPT = 200;
/** Lines a page reads when it opens. */
export const CHAT_PAGE = 50;

/**
 * Where one reader hears new lines: the lines, already without those of players the reader blocks; and
 * the numbers of lines a moderator removed since (never with `recent`: a page holds no removed line).
 */
type Listener = (lines: readonly ShownLine[], recent: boolean, removed: readonly number[]) => void;

interface Followed {
  readonly listeners: Map<Listener, string | undefined>;
  /** The number of the last line told here; null until first read. */
  last: number | null;
  /** The reads, one at a time, and the one waiting to start (any line said meanwhile shares it). */
  chain: Promise<void>;
  queued: Promise<void> | null;
}

const shown = ({ n, author, text, at }: TournamentChatLine): ShownLine => ({ n, author, text, at });

export class TournamentChat {
  private readonly followed = new Map<string, Followed>();

  constructor(
    private readonly store: TournamentChatStore,
    private readonly blocks: Blocks,
    private readonly fanout: Fanout | null,
  ) {}

  /** The tournament's last lines, but those of players `reader` blocks. */
  async recent(tournament: string, reader: string | undefined): Promise<ShownLine[]> {
    return this.unblocked(reader, await this.store.read(tournament, CHAT_PAGE));
  }

  /** Stores a line (checked by the caller: who, how long, how often), then tells the followers here and elsewhere. */
  async say(tournament: string, line: Omit<TournamentChatLine, 'n'>): Promise<ShownLine> {
    const said = await this.store.add(tournament, line, CHAT_KEPT);
    this.fanout?.tellTournamentChat(tournament);
    void this.catchUp(tournament).catch(() => undefined);
    return shown(said);
  }

  /**
   * Removes line `n` (a moderator's act: the caller checked), then tells the followers here and
   * elsewhere: the line removed, or null if the tournament has no such line.
   */
  async remove(
    tournament: string,
    n: number,
    by: { readonly author: string; readonly account: string; readonly at: number },
  ): Promise<TournamentChatLine | null> {
    const removed = await this.store.remove(tournament, n, by, CHAT_KEPT);
    if (!removed) return null;
    this.fanout?.tellTournamentChat(tournament);
    void this.catchUp(tournament).catch(() => undefined);
    return removed;
  }

  /**
   * `listener` hears each new line of the tournament (but those of players `reader` blocks) until the
   * returned stop; it is also sent the last page of lines, as `recent` reads it.
   */
  async listen(tournament: string, reader: string | undefined, listener: Listener): Promise<() => void> {
    let f = this.followed.get(tournament);
    if (!f) {
      f = { listeners: new Map(), last: null, chain: Promise.resolve(), queued: null };
      this.followed.set(tournament, f);
      this.fanout?.followTournamentChat(tournament, () => void this.catchUp(tournament).catch(() => undefined));
    }
    const stop = () => {
      const now = this.followed.get(tournament);
      if (!now?.listeners.delete(listener) || now.listeners.size > 0) return;
      this.followed.delete(tournament);
      this.fanout?.unfollowTournamentChat(tournament);
    };
    // Heard from now on, then sent the last page: a line may come both ways, or the new one first;
    // a page merges lines by their number (live.ts).
    f.listeners.set(listener, reader);
    try {
      await this.catchUp(tournament);
      listener(await this.recent(tournament, reader), true, []);
    } catch (e) {
      stop();
      throw e;
    }
    return stop;
  }

  /** Every followed tournament's new lines read (a tick): what a lost notice, or no Redis, left behind. */
  sweep(): void {
    for (const id of this.followed.keys()) void this.catchUp(id).catch(() => undefined);
  }

  /** How many tournaments' chats are followed here. */
  get size(): number {
    return this.followed.size;
  }

  private catchUp(tournament: string): Promise<void> {
    const f = this.followed.get(tournament);
    if (!f) return Promise.resolve();
    if (f.queued) return f.queued;
    const queued: Promise<void> = f.chain.then(() => {
      if (f.queued === queued) f.queued = null;
      return this.readAndTell(tournament, f);
    });
    f.queued = queued;
    f.chain = queued.catch(() => undefined);
    return queued;
  }

  private async readAndTell(tournament: string, f: Followed): Promise<void> {
    if (f.last === null) {
      // First read: where the followers stand now; they were sent their page.
      f.last = (await this.store.since(tournament, -1, 1)).at(-1)?.n ?? -1;
      return;
    }
    const fresh = await this.store.since(tournament, f.last, CHAT_KEPT);
    const last = fresh.at(-1);
    if (!last) return;
    f.last = last.n;
    const said = fresh.filter((e): e is TournamentChatLine => !isRemoval(e));
    const removed = fresh.filter(isRemoval).map((e) => e.removes);
    for (const [listener, reader] of f.listeners)
      void this.unblocked(reader, said).then((lines) => (lines.length > 0 || removed.length > 0) && listener(lines, false, removed));
  }

  private async unblocked(reader: string | undefined, lines: readonly TournamentChatLine[]): Promise<ShownLine[]> {
    if (reader === undefined) return lines.map(shown);
    const hidden = await this.blocks.of(reader).catch(() => new Set<string>());
    return lines.filter((l) => !hidden.has(l.account) || l.account === reader).map(shown);
  }
}
