/**
 * The games being played that other instances hold, as they tell it: each instance says, on the
 * site's one channel, which games being played it holds in memory — their ids, versions and its own
 * spectators of each — whenever that changes (looked at every REPORT_CHECK_MS) and again every
 * REPORT_EVERY_MS; a report not renewed within REPORT_TTL_MS is forgotten (an instance that died).
 * The games themselves are read from the store (the truth): a report is only where to look and who
 * watches, a few dozen bytes a game however long its moves.
 */

/** One game being played that an instance holds: how far it is, and its spectators there. */
export interface HeldGame {
  readonly id: string;
  readonly version: number;
  /** Spectators with the game open on the instance that tells it (not on the others). */
  readonly watching: number;
}

/** What the reports say of one game, over every instance that holds it. */
export interface GameElsewhere {
  /** The highest version any of them holds. */
  readonly version: number;
  /** Its spectators, summed over those instances. */
  readonly watching: number;
}

/** How the reports travel between instances (the fan-out's site channel). */
export interface HeldGamesBus {
  tellHeld(games: readonly HeldGame[]): void;
  /**
   * Calls `handler` with each report of another instance, or 'ask' when one asks for everyone's;
   * once it listens (and again after a reconnection) it asks the others for theirs.
   */
  onHeld(handler: (from: string, report: readonly HeldGame[] | 'ask') => void): void;
}

/** How often an instance looks whether what it holds changed (a move, a game begun or ended, a spectator). */
export const REPORT_CHECK_MS = 1000;
/** An unchanged report is told again this often, and forgotten without news after REPORT_TTL_MS. */
export const REPORT_EVERY_MS = 20_000;
export const REPORT_TTL_MS = 50_000;
/** The most games one report lists (a report larger than this is cut: the first ones are told). */
export const REPORT_MAX = 2000;

export class GamesElsewhere {
  private readonly reports = new Map<string, { readonly games: readonly HeldGame[]; readonly at: number }>();

  constructor(private readonly now: () => number) {}

  /** Another instance's report, replacing its last one. */
  heard(from: string, games: readonly HeldGame[]): void {
    this.reports.set(from, { games, at: this.now() });
  }

  /** Every game the other instances hold, by id, from their reports still fresh. */
  games(): Map<string, GameElsewhere> {
    const now = this.now();
    const merged = new Map<string, GameElsewhere>();
    for (const [from, report] of this.reports) {
      if (now - report.at > REPORT_TTL_MS) {
        this.reports.delete(from);
        continue;
      }
      for (const g of report.games) {
        const seen = merged.get(g.id);
        merged.set(g.id, {
          version: Math.max(seen?.version ?? 0, g.version),
          watching: (seen?.watching ?? 0) + g.watching,
        });
      }
    }
    return merged;
  }
}

/**
 * Tells the other instances what this one holds (`held()`), when it changed and every
 * REPORT_EVERY_MS, or when one asks (an instance starting lists the others' games at once, not at
 * their next report); hears theirs into `elsewhere`. Returns what stops it.
 */
export function reportHeldGames(
  bus: HeldGamesBus,
  held: () => readonly HeldGame[],
  elsewhere: GamesElsewhere,
  now: () => number,
): () => void {
  let told: { text: string; at: number } | null = null;
  const tell = (force: boolean) => {
    const games = held().slice(0, REPORT_MAX);
    const text = JSON.stringify(games);
    if (!force && told && told.text === text && now() - told.at < REPORT_EVERY_MS) return;
    // Nothing held, and nothing told before: no one needs to hear it.
    if (!told && games.length === 0) return;
    told = { text, at: now() };
    bus.tellHeld(games);
  };
  bus.onHeld((from, report) => {
    if (report === 'ask') tell(true);
    else elsewhere.heard(from, report);
  });
  const timer = setInterval(() => tell(false), REPORT_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** A report as another instance sent it, or null for anything else found on the channel. */
export function parseHeld(text: string): HeldGame[] | null {
  let n: unknown;
  try {
    n = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(n) || n.length > REPORT_MAX) return null;
  const games: HeldGame[] = [];
  for (const g of n as unknown[]) {
    if (typeof g !== 'object' || g === null) return null;
    const { id, version, watching } = g as Record<string, unknown>;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return null;
    if (!Number.isInteger(version) || (version as number) < 0) return null;
    if (!Number.isInteger(watching) || (watching as number) < 0) return null;
    games.push({ id, version: version as number, watching: watching as number });
  }
  return games;
}
