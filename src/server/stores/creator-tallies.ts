import { CHALLENGE_OF, LADDER_OF, POOL_OF, REMATCH_OF, TOURNAMENT_OF } from './game.ts';

/** A live game as the tallies need it: the columns `openBy` and `aiOnlyBy` count by. */
export interface TalliedRow {
  readonly id: string;
  readonly creator: string | null;
  /** The games row's count of seats open to anyone (migration 9 keeps it). */
  readonly open_seats: number;
  /** The seats as stored: a JSON list of "open" and AI names. */
  readonly seats: string;
}

interface Tallied {
  readonly creator: string;
  readonly seats: readonly string[];
  openSeats: number;
  readonly aiOnly: boolean;
}

/** Creators that are the site itself (pools, challenges, tournaments, the ladder, rematches): no request is counted under them. */
const SITE_MADE = [REMATCH_OF, POOL_OF, CHALLENGE_OF, TOURNAMENT_OF, LADDER_OF];

/**
 * The live games of each creator, open to players or of AIs alone, kept in memory in step with the
 * store's own writes: what every game's set-up asks (the creator's caps), answered without a query.
 *
 * Kept only where this process is the store's one writer (SQLite): loaded from the store when it
 * opens (the truth), then moved on after each write that makes a game, fills an open seat, ends a
 * game or renames a creator has committed. PostgreSQL, shared by instances, asks the store instead:
 * another instance's games, seats and endings never pass through here.
 *
 * Games made by the site itself (a creator with a site prefix) are not kept: no request is counted
 * under such a creator, and the store is asked if one ever is.
 */
export class CreatorTallies {
  private readonly games = new Map<string, Tallied>();
  private readonly open = new Map<string, number>();
  private readonly aiOnly = new Map<string, number>();

  /** Whether `creator`'s games are tallied here (a request's creator), or asked of the store. */
  static keeps(creator: string | null): creator is string {
    return creator !== null && !SITE_MADE.some((prefix) => creator.startsWith(prefix));
  }

  /** The tallies of the live games as the store has them (at open). */
  static of(live: Iterable<TalliedRow>): CreatorTallies {
    const tallies = new CreatorTallies();
    for (const row of live) tallies.made(row);
    return tallies;
  }

  /** A game was made (its row committed): counted under its creator while it is live. */
  made(row: TalliedRow): void {
    if (!CreatorTallies.keeps(row.creator) || this.games.has(row.id)) return;
    // As the store's count says it: no seat of the JSON list is "open".
    const game: Tallied = {
      creator: row.creator,
      seats: JSON.parse(row.seats) as string[],
      openSeats: row.open_seats,
      aiOnly: !row.seats.includes('"open"'),
    };
    this.games.set(row.id, game);
    this.count(game, 1);
  }

  /** A seat of game `id` was taken (committed): one open seat fewer when it was open to people, as the store's count. */
  seatFilled(id: string, seat: number): void {
    const game = this.games.get(id);
    if (!game || game.openSeats === 0 || game.seats[seat] !== 'open') return;
    game.openSeats--;
    if (game.openSeats === 0) bump(this.open, game.creator, -1);
  }

  /** Game `id` ended (committed): it counts no more. */
  ended(id: string): void {
    const game = this.games.get(id);
    if (!game) return;
    this.games.delete(id);
    this.count(game, -1);
  }

  /** The games of creator `before` are now `after`'s (a closed bot's, under its placeholder). */
  renamed(before: string, after: string): void {
    for (const [id, game] of this.games) {
      if (game.creator !== before) continue;
      this.count(game, -1);
      const moved = { ...game, creator: after };
      this.games.set(id, moved);
      this.count(moved, 1);
    }
  }

  /** How many live games with an open seat `creator` has made. */
  openBy(creator: string): number {
    return this.open.get(creator) ?? 0;
  }

  /** How many live games of AIs alone `creator` has made. */
  aiOnlyBy(creator: string): number {
    return this.aiOnly.get(creator) ?? 0;
  }

  private count(game: Tallied, by: 1 | -1): void {
    if (game.openSeats > 0) bump(this.open, game.creator, by);
    if (game.aiOnly) bump(this.aiOnly, game.creator, by);
  }
}

/** A count moved by one; a creator with none left is forgotten (the maps hold live creators only). */
function bump(counts: Map<string, number>, creator: string, by: number): void {
  const n = (counts.get(creator) ?? 0) + by;
  if (n > 0) counts.set(creator, n);
  else counts.delete(creator);
}
