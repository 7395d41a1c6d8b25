import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { usernameKey } from '../identity/usernames.ts';
import { refusalBody } from '../refusal-body.ts';
import { type Asker, type Desk, ID_PARAMS } from './desk.ts';
import type { StoredTournament } from './store.ts';
import { BODY_LIMIT, EDIT_BODY, type EditBody, editOf, invitedOf } from './tournament-body.ts';

/**
 * A tournament's organising over HTTP (docs/tournaments.md): its organiser — or any of the site's
 * moderators, who may act on every tournament — starts it, edits it before its start, cancels it,
 * pauses and resumes it, finishes it early, and disqualifies a player. Only its organiser reads its invitation.
 */

const DISQUALIFY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['player'],
  properties: { player: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const notRunning = (name: string) => refusalBody('tournaments.notRunning', `${name} is not running`, { name });
export const over = (name: string) => refusalBody('tournaments.over', `${name} is over`, { name });

/** Who acts on a tournament: its organiser, or a moderator who does not organise it (their acts are audited). */
interface Acting {
  readonly t: StoredTournament;
  readonly me: Asker;
  readonly moderator: boolean;
}

/** The tournament in the path when its organiser or a moderator asks (counted on their writes), else null and a reply sent. */
function organised(desk: Desk) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Acting | null> => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me.id, reply)) return null;
    const t = await desk.tournament(request, reply);
    if (!t) return null;
    if (t.organiser === me.id) return { t, me, moderator: false };
    if (await desk.moderates(request)) return { t, me, moderator: true };
    void reply.code(403).send(
      refusalBody('tournaments.organiserOnly', `only ${t.organiserName}, who organises ${t.name}, may do that`, {
        organiser: t.organiserName,
        name: t.name,
      }),
    );
    return null;
  };
}

/** A moderator's act on a tournament not theirs, written in the moderators' audit log (docs/moderation.md). */
async function audit(desk: Desk, acting: Acting, what: string, target: string | null = null): Promise<void> {
  if (!acting.moderator) return;
  const { t, me } = acting;
  await desk.settings.store.moderation.record({
    at: desk.settings.now(),
    moderator: me.id,
    action: `tournament-${what}`,
    target,
    note: `${t.name} (${t.organiserName}'s)`,
    details: { tournament: t.id },
  });
}

/**
 * An invitation's link and list, read again by its organiser alone (the create answer told the code
 * once; a page opened later shows both): anyone else is refused, and no cache keeps it.
 */
function registerInvitationRead(app: FastifyInstance, desk: Desk): void {
  app.get('/api/tournaments/:id/invite', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    if (t.organiser !== me.id)
      return reply.code(403).send(
        refusalBody('tournaments.invitationOrganiserOnly', `only ${t.organiserName}, who organises ${t.name}, may read its invitation`, {
          organiser: t.organiserName,
          name: t.name,
        }),
      );
    if (!t.settings.invite)
      return reply
        .code(404)
        .send(refusalBody('tournaments.noInvitation', `${t.name} is open to all: it has no invitation`, { name: t.name }));
    return reply
      .header('cache-control', 'no-store')
      .send({ invite: t.settings.invite, invited: (t.settings.invited ?? []).map((i) => i.name) });
  });
}

export function registerOrganising(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  const organiser = organised(desk);
  registerInvitationRead(app, desk);
  app.post('/api/tournaments/:id/start', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const acting = await organiser(request, reply);
    if (!acting) return reply;
    const { t } = acting;
    if (!(await store.tournaments.startAt(t.id, now())))
      return reply.code(409).send(refusalBody('tournaments.startedAlready', `${t.name} has started already`, { name: t.name }));
    await audit(desk, acting, 'start');
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { starting: true };
  });
  // Cancelled before it starts: it and its entries are gone (once it runs, its organiser finishes it instead).
  app.post('/api/tournaments/:id/cancel', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const acting = await organiser(request, reply);
    if (!acting) return reply;
    const { t } = acting;
    if (!(await store.tournaments.cancel(t.id)))
      return reply
        .code(409)
        .send(refusalBody('tournaments.startedCancel', `${t.name} has started: finish it rather than cancel it`, { name: t.name }));
    await audit(desk, acting, 'cancel');
    return { cancelled: true };
  });
  // Paused while it runs (results still count, its end still comes, nothing is paired), then resumed.
  for (const [word, halted] of [
    ['halt', true],
    ['resume', false],
  ] as const)
    app.post(`/api/tournaments/:id/${word}`, { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
      const acting = await organiser(request, reply);
      if (!acting) return reply;
      const { t } = acting;
      if (!(await store.tournaments.halt(t.id, halted)))
        return reply
          .code(409)
          .send(
            t.state !== 'running'
              ? notRunning(t.name)
              : halted
                ? refusalBody('tournaments.pausedAlready', `${t.name} is paused already`, { name: t.name })
                : refusalBody('tournaments.goingOnAlready', `${t.name} is going on already`, { name: t.name }),
          );
      await audit(desk, acting, word);
      desk.settings.changed(t.id);
      desk.settings.nudge();
      return { halted };
    });
  // Finished early: no round (or wave) is paired after this; the games under way are played out.
  app.post('/api/tournaments/:id/finish', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const acting = await organiser(request, reply);
    if (!acting) return reply;
    const { t } = acting;
    if (!(await store.tournaments.endAt(t.id, now()))) return reply.code(409).send(notRunning(t.name));
    await audit(desk, acting, 'finish');
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { finishing: true };
  });
}

export function registerEditing(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  const organiser = organised(desk);
  // Edited before its start: what the body names changes, checked as a new tournament is; a clock that
  // changes its kind of game (its rating) takes its entries' ratings in the new kind, in the same write.
  const editing = { bodyLimit: BODY_LIMIT, schema: { params: ID_PARAMS, body: EDIT_BODY } };
  app.post('/api/tournaments/:id/edit', editing, async (request, reply) => {
    const acting = await organiser(request, reply);
    if (!acting) return reply;
    const { t } = acting;
    const started = () =>
      reply.code(409).send(refusalBody('tournaments.startedEdit', `${t.name} has started: it can no longer be edited`, { name: t.name }));
    if (t.state !== 'created') return started();
    const body = request.body as EditBody;
    const named = body.invited ? await invitedOf(store, body.invited) : undefined;
    if (named && !Array.isArray(named)) return reply.code(400).send(named);
    const edit = editOf(t, body, named, now());
    // A field's refusal, in English alone (tournament-body.ts: the site's form never sends one).
    if (typeof edit === 'string') return reply.code(400).send({ error: edit });
    const perf = perfOf(t.game, edit.clock);
    const ratings = new Map<string, number>();
    if (perf !== perfOf(t.game, t.clock))
      for (const e of await store.tournaments.entries(t.id))
        ratings.set(e.account, (await store.ratings.of(e.account)).find((r) => r.perf === perf)?.rating ?? 1500);
    if (!(await store.tournaments.edit(t.id, edit, ratings))) return started();
    await audit(desk, acting, 'edit');
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { edited: true };
  });
  // Disqualified: never paired again nor let back in; a game under way is played out. An arena's
  // standings leave them out (as lichess's); a Swiss or round robin counts them withdrawn.
  const disqualifying = { bodyLimit: 1024, schema: { params: ID_PARAMS, body: DISQUALIFY_BODY } };
  app.post('/api/tournaments/:id/disqualify', disqualifying, async (request, reply) => {
    const acting = await organiser(request, reply);
    if (!acting) return reply;
    const { t } = acting;
    const { player } = request.body as { player: string };
    const entry = (await store.tournaments.entries(t.id)).find((e) => usernameKey(e.name) === usernameKey(player));
    if (!entry)
      return reply.code(404).send(refusalBody('tournaments.notPlaying', `${player} is not playing in ${t.name}`, { player, name: t.name }));
    if (t.state === 'finished') return reply.code(409).send(over(t.name));
    if (!(await store.tournaments.setEntry(t.id, entry.account, 'disqualified')))
      return reply
        .code(409)
        .send(refusalBody('tournaments.disqualifiedAlready', `${entry.name} is disqualified already`, { player: entry.name }));
    await audit(desk, acting, 'disqualify', entry.account);
    desk.settings.changed(t.id);
    desk.settings.nudge();
    return { disqualified: entry.name };
  });
}
