import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { RulesRefusal, refuse } from '@hexarena/engines/engine/refusal.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { explorable, notExplored, OPENING_PLIES, openingOf } from '../../explorer/index.ts';
import { usernameKey } from '../identity/usernames.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import { recordOf } from '../records.ts';
import { refusalBody } from '../refusal-body.ts';
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
    // How `opening` is matched: its moves in this order (a prefix), or the position they reach, in any order.
    match: { enum: ['moves', 'position'] },
    // A position as the explorer names it (its answer's `position`): 64-bit hash in hex, ':', the seat to move.
    position: { type: 'string', pattern: '^[0-9a-f]{16}:[0-9]{1,2}$' },
    // The explorer's variant of `position` (its answer's `variant`); the game's default options when left out.
    variant: { type: 'string', pattern: '^[a-z]{2,20}(:[0-9a-f]{8})?$' },
    // The game's options, as JSON, that name the variant searched (Hive without its expansions: {"type":"Base"}): the
    // moves of match=position are played under them; the first moves (match=moves) are matched only in games of it.
    options: { type: 'string', minLength: 2, maxLength: 1024 },
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
    const asked = request.query as Asked;
    // Checked before a search is spent: a mistyped search costs the asker nothing (and the server a replay of at most 29 moves).
    const position = positionAsked(asked);
    if (!position.ok) return reply.code(400).send(refusalBody(position.error));
    if (!spend(request.ip, reply)) return reply;
    const query = await queryOf(store, asked, position.value);
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
    const asked = request.query as Asked;
    // Checked before an export is spent: a mistyped search costs the asker nothing.
    const position = positionAsked(asked);
    if (!position.ok) return reply.code(400).send(refusalBody(position.error));
    if (!spendExport(request.ip, reply) || !spend(request.ip, reply)) return reply;
    const query = await queryOf(store, asked, position.value);
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

type Position = NonNullable<GamesDbQuery['position']>;

/** The moves of `opening` as asked: comma-separated, each trimmed. */
const movesOf = (opening: string): string[] =>
  opening
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');

/**
 * The position asked for, if any (null: none), as the explorer keys it: given by its key (`position`,
 * and `variant` when not the game's default options), or as the position `opening`'s moves reach
 * from the game's start (`match=position`: transpositions found, as in the explorer). Why not, in
 * words, for a 400: a position is of one game, one the explorer keys, within the plies it keys.
 */
export function positionAsked(asked: Asked): Result<Position | null> {
  const byMoves = asked.match === 'position';
  if (asked.position === undefined && !byMoves) {
    if (asked.variant !== undefined)
      return refuse(
        'search.variantAlone',
        '"variant" names the variant of a "position": give the position too, or name the variant of first moves by "options"',
      );
    if (asked.options === undefined) return ok(null);
  }
  if (asked.position !== undefined && byMoves)
    return refuse(
      'search.positionTwice',
      'ask for a position by its key ("position") or by the moves that reach it ("opening" with match=position), not both',
    );
  if (asked.game === undefined) return refuse('search.positionGame', 'a position is of one game: give "game" with it');
  const found = findGame(asked.game);
  if (!found.ok) return refuse('search.noGame', `no game is called "${asked.game}"`, { game: asked.game.slice(0, 40) });
  const game = found.value;
  if (!explorable(game))
    return refuse('search.notExplored', `${notExplored(game)}; search its games by their first moves instead`, { game: game.title });
  if (asked.position !== undefined) {
    const variant = asked.variant ?? game.id;
    if (variant !== game.id && !variant.startsWith(`${game.id}:`))
      return refuse('search.notAVariant', `"variant" ${variant} is not a variant of ${game.title}`, {
        variant: variant.slice(0, 40),
        game: game.title,
      });
    if (asked.options !== undefined)
      return refuse('search.keyOptions', 'a position by its key names its options by "variant": leave "options" out');
    return ok({ variant, key: asked.position });
  }
  if (asked.variant !== undefined)
    return refuse(
      'search.movesVariant',
      'the moves of match=position are played under "options" (the default options when left out): leave "variant" out',
    );
  return positionOfMoves(game, asked, byMoves);
}

/**
 * The position `opening`'s moves reach from the start of `game` under the options asked (the
 * searcher's variant: a Hive Base game is found by its moves only when they are played without the
 * expansions), keyed and named by variant as the explorer keys its own answers.
 *
 * First moves searched within a variant (match=moves with `options`) are found by it too: every game
 * of the variant that began with them reached that position under the variant's key, and no game of
 * another variant did (its key names its own variant), so the games that began with the moves and
 * reached that position are the opening within the variant. No moves: the variant's start, every
 * game of it.
 */
function positionOfMoves(game: AnyGame, asked: Asked, byPosition: boolean): Result<Position> {
  if (asked.opening === undefined && byPosition)
    return refuse('search.noMoves', 'match=position finds the position "opening" reaches: give its moves');
  const moves = movesOf(asked.opening ?? '');
  if (moves.length >= OPENING_PLIES)
    return refuse(
      'search.tooDeep',
      `positions are searched within the first ${OPENING_PLIES - 1} moves of a game: this one is after ${moves.length}`,
      {
        max: OPENING_PLIES - 1,
        count: moves.length,
      },
    );
  let options: Json = {};
  try {
    options = asked.options === undefined ? {} : (JSON.parse(asked.options) as Json);
  } catch {
    return refuse('search.optionsJson', '"options" must be JSON, such as {"type":"Base"}');
  }
  const parsed = game.parseOptions(options);
  // Wrapped with the options' own refusal (options.*) as its cause: a page words both.
  if (!parsed.ok)
    return wrapped('search.options', `"options" are not options of ${game.title}: ${parsed.error.message}`, parsed.error, game);
  // The explorer's start, as its own answers are keyed (Nonaga's first player is drawn from the seed).
  const opening = openingOf(game, options, 'explorer', moves);
  if (!opening.ok) return wrapped('search.opening', `the opening cannot be played: ${opening.error.message}`, opening.error, game);
  const key = opening.value.key;
  return key === null
    ? refuse('search.pastOpening', 'that position is past the positions searched')
    : ok({ variant: opening.value.variant, key });
}

/** A refusal by code that wraps the refusal it comes of (a move's, the options'), named by the game's title. */
const wrapped = (code: string, words: string, cause: Error, game: AnyGame): Result<never> =>
  err(new RulesRefusal(words, { code, values: { game: game.title } }, cause));

/** The query asked for, players found by name; null when a named player does not exist (nothing to find). */
async function queryOf(store: GameStore, asked: Asked, position: Position | null): Promise<Omit<GamesDbQuery, 'limit'> | null> {
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
    // The moves as a prefix, unless they were asked as the position they reach.
    ...(asked.opening && asked.match !== 'position' ? { opening: asked.opening.split(',').map((m) => m.trim()) } : {}),
    ...(position ? { position } : {}),
    ...(at !== undefined && id !== undefined ? { after: { createdAt: Number(at), id } } : {}),
  };
  return fields;
}
