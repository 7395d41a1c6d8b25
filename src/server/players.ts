import type { Player } from '@hexarena/engines/engine/game.ts';
import { PROVISIONAL_DEVIATION } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance } from 'fastify';
import type { Hub } from './hub.ts';
import type { Identities } from './identity/identities.ts';
import type { Account } from './identity/store.ts';
import { usernameKey } from './identity/usernames.ts';
import type { Presence } from './presence.ts';
import { recordOf, type SeatResult, seatResult } from './records.ts';
import { refusalBody } from './refusal-body.ts';
import type { GameStore, StoredGame } from './store.ts';
import { writeLine } from './stream-lines.ts';

/** No player by that name (nor a bot's: a profile is a player's), with the name asked, for the app to say in its language. */
const noPlayer = (asked: string) => {
  const name = asked.slice(0, 64);
  return refusalBody('players.noPlayer', `there is no player ${name}`, { name });
};

/**
 * Players' games: your games (in progress, your move first; then the recent ones), each player's
 * profile (results per game, games filtered by game and result, member since, online now), and the
 * export of a player's finished games as records, one JSON a line, streamed.
 */

/** A game in a list: who sat where, whose it is, how it ended for them. */
export interface GameSummary {
  readonly id: string;
  readonly game: string;
  readonly createdAt: number;
  /** Per seat: the player's name, an AI's level, or null for a seat still open. */
  readonly players: readonly (string | null)[];
  /** The seats of the account the list is about. */
  readonly seats: readonly Player[];
  readonly ending: { readonly result: unknown; readonly termination: string } | null;
  /** How it came out for that account (its first seat), once over. */
  readonly result: SeatResult | null;
}

const summary = (g: StoredGame, account: string): GameSummary => {
  const seats = g.seatAccounts.flatMap((a, seat) => (a === account ? [seat] : []));
  return {
    id: g.id,
    game: g.game,
    createdAt: g.createdAt,
    players: g.seats.map((kind, i) => g.seatNames[i] ?? (kind === 'open' ? (g.seatTokens[i] ? 'a player' : null) : kind)),
    seats,
    ending: g.ending,
    // An aborted game has no result for anyone.
    result: g.ending && g.ending.termination !== 'aborted' && seats[0] !== undefined ? seatResult(g.ending.result, seats[0]) : null,
  };
};

const RESULTS = ['win', 'draw', 'loss'] as const;
/** What a rating is kept for, as a path names it: a game, or a game at a speed. */
const PERF = /^[a-z]{2,20}(:[a-z]{4,20})?$/;
const PERF_WORDS = 'ratings are of a game, or a game at a speed: hive, hive:blitz';

/** The points a rating chart shows at most: the latest games. */
const HISTORY_POINTS = 500;

/** A rating shows on a leaderboard once its deviation is under this. */
const LEADERBOARD_DEVIATION = 75;
const PAGE = 50;
/** Games read for a filtered page at most: a filter that matches rarely shows fewer, with a `before` to go on. */
const SCAN = 500;

export function registerPlayers(app: FastifyInstance, store: GameStore, hub: Hub, identities: Identities, presence: Presence): void {
  registerYourGames(app, store, hub, identities);
  registerProfile(app, store, presence, identities);
  registerLeaderboard(app, store, identities);
  registerRatingChart(app, store);
  registerGamesExport(app, store);
}

/** The account behind a username, or null for none (a guest's or a deleted account's name is no profile). */
async function playerNamed(store: GameStore, name: string): Promise<Account | null> {
  if (name.length > 64) return null;
  const account = await store.accounts.byKey(usernameKey(name));
  return account?.kind === 'player' ? account : null;
}

/** Your games: those in progress, your move first, then the recent ones. */
function registerYourGames(app: FastifyInstance, store: GameStore, hub: Hub, identities: Identities): void {
  app.get('/api/account/games', async (request, reply) => {
    const identity = await identities.of(request);
    if (!identity) return { live: [], recent: [] };
    const id = identity.account.id;
    const [live, all] = await Promise.all([store.archive.gamesOf(id, { limit: 50, live: true }), store.archive.gamesOf(id, { limit: 20 })]);
    // Whose move it is takes the game's position: the rooms (loaded once, kept a while) know it.
    const liveGames = await Promise.all(
      live.map(async (g) => {
        const room = await hub.room(g.id).catch(() => null);
        const s = summary(room?.stored ?? g, id);
        const toMove = room && !room.over ? room.toMove : null;
        return { ...s, toMove, yourMove: toMove !== null && s.seats.includes(toMove) && !room?.hasLeft(toMove) };
      }),
    );
    liveGames.sort((a, b) => Number(b.yourMove) - Number(a.yourMove) || b.createdAt - a.createdAt);
    reply.header('cache-control', 'no-store');
    return { live: liveGames, recent: all.filter((g) => g.ending).map((g) => summary(g, id)) };
  });
}

/** A player's profile: results per game, games filtered by game and result, ratings, member since, online now. */
function registerProfile(app: FastifyInstance, store: GameStore, presence: Presence, identities: Identities): void {
  app.get('/api/players/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const { game, result, before } = request.query as { game?: string; result?: string; before?: string };
    const account = await playerNamed(store, name);
    if (!account) return reply.code(404).send(noPlayer(name));
    if (result !== undefined && !RESULTS.includes(result as SeatResult))
      return reply.code(400).send({ error: 'result is win, draw or loss' });
    const from = before === undefined ? undefined : Number(before);
    if (from !== undefined && !Number.isSafeInteger(from)) return reply.code(400).send({ error: 'before is a time in milliseconds' });
    const stats = await resultsByGame(store, account.id);
    const filtered = game !== undefined || result !== undefined;
    const read = await store.archive.gamesOf(account.id, {
      limit: filtered ? SCAN : PAGE,
      ...(from === undefined ? {} : { before: from }),
    });
    const games = read
      .map((g) => summary(g, account.id))
      .filter((g) => (game === undefined || g.game === game) && (result === undefined || g.result === result))
      .slice(0, PAGE);
    const last = filtered ? read[read.length - 1] : games[games.length - 1];
    const more = read.length === (filtered ? SCAN : PAGE);
    const ratings = (await store.ratings.of(account.id)).map((r) => ({
      perf: r.perf,
      rating: Math.round(r.rating),
      deviation: Math.round(r.deviation),
      provisional: r.deviation >= PROVISIONAL_DEVIATION,
      games: r.games,
    }));
    // A banned account's profile says so to everyone, as lichess marks a closed one.
    const banned = (await store.moderation.sanctionsOf(account.id, Date.now())).some((s) => s.kind === 'ban');
    const [counts, you] = await Promise.all([store.social.counts(account.id), relationOf(store, identities, request, account.id)]);
    return {
      name: account.name,
      createdAt: account.createdAt,
      ...(banned ? { banned: true } : {}),
      online: presence.isOnline(account.id),
      followers: counts.followers,
      following: counts.following,
      ...(you ? { you } : {}),
      ratings,
      stats,
      games,
      before: more && last ? last.createdAt : null,
    };
  });
}

/**
 * Whether the player asking follows the profile's player, with notices, and blocks them (what its
 * buttons show); null for anyone else, or their own profile. Whether the profile's player blocks the
 * asker is never said.
 */
async function relationOf(
  store: GameStore,
  identities: Identities,
  request: Parameters<Identities['of']>[0],
  account: string,
): Promise<{ follows: boolean; notify: boolean; blocks: boolean } | null> {
  const me = (await identities.of(request))?.account;
  if (me?.kind !== 'player' || me.id === account) return null;
  return store.social.relation(me.id, account);
}

/** Wins, draws and losses of an account, by game. */
async function resultsByGame(store: GameStore, account: string): Promise<Record<string, { wins: number; draws: number; losses: number }>> {
  const stats: Record<string, { wins: number; draws: number; losses: number }> = {};
  for (const r of await store.archive.resultsOf(account)) {
    const how = seatResult(r.result, r.seat);
    if (!how) continue;
    const s = stats[r.game] ?? { wins: 0, draws: 0, losses: 0 };
    stats[r.game] = s;
    if (how === 'win') s.wins++;
    else if (how === 'draw') s.draws++;
    else s.losses++;
  }
  return stats;
}

function registerLeaderboard(app: FastifyInstance, store: GameStore, identities: Identities): void {
  // The best established players of a game (at a speed): deviation under 75, as lichess shows them.
  app.get('/api/leaderboard/:perf', async (request, reply) => {
    const { perf } = request.params as { perf: string };
    if (!PERF.test(perf)) return reply.code(400).send({ error: PERF_WORDS });
    const players = await store.ratings.leaderboard(perf, LEADERBOARD_DEVIATION, 100);
    // Where the asker stands, when established there.
    const identity = await identities.of(request);
    const own = identity ? (await store.ratings.of(identity.account.id)).find((r) => r.perf === perf) : undefined;
    const you =
      own && own.deviation < LEADERBOARD_DEVIATION
        ? { rank: (await store.ratings.ratedAbove(perf, LEADERBOARD_DEVIATION, own.rating)) + 1, rating: Math.round(own.rating) }
        : null;
    return {
      perf,
      players: players.map((p, i) => ({ rank: i + 1, name: p.name, bot: p.kind === 'bot', rating: Math.round(p.rating), games: p.games })),
      you,
    };
  });
}

function registerRatingChart(app: FastifyInstance, store: GameStore): void {
  // A player's rating after each rated game of a kind: the points of the profile's chart.
  app.get('/api/players/:name/ratings/:perf', async (request, reply) => {
    const { name, perf } = request.params as { name: string; perf: string };
    if (!PERF.test(perf)) return reply.code(400).send({ error: PERF_WORDS });
    const account = await playerNamed(store, name);
    if (!account) return reply.code(404).send(noPlayer(name));
    const points = await store.ratings.history(account.id, perf, HISTORY_POINTS);
    return { name: account.name, perf, points: points.map((p) => ({ at: p.at, rating: Math.round(p.rating), game: p.gameId })) };
  });
}

/** A player's finished games as records, one JSON a line, streamed. */
function registerGamesExport(app: FastifyInstance, store: GameStore): void {
  app.get('/api/players/:name/games.ndjson', async (request, reply) => {
    const { name } = request.params as { name: string };
    const account = await playerNamed(store, name);
    if (!account) return reply.code(404).send(noPlayer(name));
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="hexarena-${account.name}-games.ndjson"`,
      'cache-control': 'no-store',
    });
    // A page of games at a time, each line written as soon as it is made: a long history never sits in memory whole.
    let before: number | undefined;
    for (;;) {
      const page = await store.archive.gamesOf(account.id, { limit: 100, ...(before === undefined ? {} : { before }) });
      for (const g of page) {
        const record = recordOf(g);
        if (!record.ok) continue;
        if (!(await writeLine(reply.raw, `${JSON.stringify({ id: g.id, ...record.value })}\n`))) return reply;
      }
      if (page.length < 100) break;
      before = (page[page.length - 1] as StoredGame).createdAt;
    }
    reply.raw.end();
    return reply;
  });
}
