import type { FastifyInstance } from 'fastify';
import type { Identities } from '../identity/identities.ts';
import type { Presence } from '../presence.ts';
import type { GameStore } from '../store.ts';
import { Blocks } from './blocks.ts';
import { FollowNews, type StartedGamesBus } from './follow-news.ts';
import { indexFinishedPositions } from './games-positions.ts';
import { registerGamesSearch } from './games-search.ts';
import { PlayerIndex } from './player-index.ts';
import { registerPlayerRecord } from './player-record.ts';
import { registerSocial } from './routes.ts';

/** What the rest of the server asks of the social part: who blocks whom, the followers' notices, the search's index. */
export interface Social {
  readonly blocks: Blocks;
  readonly news: FollowNews;
  readonly index: PlayerIndex;
  /** A game whose last seat was taken: if rated, its players' followers hear of it. */
  started(id: string): void;
  /** A player who signed up here: found by the search at once. */
  joined(account: { readonly id: string; readonly name: string }): void;
  /** An account deleted here: never found again, and no block or follow of it kept. */
  forget(account: string): Promise<void>;
}

/** The social part started (docs/social.md) and its routes registered. */
export function startSocial(
  app: FastifyInstance,
  store: GameStore,
  identities: Identities,
  presence: Presence,
  limits: { readonly hub?: { readonly now?: () => number }; readonly maxFollows?: number; readonly maxBlocks?: number },
  /** The other instances, told of the games started here for their followers' sockets (none: this one is alone). */
  bus: StartedGamesBus | null = null,
): Social {
  const now = limits.hub?.now ?? Date.now;
  const blocks = new Blocks(store.social, now);
  const news = new FollowNews(store, bus);
  const index = new PlayerIndex(store.social, (account) => presence.isOnline(account));
  app.addHook('onClose', async () => index.close());
  registerSocial(app, {
    store,
    identities,
    blocks,
    index,
    presence,
    now,
    ...(limits.maxFollows === undefined ? {} : { maxFollows: limits.maxFollows }),
    ...(limits.maxBlocks === undefined ? {} : { maxBlocks: limits.maxBlocks }),
  });
  registerGamesSearch(app, store, now);
  registerPlayerRecord(app, store, now);
  backfillGamesDb(app, store);
  return {
    blocks,
    news,
    index,
    started: (id) => void news.started(id).catch(() => undefined),
    joined: (account) => index.add(account.id, account.name),
    forget: async (account) => {
      index.remove(account);
      await store.social.forget(account);
    },
  };
}

/**
 * The games finished before the games database existed (and their positions, before it kept them) are added in the background once the server
 * is ready, a batch at a time, from where the last start stopped; stopped when the server closes.
 */
function backfillGamesDb(app: FastifyInstance, store: GameStore): void {
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  app.addHook('onReady', async () => {
    setImmediate(() => {
      void (async () => {
        let added = 0;
        for (let n = -1; n !== 0 && !closing; added += n) n = Math.max(0, await store.gamesDb.backfill(500));
        if (added > 0) process.stderr.write(`hexarena: games database: ${added} finished games added\n`);
        // Then the positions of the games finished before they were kept, for the search by position.
        const keyed = await indexFinishedPositions(store, () => closing);
        if (keyed > 0) process.stderr.write(`hexarena: games database: the positions of ${keyed} finished games added\n`);
      })().catch((e: unknown) => {
        // The store away: the rest is added at the next start, none twice.
        if (!closing)
          process.stderr.write(`hexarena: games database: adding older games stopped (${e instanceof Error ? e.message : String(e)})\n`);
      });
    });
  });
}
