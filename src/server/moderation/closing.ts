import type { ChallengeNews } from '../challenges.ts';
import type { Hub } from '../hub.ts';
import type { GameStore } from '../store.ts';

/**
 * What a ban does to a player's play, in one call: their open challenges cancelled (or declined),
 * their place in a pool given up, and their games still on ended — resigned, where the rules allow,
 * else aborted — as the site ends a game a player leaves for good. Account deletion does the same
 * (docs/moderation.md): once its own function is merged, this is where it is called.
 */

/** Live games read at once: a player has at most a few hundred correspondence games going. */
const LIVE_GAMES = 500;

export async function closeAccountPlay(store: GameStore, hub: Hub, news: ChallengeNews, accountId: string, now: number): Promise<void> {
  const answered: string[] = [];
  for (const c of await store.challengesOf(accountId, now, now)) {
    if (c.status !== 'open') continue;
    const mine = c.from.account === accountId;
    if (await store.answerChallenge(c.id, mine ? 'cancelled' : 'declined', now)) answered.push(mine ? c.to.account : c.from.account);
  }
  if (answered.length > 0) news.changed([accountId, ...answered]);
  await store.leavePool(accountId);
  for (const game of await store.gamesOf(accountId, { limit: LIVE_GAMES, live: true })) {
    const room = await hub.room(game.id).catch(() => null);
    if (!room || room.over) continue;
    const token = { account: accountId };
    for (const [seat, holder] of room.stored.seatAccounts.entries()) {
      if (holder !== accountId || room.over) continue;
      const resigned = await room.submit({ kind: 'resign', seat, token });
      // A game not yet begun (an open seat, no move made) has nothing to resign: it is called off.
      if (!resigned.ok && !room.over) await room.act({ kind: 'abort', seat, token });
    }
  }
}
