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
  site = await serveInProcess('tournament-organising');
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
    expect(byPlayer.json).toEqual({ error: 'only orla, who organises Cancelled cup, may do that' });
    expect((await organiser.ask('GET', `/api/tournaments/${id}`)).status).toBe(200);
    expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).json).toEqual({ cancelled: true });
    expect((await organiser.ask('GET', `/api/tournaments/${id}`)).status).toBe(404);
    expect((await player.ask('GET', '/api/players/pim/tournaments')).json).toEqual({ tournaments: [] });
    expect((await organiser.ask('POST', `/api/tournaments/${id}/cancel`)).status).toBe(404);

    const running = await make('Running cup');
    expect((await organiser.ask('POST', `/api/tournaments/${running}/start`)).status).toBe(200);
    const late = await organiser.ask('POST', `/api/tournaments/${running}/cancel`);
    expect(late.status).toBe(409);
    expect(late.json).toEqual({ error: 'Running cup has started: finish it rather than cancel it' });
  });

  it('a profile lists the tournaments a player entered, latest first; a game names its tournament and round', async () => {
    const id = await make('Pim’s cup');
    expect((await player.ask('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
    const listed = (await player.ask('GET', '/api/players/PIM/tournaments')).json as {
      tournaments: { id: string; name: string; place: unknown }[];
    };
    expect(listed.tournaments[0]).toMatchObject({ id, name: 'Pim’s cup', state: 'created', place: null });
    expect((await player.ask('GET', '/api/players/nobody/tournaments')).status).toBe(404);
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
    expect(read.text).not.toContain(invite);
    // Its organiser reads the code again (a page opened later shows the link); nobody else does.
    const again = await organiser.ask('GET', `/api/tournaments/${id}/invite`);
    expect([again.status, again.json, again.headers['cache-control']]).toEqual([200, { invite }, 'no-store']);
    const byPlayer = await player.ask('GET', `/api/tournaments/${id}/invite`);
    expect([byPlayer.status, byPlayer.json]).toEqual([403, { error: 'only orla, who organises Friends, may read its invitation' }]);
    expect(byPlayer.text).not.toContain(invite);
    const byNobody = await new Browser(site.base, '127.0.0.1').ask('GET', `/api/tournaments/${id}/invite`);
    expect(byNobody.status).toBe(401);
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
