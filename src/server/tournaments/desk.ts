import type { FastifyReply, FastifyRequest } from 'fastify';
import { botOf } from '../bots.ts';
import type { Identities } from '../identity/identities.ts';
import { Allowance } from '../limits.ts';
import type { GameStore } from '../store.ts';
import type { TournamentChat } from './chat.ts';
import type { StoredTournament } from './store.ts';
import type { TournamentViews } from './views.ts';

/** What the tournament routes share (routes.ts, organising.ts): who asks, what they may spend, the tournament asked about. */

export interface TournamentRoutes {
  readonly store: GameStore;
  readonly identities: Identities;
  readonly now: () => number;
  /** Something changed that the director should look at now rather than at its next tick. */
  readonly nudge: () => void;
  /** Its views, made once a version. */
  readonly views: TournamentViews;
  /** A tournament changed here: its followers here and elsewhere hear it. */
  readonly changed: (id: string) => void;
  /** Its chat: lines read and said here, told to the lobby sockets that follow it. */
  readonly chat: TournamentChat;
}

/** Writes per account: a burst of 20, then one a second. */
const WRITE_BURST = 20;
const WRITE_RATE = 1;

export const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
} as const;

export interface Asker {
  readonly id: string;
  readonly name: string;
}

/** Who asks, and the allowance their writes spend. */
export class Desk {
  readonly writes = new Allowance(WRITE_RATE, WRITE_BURST);
  constructor(readonly settings: TournamentRoutes) {}

  /** A signed-in player (session or personal token), or a 401 sent. */
  async player(request: FastifyRequest, reply: FastifyReply): Promise<Asker | null> {
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send({ error: 'log in first: tournaments are made by players' });
    return null;
  }

  /**
   * Whether `request` is a moderator's (docs/moderation.md): a player's session holding the role, as
   * the moderators' own routes ask it; a personal token is never a moderator.
   */
  async moderates(request: FastifyRequest): Promise<boolean> {
    const identity = await this.settings.identities.of(request);
    return (
      identity?.via === 'session' &&
      identity.account.kind === 'player' &&
      (await this.settings.store.moderation.hasRole(identity.account.id, 'moderator'))
    );
  }

  /** A player or a bot (by its token), or a reply sent. */
  async entrant(request: FastifyRequest, reply: FastifyReply): Promise<Asker | null> {
    const bot = await botOf(this.settings.store, request);
    if (bot === 'unknown') {
      void reply.code(401).send({ error: 'that is not a bot token: register with POST /api/bots' });
      return null;
    }
    if (bot) {
      const account = await this.settings.store.tournaments.botAccount(bot.tokenHash);
      if (account) return { id: account, name: bot.name };
      void reply.code(403).send({ error: `${bot.name} has no account of its own to play tournaments under: register it again` });
      return null;
    }
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send({ error: 'log in first (or send a bot token) to play in a tournament' });
    return null;
  }

  /** A write counted on the account: past its allowance, a 429 sent. */
  spend(account: string, reply: FastifyReply): boolean {
    if (this.writes.take(account, this.settings.now())) return true;
    reply.header('retry-after', '1');
    void reply.code(429).send({ error: 'too many tournament requests at once: try again in a moment' });
    return false;
  }

  /** The tournament in the path, or a 404 sent. */
  async tournament(request: FastifyRequest, reply: FastifyReply): Promise<StoredTournament | null> {
    const { id } = request.params as { id: string };
    const t = await this.settings.store.tournaments.read(id);
    if (!t) void reply.code(404).send({ error: `there is no tournament ${id}` });
    return t;
  }
}
