import { fail, ok, type Result } from '../engine/result.ts';

/**
 * GET /api/explorer/:game?moves=…: the opening explorer's answer (docs/explorer.md), and its one parse,
 * which the browser runs on what the server sends.
 */

/** A move played in the position: the games it was played in, and how they ended (by seat, and drawn). */
export interface ExplorerMove {
  /** In the game's notation, as the game writes it. */
  readonly move: string;
  readonly games: number;
  /** Won by the first seat (White, Red) and by the second. */
  readonly wins: readonly [number, number];
  readonly draws: number;
}

export interface ExplorerAnswer {
  readonly game: string;
  /** The game and its options as counted: the id for the default options, else the id and a hash of them. */
  readonly variant: string;
  /** The position's key (its 64-bit hash and the seat to move), or null past the opening. */
  readonly position: string | null;
  /** Moves played to reach it; and the plies the explorer counts from the start. */
  readonly plies: number;
  readonly limit: number;
  /** Games that reached the position (the moves' games, and those that ended in it), and how they ended. */
  readonly games: number;
  readonly wins: readonly [number, number];
  readonly draws: number;
  /** Most played first. */
  readonly moves: readonly ExplorerMove[];
}

const isCount = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;
const isWins = (x: unknown): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every(isCount);

/** The server's answer, every field checked; else what is wrong, in words. */
export function parseExplorerAnswer(json: unknown): Result<ExplorerAnswer> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('an explorer answer is a JSON object');
  const o = json as Record<string, unknown>;
  if (typeof o.game !== 'string' || typeof o.variant !== 'string') return fail('an explorer answer names its game and variant');
  if (o.position !== null && typeof o.position !== 'string') return fail('"position" must be a key or null');
  if (!isCount(o.plies) || !isCount(o.limit) || !isCount(o.games) || !isCount(o.draws) || !isWins(o.wins))
    return fail('an explorer answer counts its plies, limit, games, wins and draws');
  if (!Array.isArray(o.moves)) return fail('"moves" must be a list');
  const moves: ExplorerMove[] = [];
  for (const m of o.moves as unknown[]) {
    const e = (typeof m === 'object' && m !== null ? m : {}) as Record<string, unknown>;
    if (typeof e.move !== 'string' || e.move === '' || !isCount(e.games) || !isWins(e.wins) || !isCount(e.draws))
      return fail(`a move of the explorer is { "move", "games", "wins": [first, second], "draws" }: ${JSON.stringify(m)}`);
    moves.push({ move: e.move, games: e.games, wins: [e.wins[0], e.wins[1]], draws: e.draws });
  }
  return ok({
    game: o.game,
    variant: o.variant,
    position: o.position as string | null,
    plies: o.plies,
    limit: o.limit,
    games: o.games,
    wins: [o.wins[0], o.wins[1]],
    draws: o.draws,
    moves,
  });
}
