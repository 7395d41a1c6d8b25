import type { FastifyInstance, FastifyReply } from 'fastify';
import { usernameKey } from '../identity/usernames.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import { recordOf } from '../records.ts';
import type { FoundGame, GameStore, GamesDbQuery } from '../store.ts';
import { writeLine } from '../stream-lines.ts';
import { FinalPositions } from './final-positions.ts';

/**
 * The games database over HTTP (docs/social.md): finished games found by player(s), game, result,
 * termination, rated, speed, dates, rating and opening, a page at a time (`next` names where the next
 * page starts), and the same search exported as records, one JSON a line.
 */

/** Games a page at most, and by default. */
const PAGE_MAX = 50;
const PAGE_DEFAULT = 20;
/** Games one export gives at most. */
const EXPORT_MAX = 5_000;
/** Searches per address: a burst of 10, then 2 a second (each a query of the database). */
const BURST = 10;
const RATE = 2;
/**
 * Exports per address besides: two at once, then one every 10 s. An export is up to 5,000 games read
 * and turned into records (about a second of the server's work), not one query.
 */
const EXPORT_BURST = 2;
const EXPORT_RATE = 0.1;

const NAME = { type: 'string', minLength: 1, maxLength: 20 } as const;
const WHOLE = { type: 'string', pattern: '^[0-9]{1,15}$' } as const;
export const GAMES_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    player: NAME,
    vs: NAME,
    outcome: { enum: ['win', 'draw', 'loss'] },
    game: { type: 'string', pattern: '^[a-z]{2,20}$' },
    result: { enum: ['win', 'draw'] },
    termination: { type: 'string', pattern: '^[a-z-]{1,30}$' },
    rated: { enum: ['true', 'false'] },
    speed: { enum: ['ultrabullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence', 'unlimited'] },
    from: WHOLE,
    to: WHOLE,
    minRating: { type: 'string', pattern: '^[0-9]{1,4}$' },
    maxRating: { type: 'string', pattern: '^[0-9]{1,4}$' },
    // The first moves in the game's notation, separated by commas: "wQ,bA1 -wQ".
    opening: { type: 'string', minLength: 1, maxLength: 400 },
    after: { type: 'string', pattern: '^[0-9]{1,15}:[A-Za-z0-9_-]{1,20}$' },
    limit: { type: 'string', pattern: '^[0-9]{1,2}$' },
  },
} as const;

type Asked = Partial<Record<keyof (typeof GAMES_QUERY)['properties'], string>>;

export function registerGamesSearch(app: FastifyInstance, store: GameStore, now: () => number): void {
  const allowance = new Allowance(RATE, BURST);
  const positions = new FinalPositions(store);
  const exports = new Allowance(EXPORT_RATE, EXPORT_BURST);
  const spend = (ip: string, reply: FastifyReply): boolean => {
    if (allowance.take(subscriberOf(ip), now())) return true;
    reply.header('retry-after', '1');
    void reply.code(429).send({ error: `too many searches of games: at most ${RATE} a second` });
    return false;
  };
  const spendExport = (ip: string, reply: FastifyReply): boolean => {
    if (exports.take(subscriberOf(ip), now())) return true;
    reply.header('retry-after', String(Math.ceil(1 / EXPORT_RATE)));
    void reply.code(429).send({ error: `too many exports of games: ${EXPORT_BURST} at once, then one every ${1 / EXPORT_RATE} s` });
    return false;
  };
  app.get('/api/search/games', { schema: { querystring: GAMES_QUERY } }, async (request, reply) => {
    if (!spend(request.ip, reply)) return reply;
    const asked = request.query as Asked;
    const query = await queryOf(store, asked);
    if (query === null) return { games: [], next: null };
    const limit = Math.min(PAGE_MAX, Math.max(1, Number(asked.limit ?? PAGE_DEFAULT)));
    const games = await store.gamesDb.search({ ...query, limit });
    const last = games[games.length - 1];
    // Each game's last position, to draw it small beside it: served with the page, not asked once a row.
    const finals = await positions.of(games.map((g) => g.id));
    return {
      games: games.map((g, i): FoundGame => {
        const position = finals[i];
        return position === null || position === undefined ? g : { ...g, position };
      }),
      next: games.length === limit && last ? cursorOf(last) : null,
    };
  });
  app.get('/api/search/games.ndjson', { schema: { querystring: GAMES_QUERY } }, async (request, reply) => {
    if (!spendExport(request.ip, reply) || !spend(request.ip, reply)) return reply;
    const query = await queryOf(store, request.query as Asked);
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': 'attachment; filename="hexarena-games.ndjson"',
      'cache-control': 'no-store',
    });
    // A page at a time, each record written as soon as it is made: an export never sits in memory whole.
    let after = query?.after;
    for (let sent = 0; query !== null && sent < EXPORT_MAX; ) {
      const page = await store.gamesDb.search({ ...query, ...(after ? { after } : {}), limit: Math.min(100, EXPORT_MAX - sent) });
      for (const found of page) {
        const stored = await store.games.read(found.id);
        const record = stored ? recordOf(stored) : null;
        if (!record?.ok) continue;
        if (!(await writeLine(reply.raw, `${JSON.stringify({ id: found.id, ...record.value })}\n`))) return reply;
      }
      sent += page.length;
      const last = page[page.length - 1];
      if (!last || page.length < 100) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
    reply.raw.end();
    return reply;
  });
}

const cursorOf = (g: FoundGame): string => `${g.createdAt}:${g.id}`;

/** The query asked for, players found by name; null when a named player does not exist (nothing to find). */
async function queryOf(store: GameStore, asked: Asked): Promise<Omit<GamesDbQuery, 'limit'> | null> {
  const players: string[] = [];
  for (const name of [asked.player, asked.vs]) {
    if (name === undefined) continue;
    const account = await store.accounts.byKey(usernameKey(name));
    if (!account) return null;
    players.push(account.id);
  }
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  const [at, id] = asked.after?.split(':') ?? [];
  const fields: Omit<GamesDbQuery, 'limit'> = {
    ...(players.length > 0 ? { players } : {}),
    ...(asked.outcome && players.length > 0 ? { outcome: asked.outcome as 'win' | 'draw' | 'loss' } : {}),
    ...(asked.game ? { game: asked.game } : {}),
    ...(asked.result ? { result: asked.result as 'win' | 'draw' } : {}),
    ...(asked.termination ? { termination: asked.termination } : {}),
    ...(asked.rated ? { rated: asked.rated === 'true' } : {}),
    ...(asked.speed ? { speed: asked.speed } : {}),
    ...(asked.from ? { from: number(asked.from) as number } : {}),
    ...(asked.to ? { to: number(asked.to) as number } : {}),
    ...(asked.minRating ? { minRating: number(asked.minRating) as number } : {}),
    ...(asked.maxRating ? { maxRating: number(asked.maxRating) as number } : {}),
    ...(asked.opening ? { opening: asked.opening.split(',').map((m) => m.trim()) } : {}),
    ...(at !== undefined && id !== undefined ? { after: { createdAt: Number(at), id } } : {}),
  };
  return fields;
}
