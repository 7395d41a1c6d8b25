import type { FastifyInstance } from 'fastify';
import { usernameKey } from '../identity/usernames.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import type { GameStore, PlayerOutcome } from '../store.ts';

/**
 * A player's record as a profile shows it (lichess's "best wins" and streaks): over their latest
 * games, their winning streaks and the wins over the highest-rated opponents. Counted over a window
 * of their games, so a profile costs the same however many they played.
 */

/** The games a record is counted over, and the best wins it lists. */
export const RECORD_WINDOW = 1000;
export const BEST_WINS = 5;
/** Reads per address, as the other reads of the games database: a burst of 10, then 2 a second. */
const BURST = 10;
const RATE = 2;

/** Winning streaks in outcomes newest first: the one running now, and the longest. */
export function streaksOf(outcomes: readonly (PlayerOutcome | null)[]): { current: number; longest: number } {
  let current = 0;
  while (outcomes[current] === 'win') current++;
  let longest = 0;
  let run = 0;
  for (const o of outcomes) {
    run = o === 'win' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return { current, longest };
}

/** GET /api/players/:name/record: `{ games, streaks: { current, longest }, bestWins }` over the player's latest games. */
export function registerPlayerRecord(app: FastifyInstance, store: GameStore, now: () => number): void {
  const reads = new Allowance(RATE, BURST);
  app.get('/api/players/:name/record', async (request, reply) => {
    if (!reads.take(subscriberOf(request.ip), now())) {
      reply.header('retry-after', '1');
      return reply.code(429).send({ error: `too many reads of players' records: at most ${RATE} a second` });
    }
    const { name } = request.params as { name: string };
    const account = name.length <= 20 ? await store.accounts.byKey(usernameKey(name)) : undefined;
    if (!account) return reply.code(404).send({ error: `no player is called ${name}` });
    const record = await store.gamesDb.record(account.id, RECORD_WINDOW, BEST_WINS);
    return { games: record.outcomes.length, streaks: streaksOf(record.outcomes), bestWins: record.bestWins };
  });
}
