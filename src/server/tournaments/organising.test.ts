import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from '../in-process.testing.ts';
import { Browser, signUp } from '../online.testing.ts';

/**
 * What the tournament pages ask of the server beyond making and joining: an organiser cancels a
 * tournament that has not started (from the site's own pages only), a profile lists a player's
 * tournaments, a game's page learns which tournament and round it was paired in, and a player's
 * lobby socket hears of their game when it is made.
 */
let site: Awaited<ReturnType<typeof serveInProcess>>;
let organiser: Browser;
let player: Browser;

beforeAll(async () => {
  site = await serveInProcess('tournament-organising', { identity: { signupsPerHour: 100 } });
  organiser = new Browser(site.base, '127.0.0.1');
  player = new Browser(site.base, '127.0.0.1');
  expect((await signUp(organiser, 'orla')).status).toBe(201);
  expect((await signUp(player, 'pim')).status).toBe(201);
});
afterAll(async () => site?.close());

const make = async (name: string) => {
  const made = await organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name, game: 'hive', rounds: 3, startsAt: null });
  expect(made.status).toBe(201);
  return (made.json as { id: string }).id;
};

describe('organising a tournament from its page', () => {
  it('its organiser cancels it before it starts; not another player, not another site, not once it runs', async () => {
    const id = await make('Cancelled cup');
    expect((await player.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    // Another site's page, with the organiser's cookie: refused before anything is read.
    const foreign = await organiser.ask('POST', `/api/tournaments/${id}/cancel`, undefined, {
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    const byPlayer = await player.ask('POST', `/api/tournaments/${id}/cancel`);
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.json).toEqual({
      code: 'tournaments.organiserOnly',
      error: 'only orla, who organises Cancelled cup, may do that',
      values: { organiser: 'orla', name: 'Cancelled cup' },
    });
    expect((await organiser.ask('GET', `/api/tournaments/${id}`)).status).toBe(200);
    expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).json).toEqual({ cancelled: true });
    expect((await organiser.ask('GET', `/api/tournaments/${id}`)).status).toBe(404);
    expect((await player.ask('GET', '/api/players/pim/tournaments')).json).toEqual({ tournaments: [] });
    expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).json).toEqual({
      code: 'tournaments.noSuch',
      error: `there is no tournament ${id}`,
      values: { id },
    });

    const running = await make('Running cup');
    expect((await organiser.ask('POST', `/api/tournaments/${running}/start`)).status).toBe(200);
    const late = await organiser.ask('POST', `/api/tournaments/${running}/cancel`);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({
      code: 'tournaments.startedCancel',
      error: 'Running cup has started: finish it rather than cancel it',
      values: { name: 'Running cup' },
    });
    expect((await organiser.ask('POST', `/api/tournaments/${running}/start`)).json).toEqual({
      code: 'tournaments.startedAlready',
      error: 'Running cup has started already',
      values: { name: 'Running cup' },
    });
  });

  it('a profile lists the tournaments a player entered, latest first; a game names its tournament and round', async () => {
    const id = await make('Pim’s cup');
    expect((await player.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    const listed = (await player.ask('GET', '/api/players/PIM/tournaments')).json as {
      tournaments: { id: string; name: string; place: unknown }[];
    };
    expect(listed.tournaments[0]).toMatchObject({ id, name: 'Pim’s cup', state: 'created', place: null });
    expect((await player.ask('GET', '/api/players/nobody/tournaments')).json).toEqual({
      code: 'tournaments.noPlayer',
      error: 'there is no player nobody',
      values: { name: 'nobody' },
    });
    expect((await player.ask('GET', '/api/games/nothing/tournament')).json).toEqual({
      code: 'tournaments.noGame',
      error: "game nothing is no tournament's",
      values: { id: 'nothing' },
    });
    expect((await player.ask('GET', '/api/games/nogame/tournament')).status).toBe(404);
    // Its organiser plays too; started, its first round is paired (the start nudges the director).
    expect((await organiser.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    // Pim's lobby socket (the home page's) is told of the game once it is made.
    const lobby = await player.lobby();
    // Its challenges are told once the socket knows Pim: the notices are listened for from then on.
    await lobby.next((m) => m.type === 'challenges');
    expect((await organiser.ask('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    const told = await lobby.next((m) => m.type === 'tournament-game');
    lobby.close();
    let game: string | null = null;
    while (game === null) {
      const read = (await player.ask('GET', `/api/tournaments/${id}`)).json as { pairings: { game: string | null }[] };
      game = read.pairings[0]?.game ?? null;
      if (game === null) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(told).toEqual({ type: 'tournament-game', tournament: id, game });
    expect((await player.ask('GET', `/api/games/${game}/tournament`)).json).toEqual({
      id,
      name: 'Pim’s cup',
      kind: 'swiss',
      round: 1,
      state: 'running',
    });
  });

  it('entry conditions: rated games, a rating range and an invitation link, each refusal with its code and words', async () => {
    const create = (name: string, conditions: Record<string, unknown>) =>
      organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name, game: 'hex', rounds: 3, startsAt: null, conditions });
    expect((await create('Bad range', { minRating: 1800, maxRating: 1600 })).json).toEqual({
      error: '"conditions": "minRating" is at most "maxRating"',
    });
    expect((await create('Unknown', { minAge: 3 })).status).toBe(400);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ minRatedGames: 5 }, 'tournament-rated-games', 'Veterans takes players with at least 5 rated games of its kind: you have 0'],
      [{ minRating: 1600 }, 'tournament-rating-low', 'Veterans takes players rated 1600 or more: you are rated 1500'],
      [{ maxRating: 1400 }, 'tournament-rating-high', 'Veterans takes players rated 1400 or less: you are rated 1500'],
    ];
    for (const [conditions, code, error] of cases) {
      const made = await create('Veterans', conditions);
      const id = (made.json as { id: string }).id;
      expect(made.json).not.toHaveProperty('invite');
      // Open to all but its conditions: there is no invitation to read.
      expect((await organiser.ask('GET', `/api/tournaments/${id}/invite`)).status).toBe(404);
      expect((await organiser.ask('GET', `/api/tournaments/${id}`)).json?.tournament).toMatchObject({ conditions });
      const refused = await player.ask('POST', `/api/tournaments/${id}/join`);
      expect([refused.status, refused.json]).toEqual([403, { code, error }]);
      expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).status).toBe(200);
    }
    // By invitation: its code told to its organiser once, in nothing anyone reads; the link lets in.
    const made = await create('Friends', { inviteOnly: true });
    const { id, invite } = made.json as { id: string; invite: string };
    expect(invite).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const read = await organiser.ask('GET', `/api/tournaments/${id}`);
    expect(read.json?.tournament).toMatchObject({ conditions: { inviteOnly: true } });
    // By its link alone: nobody named, and the page says the link.
    expect(read.json?.tournament).not.toHaveProperty('invitesByName');
    expect(read.text).not.toContain(invite);
    // Its organiser reads the code again (a page opened later shows the link); nobody else does.
    const again = await organiser.ask('GET', `/api/tournaments/${id}/invite`);
    expect([again.status, again.json, again.headers['cache-control']]).toEqual([200, { invite, invited: [] }, 'no-store']);
    const byPlayer = await player.ask('GET', `/api/tournaments/${id}/invite`);
    expect([byPlayer.status, byPlayer.json]).toEqual([
      403,
      {
        code: 'tournaments.invitationOrganiserOnly',
        error: 'only orla, who organises Friends, may read its invitation',
        values: { organiser: 'orla', name: 'Friends' },
      },
    ]);
    expect(byPlayer.text).not.toContain(invite);
    const byNobody = await new Browser(site.base, '127.0.0.1').ask('GET', `/api/tournaments/${id}/invite`);
    expect([byNobody.status, byNobody.json]).toEqual([
      401,
      { code: 'tournaments.logIn', error: 'log in first: tournaments are made by players' },
    ]);
    expect(byNobody.text).not.toContain(invite);
    expect((await organiser.ask('GET', '/api/tournaments/nothing/invite')).status).toBe(404);
    for (const body of [undefined, { invite: 'guess' }])
      expect((await player.ask('POST', `/api/tournaments/${id}/join`, body)).json).toEqual({
        code: 'tournament-invite',
        error: 'Friends is by invitation: join it from the link its organiser shares',
      });
    expect((await player.ask('POST', `/api/tournaments/${id}/join`, { invite })).json).toEqual({ joined: true, already: false });
    // Paused, they come back without the link: the conditions are checked at entry.
    expect((await player.ask('POST', `/api/tournaments/${id}/pause`)).status).toBe(200);
    expect((await player.ask('POST', `/api/tournaments/${id}/join`)).json).toEqual({ joined: true, already: false });
    expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).status).toBe(200);
  });
});

/** A newly signed-up player (each test its own: a player's writes are counted). */
const someone = async (name: string) => {
  const b = new Browser(site.base, '127.0.0.1');
  expect((await signUp(b, name)).status).toBe(201);
  return b;
};
const CROSS_SITE = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
const grantModerator = async (name: string) => {
  const account = await site.store.accounts.byKey(name);
  if (!account) throw new Error(`no account ${name}`);
  await site.store.moderation.setRole(account.id, 'moderator', true, {
    at: 0,
    moderator: null,
    action: 'grant-moderator',
    target: account.id,
    note: 'a test',
  });
};

describe('inviting players by name', () => {
  it('the list is checked (known players, by invitation, at most 100); those named join without the code, and only its organiser reads it', async () => {
    const org = await someone('ivy');
    const named = await someone('nell');
    const other = await someone('otto');
    const create = (invited: unknown, conditions: Record<string, unknown> = { inviteOnly: true }) =>
      org.ask('POST', '/api/tournaments', {
        kind: 'swiss',
        name: 'Ivy’s list',
        game: 'hex',
        rounds: 3,
        startsAt: null,
        conditions,
        invited,
      });
    const refused: [unknown, Record<string, unknown> | undefined, number, string | RegExp][] = [
      [['NELL', 'ghost', 'nobody'], undefined, 400, '"invited": there is no player ghost, nobody'],
      [['nell'], {}, 400, '"invited" names players of an invitation-only tournament: set "conditions": {"inviteOnly": true}'],
      [Array.from({ length: 101 }, (_, i) => `p${i}`), undefined, 400, /invited/],
      ['nell', undefined, 400, /invited/],
      [[''], undefined, 400, /invited/],
      [['x'.repeat(65)], undefined, 400, /invited/],
    ];
    for (const [invited, conditions, status, error] of refused) {
      const answer = await create(invited, conditions);
      expect([answer.status, (answer.json as { error: string }).error], JSON.stringify(invited).slice(0, 40)).toEqual([
        status,
        expect.stringMatching(error),
      ]);
    }
    // Names that are nobody's are what a player can mistype: coded, for the page to say in their language.
    expect((await create(['NELL', 'ghost', 'nobody'])).json).toEqual({
      code: 'tournaments.noInvitedPlayer',
      error: '"invited": there is no player ghost, nobody',
      values: { names: 'ghost, nobody', count: 2 },
    });
    // Past the body's bound: refused before it is read.
    expect((await create(Array.from({ length: 100 }, () => 'y'.repeat(200)))).status).toBe(413);
    // One player named twice (any case) is invited once.
    const made = await create(['NELL', 'nell']);
    expect(made.status).toBe(201);
    const { id, invite } = made.json as { id: string; invite: string };
    // The list is its organiser's to read, with the code; the page anyone reads shows neither.
    const mine = await org.ask('GET', `/api/tournaments/${id}/invite`);
    expect(mine.json).toEqual({ invite, invited: ['nell'] });
    const read = await other.ask('GET', `/api/tournaments/${id}`);
    expect(read.text).not.toContain('nell');
    expect((await other.ask('GET', `/api/tournaments/${id}/invite`)).status).toBe(403);
    // Anyone reads that some were named, not who; each asks whether they are, for their page to say so.
    expect((read.json as { tournament: { invitesByName?: boolean } }).tournament.invitesByName).toBe(true);
    const invitedOf = async (who: Browser) => {
      const answer = await who.ask('GET', `/api/tournaments/${id}/invited`);
      return [answer.status, answer.json, answer.headers['cache-control']];
    };
    expect(await invitedOf(named)).toEqual([200, { invited: true }, 'no-store']);
    expect(await invitedOf(other)).toEqual([200, { invited: false }, 'no-store']);
    expect(await invitedOf(new Browser(site.base, '127.0.0.1'))).toEqual([200, { invited: false }, 'no-store']);
    expect((await named.ask('GET', '/api/tournaments/nothing/invited')).status).toBe(404);
    expect((await named.ask('POST', `/api/tournaments/${id}/join`)).json).toEqual({ joined: true, already: false });
    expect((await other.ask('POST', `/api/tournaments/${id}/join`)).json).toMatchObject({ code: 'tournament-invite' });
    expect((await other.ask('POST', `/api/tournaments/${id}/join`, { invite })).status).toBe(200);
  });
});

describe('editing a tournament before its start', () => {
  it('its organiser (or a moderator) changes what the body names; refused signed out, to another player or site, for bad bodies, and once it runs', async () => {
    const org = await someone('edda');
    const other = await someone('egon');
    const made = await org.ask('POST', '/api/tournaments', {
      kind: 'swiss',
      name: 'Edda’s open',
      game: 'hex',
      rounds: 3,
      startsAt: null,
      clock: { initialMs: 300_000, incrementMs: 3_000 },
    });
    const { id } = made.json as { id: string };
    expect((await other.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    const edit = (who: Browser, body: unknown, headers?: Record<string, string>) =>
      who.ask('POST', `/api/tournaments/${id}/edit`, body, headers);
    expect((await edit(new Browser(site.base, '127.0.0.1'), { name: 'x' })).status).toBe(401);
    expect((await edit(other, { name: 'Egon’s now' })).json).toEqual({
      code: 'tournaments.organiserOnly',
      error: 'only edda, who organises Edda’s open, may do that',
      values: { organiser: 'edda', name: 'Edda’s open' },
    });
    expect((await edit(org, { name: 'x' }, CROSS_SITE)).status).toBe(403);
    expect((await org.ask('POST', '/api/tournaments/nothing/edit', { name: 'x' })).status).toBe(404);
    const bad: [unknown, string | RegExp][] = [
      [{}, /body/],
      [{ kind: 'arena' }, /body/],
      [{ game: 'hive' }, /body/],
      [{ rounds: 0 }, /rounds/],
      [{ rounds: 31 }, /rounds/],
      [{ name: '' }, /name/],
      [{ name: 'x'.repeat(61) }, /name/],
      [{ startsAt: 1 }, '"startsAt" is a time within the next 30 days'],
      [{ conditions: { minRating: 1800, maxRating: 1600 } }, '"conditions": "minRating" is at most "maxRating"'],
      [{ conditions: { inviteOnly: 'yes' } }, /inviteOnly/],
      [{ clock: { initialMs: -5 } }, /clock|initial/i],
      [{ invited: ['egon'] }, /inviteOnly/],
      [{ byePoints: 2 }, /byePoints/],
      ['not json', /body|json/i],
      [null, /body/],
    ];
    for (const [body, error] of bad) {
      const answer = await edit(org, body);
      expect([answer.status, (answer.json as { error?: string } | null)?.error], JSON.stringify(body)).toEqual([
        400,
        expect.stringMatching(error),
      ]);
    }
    const at = Date.now() + 3_600_000;
    const good = await edit(org, {
      name: 'Edda’s blitz',
      rounds: 5,
      startsAt: at,
      clock: { initialMs: 180_000, incrementMs: 2_000 },
      conditions: { minRatedGames: 0, inviteOnly: true },
      invited: ['egon'],
    });
    expect([good.status, good.json]).toEqual([200, { edited: true }]);
    const read = (await org.ask('GET', `/api/tournaments/${id}`)).json as { tournament: Record<string, unknown> };
    expect(read.tournament).toMatchObject({
      name: 'Edda’s blitz',
      rounds: 5,
      startsAt: at,
      clock: { initialMs: 180_000, incrementMs: 2_000 },
      kind: 'swiss',
      game: 'hex',
      conditions: { minRatedGames: 0, inviteOnly: true },
    });
    const invitation = (await org.ask('GET', `/api/tournaments/${id}/invite`)).json as { invite: string; invited: string[] };
    expect(invitation).toEqual({ invite: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/), invited: ['egon'] });
    // What an edit leaves out stays (the list, the code); open to all again, both go.
    expect((await edit(org, { rated: false })).status).toBe(200);
    expect((await org.ask('GET', `/api/tournaments/${id}/invite`)).json).toEqual(invitation);
    expect((await edit(org, { conditions: {} })).status).toBe(200);
    expect((await org.ask('GET', `/api/tournaments/${id}/invite`)).status).toBe(404);
    // A moderator may edit anyone's.
    const mod = await someone('modda');
    await grantModerator('modda');
    expect((await edit(mod, { name: 'Renamed by a moderator' })).status).toBe(200);
    expect(((await org.ask('GET', `/api/tournaments/${id}`)).json as typeof read).tournament.name).toBe('Renamed by a moderator');
    expect((await site.store.moderation.log(1))[0]).toMatchObject({
      action: 'tournament-edit',
      moderator: 'modda',
      details: { tournament: id },
    });
    expect((await org.ask('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    const late = await edit(org, { name: 'Too late' });
    expect([late.status, late.json]).toEqual([
      409,
      {
        code: 'tournaments.startedEdit',
        error: 'Renamed by a moderator has started: it can no longer be edited',
        values: { name: 'Renamed by a moderator' },
      },
    ]);
  });
});

describe('disqualifying a player', () => {
  it('by its organiser or a moderator: never back in, out of an arena’s standings; refused to others, for bad bodies and unknown players', async () => {
    const org = await someone('dora');
    const cheat = await someone('chet');
    const fair = await someone('fay');
    const made = await org.ask('POST', '/api/tournaments', {
      kind: 'arena',
      name: 'Dora’s arena',
      game: 'hex',
      durationMs: 600_000,
      startsAt: null,
    });
    const { id } = made.json as { id: string };
    for (const b of [cheat, fair]) expect((await b.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    expect((await org.ask('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    const dq = (who: Browser, body: unknown, headers?: Record<string, string>) =>
      who.ask('POST', `/api/tournaments/${id}/disqualify`, body, headers);
    expect((await dq(new Browser(site.base, '127.0.0.1'), { player: 'chet' })).status).toBe(401);
    expect((await dq(fair, { player: 'chet' })).status).toBe(403);
    expect((await dq(org, { player: 'chet' }, CROSS_SITE)).status).toBe(403);
    for (const body of [{}, { player: '' }, { player: 'x'.repeat(65) }, { player: 'chet', why: 1 }, 'chet'])
      expect((await dq(org, body)).status, JSON.stringify(body)).toBe(400);
    expect((await dq(org, { player: 'nobody' })).json).toEqual({
      code: 'tournaments.notPlaying',
      error: 'nobody is not playing in Dora’s arena',
      values: { player: 'nobody', name: 'Dora’s arena' },
    });
    const standings = async () =>
      ((await org.ask('GET', `/api/tournaments/${id}`)).json as { standings: { rows: { name: string }[] } }).standings.rows.map(
        (r) => r.name,
      );
    expect((await standings()).sort()).toEqual(['chet', 'fay']);
    expect((await dq(org, { player: 'CHET' })).json).toEqual({ disqualified: 'chet' });
    expect(await standings()).toEqual(['fay']);
    const entries = ((await org.ask('GET', `/api/tournaments/${id}`)).json as { entries: { name: string; state: string }[] }).entries;
    expect(entries.find((e) => e.name === 'chet')?.state).toBe('disqualified');
    expect((await dq(org, { player: 'chet' })).json).toEqual({
      code: 'tournaments.disqualifiedAlready',
      error: 'chet is disqualified already',
      values: { player: 'chet' },
    });
    // Not let back in, nor out of it by their own pause or withdrawal.
    const back = await cheat.ask('POST', `/api/tournaments/${id}/join`);
    expect([back.status, back.json]).toEqual([
      403,
      { code: 'tournament-disqualified', error: 'you were disqualified from Dora’s arena: you may not play in it again' },
    ]);
    expect((await cheat.ask('POST', `/api/tournaments/${id}/withdraw`)).json).toEqual({
      code: 'tournaments.notEntered',
      error: 'you are not playing in Dora’s arena',
      values: { name: 'Dora’s arena' },
    });
    // A moderator disqualifies in anyone's tournament, and finishes it early.
    const mod = await someone('moe');
    await grantModerator('moe');
    expect((await dq(mod, { player: 'fay' })).json).toEqual({ disqualified: 'fay' });
    // Paused and resumed by its organiser or a moderator; nobody else.
    expect((await fair.ask('POST', `/api/tournaments/${id}/halt`)).status).toBe(403);
    expect((await org.ask('POST', `/api/tournaments/${id}/halt`)).json).toEqual({ halted: true });
    const paused = (await org.ask('GET', `/api/tournaments/${id}`)).json as { tournament: Record<string, unknown> };
    expect(paused.tournament.halted).toBe(true);
    expect((await mod.ask('POST', `/api/tournaments/${id}/halt`)).json).toEqual({
      code: 'tournaments.pausedAlready',
      error: 'Dora’s arena is paused already',
      values: { name: 'Dora’s arena' },
    });
    expect((await mod.ask('POST', `/api/tournaments/${id}/resume`)).json).toEqual({ halted: false });
    expect((await org.ask('POST', `/api/tournaments/${id}/resume`)).json).toEqual({
      code: 'tournaments.goingOnAlready',
      error: 'Dora’s arena is going on already',
      values: { name: 'Dora’s arena' },
    });
    expect((await mod.ask('POST', `/api/tournaments/${id}/finish`)).json).toEqual({ finishing: true });
    // Each of the moderator's acts is in the moderators' audit log, with the tournament; the organiser's are not.
    const logged = (await site.store.moderation.log(50)).filter((e) => (e.details as { tournament?: string } | null)?.tournament === id);
    expect(logged.map((e) => [e.action, e.moderator, e.target, e.details])).toEqual([
      ['tournament-finish', 'moe', null, { tournament: id }],
      ['tournament-resume', 'moe', null, { tournament: id }],
      ['tournament-disqualify', 'moe', 'fay', { tournament: id }],
    ]);
    expect((await fair.ask('POST', `/api/tournaments/${id}/finish`)).status).toBe(403);
  });
});
