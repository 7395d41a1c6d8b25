import type { FastifyReply, FastifyRequest } from 'fastify';
import { botOf } from '../bots.ts';
import type { Identities, Identity } from '../identity/identities.ts';
import { Allowance } from '../limits.ts';
import { subscriberOf } from '../network.ts';
import { refusalBody } from '../refusal-body.ts';
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

/**
 * Public reads that cost a store read each (a tournament's chat, whether one is invited), per route and
 * per owner: a burst of 30, then 5 a second — a page reads each once, again on a reconnection.
 */
const READ_BURST = 30;
const READ_RATE = 5;

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
  /** Each public read route's allowance, by the route the router matched (any spelling of a path spends the same). */
  private readonly reads = new Map<string, Allowance>();
  constructor(readonly settings: TournamentRoutes) {}

  /**
   * A public read counted on its route and its owner — a player's account, or the address's
   * subscriber for a guest or one signed out — before the tournament is read: past its allowance, a 429 sent
   * and null. A flood spends its owner's allowance alone; another reader's is their own.
   */
  async reader(request: FastifyRequest, reply: FastifyReply): Promise<{ readonly identity: Identity | null } | null> {
    const route = request.routeOptions.url ?? request.url;
    let allowance = this.reads.get(route);
    if (!allowance) {
      allowance = new Allowance(READ_RATE, READ_BURST);
      this.reads.set(route, allowance);
    }
    const identity = await this.settings.identities.of(request);
    // A player by their account; a guest (cheap to make) or nobody by the address, as owners.ts counts them.
    const owner = identity?.account.kind === 'player' ? `account ${identity.account.id}` : `address ${subscriberOf(request.ip)}`;
    if (allowance.take(owner, this.settings.now())) return { identity };
    reply.header('retry-after', '1');
    void reply.code(429).send({ code: 'too-many-reads', error: `too many reads at once: at most ${READ_RATE} a second` });
    return null;
  }

  /** A signed-in player (session or personal token), or a 401 sent. */
  async player(request: FastifyRequest, reply: FastifyReply): Promise<Asker | null> {
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send(refusalBody('tournaments.logIn', 'log in first: tournaments are made by players'));
    return null;
  }

  /**
   * Whether `request` is a moderator's (docs/moderation.md): a player's session holding the role, as
   * the moderators' own routes ask it; a personal token is never a moderator.
   */
  async moderates(request: FastifyRequest): Promise<boolean> {
    return this.settings.identities.moderates(await this.settings.identities.of(request));
  }

  /** A player or a bot (by its token), or a reply sent. */
  async entrant(request: FastifyRequest, reply: FastifyReply): Promise<Asker | null> {
    const bot = await botOf(this.settings.store, request);
    if (bot === 'unknown') {
      void reply.code(401).send(refusalBody('tournaments.notABotToken', 'that is not a bot token: register with POST /api/bots'));
      return null;
    }
    if (bot) {
      const account = await this.settings.store.tournaments.botAccount(bot.tokenHash);
      if (account) return { id: account, name: bot.name };
      void reply.code(403).send(
        refusalBody('tournaments.botAccount', `${bot.name} has no account of its own to play tournaments under: register it again`, {
          name: bot.name,
        }),
      );
      return null;
    }
    const identity = await this.settings.identities.of(request);
    if (identity?.account.kind === 'player') return identity.account;
    void reply.code(401).send(refusalBody('tournaments.logInToPlay', 'log in first (or send a bot token) to play in a tournament'));
    return null;
  }

  /** A write counted on the account: past its allowance, a 429 sent. */
  spend(account: string, reply: FastifyReply): boolean {
    if (this.writes.take(account, this.settings.now())) return true;
    reply.header('retry-after', '1');
    void reply.code(429).send(refusalBody('tournaments.tooFast', 'too many tournament requests at once: try again in a moment'));
    return false;
  }

  /** The tournament in the path, or a 404 sent. */
  async tournament(request: FastifyRequest, reply: FastifyReply): Promise<StoredTournament | null> {
    const { id } = request.params as { id: string };
    const t = await this.settings.store.tournaments.read(id);
    if (!t) void reply.code(404).send(noSuchTournament(id));
    return t;
  }
}

/** A tournament nobody made (or one cancelled): its id is the asker's, said back. */
export const noSuchTournament = (id: string) => refusalBody('tournaments.noSuch', `there is no tournament ${id}`, { id });
