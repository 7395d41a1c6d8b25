import { randomBytes } from 'node:crypto';
import { parseModeratorRequest, parseReportRequest } from '@hexarena/engines/protocol/index.ts';
import { PROVISIONAL_DEVIATION } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identities, Identity } from '../identity/identities.ts';
import type { Account } from '../identity/store.ts';
import { usernameKey } from '../identity/usernames.ts';
import { refusalBody } from '../refusal-body.ts';
import type { GameStore } from '../store.ts';
import type { ModAction, Sanction, SanctionKind } from './store.ts';

/**
 * Reports and moderation over HTTP (docs/moderation.md): players report players; moderators — a role
 * granted only from the command line — read the queue, mute, ban, reset a boosted rating and close
 * reports, each action written with its audit entry. Everything under /api/mod/ answers anyone who
 * is not a moderator 403 before anything else is looked at: no route, player or report is told apart.
 */

export interface ModerationSettings {
  /** Reports one account may file a day (10). */
  readonly reportsPerDay: number;
  readonly now: () => number;
  /** Ends a banned player's games, challenges, seeks and pool places; `voided`, the games whose seat tokens the ban voided. */
  readonly closePlay: (accountId: string, voided: readonly string[]) => Promise<void>;
}

const DAY_MS = 86_400_000;
const PAGE = 50;
const FOR_MODERATORS = 'for moderators only';
/**
 * The refusals here carry a stable code (`moderation.*`, docs/moderation.md) beside their English
 * words, and the values the words name: the site's pages say them in their player's language.
 */
const forModerators = () => refusalBody('moderation.forModerators', FOR_MODERATORS);
const noPlayer = (name: string) => {
  const shown = name.slice(0, 64);
  return refusalBody('moderation.noPlayer', `there is no player ${shown}`, { name: shown });
};
const noOpenReport = (id: string) => {
  const shown = id.slice(0, 20);
  return refusalBody('moderation.noOpenReport', `there is no open report ${shown}`, { id: shown });
};

/**
 * A player's chat line refused for a mute (or a ban), or null: the code `muted`, the English words
 * bots and scripts read, and a mute for a while's end as a value (`until`, milliseconds since 1970)
 * for the site's pages to say in their player's language, date and time zone.
 */
export function silenced(
  sanctions: readonly Sanction[],
): { readonly code: 'muted'; readonly error: string; readonly values?: { readonly until: number } } | null {
  const mute = sanctions.find((s) => s.kind === 'mute' || s.kind === 'ban');
  if (!mute) return null;
  return mute.until === null
    ? { code: 'muted', error: "the site's moderators have muted you: your chat lines are not shown to anyone" }
    : {
        code: 'muted',
        error: `the site's moderators have muted you until ${new Date(mute.until).toISOString().slice(0, 16).replace('T', ' ')} UTC: your chat lines are not shown to anyone`,
        values: { until: mute.until },
      };
}

export function registerModeration(app: FastifyInstance, store: GameStore, identities: Identities, settings: ModerationSettings): void {
  const mod = new Moderators(store, identities, settings);
  // Every /api/mod/ route (the catch-all below included) is matched before this runs, so no spelling of
  // a path reaches a handler without it; nothing is read or parsed for a request that is refused.
  app.addHook('onRequest', (request, reply) => mod.check(request, reply));
  registerReports(app, mod);
  registerQueue(app, mod);
  registerActions(app, mod);
  // Any other path under /api/mod/: a moderator hears there is none (the others were refused above).
  app.all('/api/mod/*', async (_request, reply) =>
    reply.code(404).send(refusalBody('moderation.noSuchRequest', 'there is no such moderators’ request')),
  );
}

/** Who may moderate, checked once a request; the players they act on; the audit entries they write. */
class Moderators {
  private readonly checked = new WeakMap<FastifyRequest, Identity>();

  constructor(
    readonly store: GameStore,
    readonly identities: Identities,
    readonly settings: ModerationSettings,
  ) {}

  /** Refuses (403) a request under /api/mod/ from anyone but a moderator logged in with a session. */
  async check(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (!request.routeOptions.url?.startsWith('/api/mod/')) return;
    const identity = await this.identities.of(request);
    if (!identity || !(await this.identities.moderates(identity))) return reply.code(403).send(forModerators());
    this.checked.set(request, identity);
    return undefined;
  }

  moderatorOf(request: FastifyRequest): Identity {
    const identity = this.checked.get(request);
    if (!identity) throw new Error('a moderator route ran without the moderators’ check');
    return identity;
  }

  /** A player's or a bot's account by name: what reports and actions are about. */
  async playerNamed(name: string): Promise<Account | null> {
    if (name.length > 64) return null;
    const account = await this.store.accounts.byKey(usernameKey(name));
    return account && (account.kind === 'player' || account.kind === 'bot') ? account : null;
  }

  /** The player an action is about, or the reply that refuses it sent: no such player, oneself, another moderator. */
  async target(request: FastifyRequest, reply: FastifyReply): Promise<Account | null> {
    const { name } = request.params as { name: string };
    const account = await this.playerNamed(name);
    if (!account) {
      void reply.code(404).send(noPlayer(name));
      return null;
    }
    if (account.id === this.moderatorOf(request).account.id) {
      void reply.code(403).send(refusalBody('moderation.ownAccount', 'a moderator does not act on their own account'));
      return null;
    }
    if (await this.store.moderation.hasRole(account.id, 'moderator')) {
      void reply.code(403).send(
        refusalBody(
          'moderation.isModerator',
          `${account.name} is a moderator: the operator revokes the role first, from the command line`,
          {
            name: account.name,
          },
        ),
      );
      return null;
    }
    return account;
  }

  /** The audit log's entry of an action. */
  entry(moderator: Identity, action: string, target: string | null, note: string, at = this.settings.now()): ModAction {
    return { at, moderator: moderator.account.id, action, target, note };
  }
}

/** Players report players. */
function registerReports(app: FastifyInstance, mod: Moderators): void {
  app.post('/api/reports', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const identity = await mod.identities.of(request);
    if (identity?.account.kind !== 'player')
      return reply.code(401).send(refusalBody('moderation.logInToReport', 'log in to report a player'));
    const asked = parseReportRequest(request.body);
    if (!asked.ok) return reply.code(400).send(refusalBody(asked.error));
    const { player, reason, game, text } = asked.value;
    const reported = await mod.playerNamed(player);
    if (!reported) return reply.code(404).send(noPlayer(player));
    if (reported.id === identity.account.id)
      return reply.code(400).send(refusalBody('moderation.reportYourself', 'you cannot report yourself'));
    if (game !== undefined && !(await mod.store.games.read(game)))
      return reply.code(400).send(refusalBody('moderation.noGame', `there is no game ${game}`, { game }));
    const at = mod.settings.now();
    const refused = await mod.store.moderation.fileReport(
      {
        id: randomBytes(9).toString('base64url'),
        reporter: identity.account.id,
        reported: reported.id,
        reason,
        gameId: game ?? null,
        text,
        at,
      },
      at - DAY_MS,
      mod.settings.reportsPerDay,
    );
    if (refused === 'too-many') {
      reply.header('retry-after', '3600');
      const count = mod.settings.reportsPerDay;
      return reply
        .code(429)
        .send(refusalBody('moderation.tooManyReports', `an account files at most ${count} reports a day: try again later`, { count }));
    }
    if (refused === 'duplicate')
      return reply.code(409).send(
        refusalBody('moderation.reportedAlready', `you have reported ${reported.name} already; the moderators will read it`, {
          name: reported.name,
        }),
      );
    return reply.code(201).send({ reported: reported.name });
  });
}

/** The moderators' reading: who they are, the reports, the audit log, a player's record. */
function registerQueue(app: FastifyInstance, mod: Moderators): void {
  app.get('/api/mod/me', async (request) => ({ name: mod.moderatorOf(request).account.name, moderator: true }));

  app.get('/api/mod/reports', async (request, reply) => {
    const { closed, before } = request.query as { closed?: string; before?: string };
    const from = before === undefined ? undefined : Number(before);
    if (from !== undefined && !Number.isSafeInteger(from)) return reply.code(400).send({ error: 'before is a time in milliseconds' });
    reply.header('cache-control', 'no-store');
    return { reports: await mod.store.moderation.reports(closed !== '1' && closed !== 'true', PAGE, from) };
  });

  app.post('/api/mod/reports/:id/close', { bodyLimit: 4096 }, async (request, reply) => {
    const moderator = mod.moderatorOf(request);
    const { id } = request.params as { id: string };
    const asked = parseModeratorRequest(request.body);
    if (!asked.ok) return reply.code(400).send(refusalBody(asked.error));
    const report = id.length > 20 ? null : await mod.store.moderation.report(id);
    if (!report || report.closedAt !== null) return reply.code(404).send(noOpenReport(id));
    const closed = await mod.store.moderation.closeReport(id, {
      ...mod.entry(moderator, 'close-report', report.reported, asked.value.note),
      details: { report: id, reason: report.reason },
    });
    return closed ? { closed: true } : reply.code(404).send(noOpenReport(id));
  });

  app.get('/api/mod/log', async (request, reply) => {
    const { before } = request.query as { before?: string };
    const from = before === undefined ? undefined : Number(before);
    if (from !== undefined && !Number.isSafeInteger(from)) return reply.code(400).send({ error: 'before is an entry number' });
    reply.header('cache-control', 'no-store');
    return { log: await mod.store.moderation.log(PAGE, from) };
  });

  app.get('/api/mod/players/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const account = await mod.playerNamed(name);
    if (!account) return reply.code(404).send(noPlayer(name));
    const [sanctions, moderator, ratings, open] = await Promise.all([
      mod.store.moderation.sanctionsOf(account.id, mod.settings.now()),
      mod.store.moderation.hasRole(account.id, 'moderator'),
      mod.store.ratings.of(account.id),
      mod.store.moderation.reports(true, 1_000),
    ]);
    reply.header('cache-control', 'no-store');
    return {
      name: account.name,
      kind: account.kind,
      createdAt: account.createdAt,
      moderator,
      sanctions,
      ratings: ratings.map((r) => ({
        perf: r.perf,
        rating: Math.round(r.rating),
        games: r.games,
        provisional: r.deviation >= PROVISIONAL_DEVIATION,
      })),
      reports: open.filter((r) => r.reported === account.id),
    };
  });
}

/** The moderators' actions on a player: mute, ban and their lifting, a rating reset. */
function registerActions(app: FastifyInstance, mod: Moderators): void {
  const sanctionRoute = (action: string, kind: SanctionKind, give: boolean) =>
    app.post(`/api/mod/players/:name/${action}`, { bodyLimit: 4096 }, async (request, reply) => {
      const moderator = mod.moderatorOf(request);
      const asked = parseModeratorRequest(request.body, kind === 'mute' && give);
      if (!asked.ok) return reply.code(400).send(refusalBody(asked.error));
      const account = await mod.target(request, reply);
      if (!account) return reply;
      const at = mod.settings.now();
      const note = asked.value.note;
      if (!give) {
        if (!(await mod.store.moderation.lift(account.id, kind, mod.entry(moderator, action, account.id, note, at))))
          return reply.code(409).send(
            refusalBody(
              kind === 'ban' ? 'moderation.notBanned' : 'moderation.notMuted',
              `${account.name} is not ${kind === 'ban' ? 'banned' : 'muted'}`,
              {
                name: account.name,
              },
            ),
          );
        return { [kind === 'ban' ? 'banned' : 'muted']: false };
      }
      const until = asked.value.minutes === undefined ? null : at + asked.value.minutes * 60_000;
      const voided = await mod.store.moderation.sanction(account.id, kind, until, {
        ...mod.entry(moderator, action, account.id, note, at),
        details: { until },
      });
      if (kind === 'ban') await mod.settings.closePlay(account.id, voided);
      return reply.code(201).send({ [kind === 'ban' ? 'banned' : 'muted']: true, until });
    });
  sanctionRoute('mute', 'mute', true);
  sanctionRoute('unmute', 'mute', false);
  sanctionRoute('ban', 'ban', true);
  sanctionRoute('unban', 'ban', false);

  app.post('/api/mod/players/:name/rating-reset', { bodyLimit: 4096 }, async (request, reply) => {
    const moderator = mod.moderatorOf(request);
    const asked = parseModeratorRequest(request.body);
    if (!asked.ok) return reply.code(400).send(refusalBody(asked.error));
    const account = await mod.target(request, reply);
    if (!account) return reply;
    return reply
      .code(201)
      .send(await mod.store.moderation.resetRatings(account.id, mod.entry(moderator, 'rating-reset', account.id, asked.value.note)));
  });
}
