import type { HubSettings } from './hub.ts';
import type { IdentityLimits } from './identity/routes.ts';
import type { SessionSettings } from './identity/sessions.ts';
import type { PoolSettings } from './pools.ts';
import type { ReviewSettings } from './reviews.ts';
import type { DirectorSettings } from './tournaments/director.ts';

/** What an operator (or a test) may set of the online server: its limits, its services' timings, its neighbours. */
export interface OnlineLimits {
  /** Requests a second an address may make on /api once its burst is spent. */
  readonly rate?: number;
  /** Messages a second a WebSocket connection may send once its burst is spent. */
  readonly messageRate?: number;
  /** Outside Hive players (`uhp:<command line>`, `http:<address>`) games may seat, as the operator allowed them. */
  readonly outsideSeats?: readonly string[];
  /** Redis between instances sharing one PostgreSQL store (REDIS_URL). */
  readonly redisUrl?: string;
  /** With Redis: how often each instance renews its players' presence and reads the others' (HEXARENA_PRESENCE_MS, 2 s). */
  readonly presenceMs?: number;
  /** Claims, sweeps and abandonment (defaults: DEFAULT_HUB_SETTINGS). */
  readonly hub?: Partial<HubSettings>;
  /** How often each WebSocket is pinged; one that has not answered the last ping by the next is closed. */
  readonly pingMs?: number;
  /** Bytes that may wait for a slow client (a socket, a bot's stream) before it is dropped. */
  readonly sendBufferBytes?: number;
  /** Event streams a bot may hold open at once. */
  readonly botStreams?: number;
  /** Games with a seat still open one creator (an account with its bots, an address) may have at once. */
  readonly openGames?: number;
  /** Games of AIs alone one creator (an account with its bots, an address) may have going at once. */
  readonly aiGames?: number;
  /** How often deleted accounts' games left going (a crash mid-deletion) are looked for and ended (a minute). */
  readonly closingSweepMs?: number;
  /** Bots one player may make. */
  readonly botsPerAccount?: number;
  /** Threads the server's AIs think in (one fewer than the cores, at least one). */
  readonly aiThreads?: number;
  /** The origins the site is served from (HEXARENA_ORIGIN); by default, the one each request names. */
  readonly origins?: readonly string[];
  /** Session cookies: Secure and `__Host-` when served over HTTPS (HEXARENA_SECURE_COOKIES), and their lifetimes. */
  readonly sessions?: Partial<SessionSettings>;
  /** Failed logins and new accounts allowed (see IdentityLimits). */
  readonly identity?: IdentityLimits;
  /** The operator's token (HEXARENA_OPERATOR_TOKEN): what asks for the engine ladder's games. */
  readonly operatorToken?: string;
  /** Quick pairing's waves and lease (defaults: DEFAULT_POOL_SETTINGS). */
  readonly pools?: Partial<PoolSettings>;
  /** Reports one account may file a day (HEXARENA_REPORTS_PER_DAY, 10). */
  readonly reportsPerDay?: number;
  /** Computer reviews: how many a player may ask for an hour, and each position's budget (DEFAULT_REVIEW_SETTINGS). */
  readonly reviews?: Partial<Omit<ReviewSettings, 'instance' | 'now' | 'leaseMs'>>;
  /** How often this instance writes its heartbeat (HEARTBEAT_MS): at most that much downtime is charged after a crash. */
  readonly heartbeatMs?: number;
  /** Players one account may follow (MAX_FOLLOWS, 400). */
  readonly maxFollows?: number;
  /** Players one account may block (MAX_BLOCKS, 1,000). */
  readonly maxBlocks?: number;
  /** How often tournaments are directed, and the director's lease (DEFAULT_DIRECTOR_SETTINGS). */
  readonly tournaments?: Partial<Omit<DirectorSettings, 'now'>>;
}
