import { perfOf } from '@hexarena/engines/ratings/index.ts';
import type { FastifyInstance } from 'fastify';
import { formatTrf } from '../../tournaments/trf.ts';
import { usernameKey } from '../identity/usernames.ts';
import { refusalBody } from '../refusal-body.ts';
import { tournamentsOf } from '../social/player-tournaments.ts';
import { registerTournamentChat } from './chat-routes.ts';
import { entryRefusal } from './conditions.ts';
import { Desk, ID_PARAMS, noSuchTournament, type TournamentRoutes } from './desk.ts';
import { over, registerEditing, registerOrganising } from './organising.ts';
import type { EntryState, TournamentState } from './store.ts';
import { swissTournament } from './swiss-trf.ts';
import { BODY_LIMIT, CREATE_BODY, type CreateBody, invitedOf, tournamentOf } from './tournament-body.ts';
import { summaryOf } from './views.ts';

export type { TournamentRoutes };

/**
 * Tournaments over HTTP (docs/tournaments.md): made by a signed-in organiser, listed, read with
 * their standings and pairings, joined and left by players (by their session or personal token)
 * and bots (by their token), started and finished early by their organiser. Every body is checked
 * by its schema at the edge; writes are counted per account.
 */

const LIST_LIMIT = 50;
/** Tournaments one organiser may have made or running at once: each is the director's work every tick. */
export const UNFINISHED_EACH = 5;

const NAME_PARAMS = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
const LIST_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { state: { enum: ['upcoming', 'running', 'finished'] } },
} as const;

export function registerTournaments(app: FastifyInstance, settings: TournamentRoutes): void {
  const desk = new Desk(settings);
  registerCreate(app, desk);
  registerReads(app, desk);
  registerEntries(app, desk);
  registerOrganising(app, desk);
  registerEditing(app, desk);
  registerTournamentChat(app, desk, settings.chat);
}

function registerCreate(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  app.post('/api/tournaments', { bodyLimit: BODY_LIMIT, schema: { body: CREATE_BODY } }, async (request, reply) => {
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me.id, reply)) return reply;
    if ((await store.tournaments.unfinishedBy(me.id)) >= UNFINISHED_EACH)
      return reply
        .code(409)
        .send(
          refusalBody(
            'tournaments.tooManyUnfinished',
            `you organise ${UNFINISHED_EACH} tournaments that have not finished: finish one, or wait for one to end`,
            { count: UNFINISHED_EACH },
          ),
        );
    const body = request.body as CreateBody;
    const made = tournamentOf(body, me, now());
    // A field's refusal, in English alone (tournament-body.ts: the site's form never sends one).
    if (typeof made === 'string') return reply.code(400).send({ error: made });
    const invited = body.invited ? await invitedOf(store, body.invited) : undefined;
    if (invited && !Array.isArray(invited)) return reply.code(400).send(invited);
    await store.tournaments.create(invited?.length ? { ...made, settings: { ...made.settings, invited } } : made);
    desk.settings.nudge();
    // An invitation's code is told to its organiser here, once: the link they share.
    return reply.code(201).send({ id: made.id, ...(made.settings.invite ? { invite: made.settings.invite } : {}) });
  });
}

const STATES: Record<string, TournamentState> = { upcoming: 'created', running: 'running', finished: 'finished' };

function registerReads(app: FastifyInstance, desk: Desk): void {
  const { store } = desk.settings;
  app.get('/api/tournaments', { schema: { querystring: LIST_QUERY } }, async (request) => {
    const { state } = request.query as { state?: string };
    const states = state ? [STATES[state] as TournamentState] : (['created', 'running', 'finished'] as const);
    const lists = await Promise.all(states.map((s) => store.tournaments.list(s, LIST_LIMIT)));
    return { tournaments: lists.flat().map(summaryOf) };
  });
  // A player's tournaments for their profile: each with where they placed once it is over, or stand while it runs.
  app.get('/api/players/:name/tournaments', { schema: { params: NAME_PARAMS } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const account = await store.accounts.byKey(usernameKey(name));
    if (!account || (account.kind !== 'player' && account.kind !== 'bot'))
      return reply.code(404).send(refusalBody('tournaments.noPlayer', `there is no player ${name}`, { name }));
    return { tournaments: await tournamentsOf(store, desk.settings.views, account, LIST_LIMIT) };
  });
  // Which tournament and round a game was paired in: its page links back there rather than offering a rematch.
  app.get('/api/games/:id/tournament', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const of = await store.tournaments.ofGame(id);
    const t = of && (await store.tournaments.read(of.tournament));
    if (!of || !t) return reply.code(404).send(refusalBody('tournaments.noGame', `game ${id} is no tournament's`, { id }));
    return { id: t.id, name: t.name, kind: t.kind, round: of.round, state: t.state };
  });
  app.get('/api/tournaments/:id', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    // Made once a version, however many pages read it; its version is what the lobby socket's events follow.
    const view = await desk.settings.views.view(id);
    if (!view) return reply.code(404).send(noSuchTournament(id));
    return view;
  });
  // Whether the asking player is among those its organiser invited by name: their page says "you are
  // invited" rather than asking for the link. Nobody learns who else is.
  app.get('/api/tournaments/:id/invited', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    // Counted before the tournament is read.
    const asker = await desk.reader(request, reply);
    if (!asker) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    const me = asker.identity?.account;
    const invited = me?.kind === 'player' && (t.settings.invited ?? []).some((i) => i.account === me.id);
    return reply.header('cache-control', 'no-store').send({ invited });
  });
  // A Swiss as FIDE's Tournament Report File, through its complete rounds: what `hexarena swiss export` fetches.
  app.get('/api/tournaments/:id/trf', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    if (t.kind !== 'swiss')
      return reply
        .code(409)
        .send(refusalBody('tournaments.notSwiss', `${t.name} is not a Swiss: only a Swiss is written as TRF`, { name: t.name }));
    const [entries, pairings] = await Promise.all([store.tournaments.entries(t.id), store.tournaments.pairings(t.id)]);
    return reply.type('text/plain; charset=utf-8').send(formatTrf(swissTournament(t, entries, pairings)));
  });
}

const ENTRY_WORDS: Record<string, EntryState> = { withdraw: 'withdrawn', pause: 'paused' };

function registerEntries(app: FastifyInstance, desk: Desk): void {
  const { store, now } = desk.settings;
  app.post('/api/tournaments/:id/join', { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
    const me = await desk.entrant(request, reply);
    if (!me || !desk.spend(me.id, reply)) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    const perf = perfOf(t.game, t.clock);
    const mine = (await store.ratings.of(me.id)).find((r) => r.perf === perf);
    const rating = mine?.rating ?? 1500;
    const invite = (request.body as { invite?: unknown } | null | undefined)?.invite;
    // Checked at entry: one who entered already (paused, withdrawn) comes back without them.
    const entered = (await store.tournaments.entries(t.id)).some((e) => e.account === me.id);
    const refused = entered
      ? null
      : entryRefusal(t, { account: me.id, ratedGames: mine?.games ?? 0, rating }, typeof invite === 'string' ? invite : undefined);
    if (refused) return reply.code(403).send(refused);
    const joined = await store.tournaments.join(t.id, { account: me.id, name: me.name, rating, joinedAt: now() });
    if (joined === 'disqualified')
      return reply
        .code(403)
        .send({ code: 'tournament-disqualified', error: `you were disqualified from ${t.name}: you may not play in it again` });
    if (joined === 'closed')
      return reply
        .code(409)
        .send(
          t.state === 'finished'
            ? over(t.name)
            : refusalBody('tournaments.noLateEntries', `${t.name} has started: a round robin takes no late entries`, { name: t.name }),
        );
    if (joined === 'joined') desk.settings.changed(t.id);
    desk.settings.nudge();
    return { joined: true, already: joined === 'already' };
  });
  for (const [word, state] of Object.entries(ENTRY_WORDS))
    app.post(`/api/tournaments/:id/${word}`, { bodyLimit: 1024, schema: { params: ID_PARAMS } }, async (request, reply) => {
      const me = await desk.entrant(request, reply);
      if (!me || !desk.spend(me.id, reply)) return reply;
      const t = await desk.tournament(request, reply);
      if (!t) return reply;
      if (!(await store.tournaments.setEntry(t.id, me.id, state)))
        return reply.code(409).send(refusalBody('tournaments.notEntered', `you are not playing in ${t.name}`, { name: t.name }));
      desk.settings.changed(t.id);
      return { state };
    });
}
