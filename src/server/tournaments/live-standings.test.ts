import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from '../in-process.testing.ts';
import { FOLLOWED_TOURNAMENTS } from '../lobby.ts';
import { Browser, Client, registerBot, request, signUp } from '../online.testing.ts';

/**
 * A tournament's standings live over the lobby socket, on a real server: a socket follows it (one
 * schema, a bad follow refused in words, a few at most a socket), hears each change with its
 * version — the game's result among them, the standings changed — and reads nothing by itself.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
let organiser: Browser;

beforeAll(async () => {
  server = await serveInProcess('live-standings', {
    rate: 100_000,
    identity: { signupsPerHour: 1000 },
    tournaments: { tickMs: 50 },
  });
  organiser = new Browser(server.base, '127.0.0.1');
  expect((await signUp(organiser, 'Live_Org')).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

const make = async (name: string): Promise<string> => {
  const made = await organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name, game: 'tictactoe', rounds: 1, startsAt: null });
  expect(made.status).toBe(201);
  return made.json?.id as string;
};
type Message = Record<string, unknown>;
const asBot = (token: string) => ({ authorization: `Bearer ${token}` });

/** The game played to its end by its two bots, each playing the first legal move on its turn. */
async function playOut(game: string, bots: readonly { name: string; token: string }[]): Promise<void> {
  for (;;) {
    const state = (await request(server.base, `/api/games/${game}`)).json as Message;
    if (state.ending) return;
    const seats = state.seats as { name: string }[];
    const mover = bots.find((b) => b.name === seats[state.toMove as number]?.name);
    if (!mover) throw new Error(`no bot seated to move in ${JSON.stringify(seats)}`);
    await request(server.base, `/api/bot/games/${game}/move`, {
      body: { move: (state.legalMoves as string[])[0], version: state.version },
      headers: asBot(mover.token),
    });
  }
}

describe('a tournament followed on the lobby socket', () => {
  it('a follower hears each change with its version; the game’s result changes the standings it hears', async () => {
    const id = await make('Live cup');
    const bots = [await registerBot(server.base, 'live-ant'), await registerBot(server.base, 'live-bee')];
    for (const b of bots)
      expect((await request(server.base, `/api/tournaments/${id}/join`, { method: 'POST', headers: asBot(b.token) })).status).toBe(200);
    const read = (await request(server.base, `/api/tournaments/${id}`)).json as Message;
    expect(read.version).toBe(2);

    // A guest's socket follows it: it stands where the page read it.
    const watcher = await Client.lobby(server.base);
    watcher.send({ type: 'tournament-follow', tournament: id });
    expect(await watcher.next((m) => m.type === 'tournament-following')).toEqual({
      type: 'tournament-following',
      tournament: id,
      version: 2,
    });

    // Started by its organiser: the start and the round paired are heard, the game in its pairings.
    expect((await organiser.ask('POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);
    const paired = await watcher.next((m) => m.type === 'tournament' && (m.rounds as number[]).includes(1));
    const game = (paired.pairings as { game: string | null }[])[0]?.game as string;
    expect(game).toEqual(expect.any(String));
    expect((paired.summary as Message).state).toBe('running');
    expect((paired.standings as { rows: { score: number }[] }).rows.map((r) => r.score)).toEqual([0, 0]);

    await playOut(game, bots);
    const scored = await watcher.next(
      (m) => m.type === 'tournament' && (m.pairings as { result: unknown }[]).some((p) => p.result !== null),
    );
    expect(scored.version).toBeGreaterThan(paired.version as number);
    const scores = (scored.standings as { rows: { score: number }[] }).rows.map((r) => r.score).sort();
    expect(scores).toSatisfy((s: number[]) => JSON.stringify(s) === '[0,1]' || JSON.stringify(s) === '[0.5,0.5]');
    await watcher.next((m) => m.type === 'tournament' && (m.summary as Message).state === 'finished');

    // Each event follows the one before: a page that heard them all missed nothing.
    const heard = watcher.messages.filter((m) => m.type === 'tournament');
    for (const [i, m] of heard.entries()) expect(m.from).toBe(i === 0 ? 2 : heard[i - 1]?.version);
    // What it heard last is what a read says now.
    const now = (await request(server.base, `/api/tournaments/${id}`)).json as Message;
    const last = heard.at(-1) as Message;
    expect(now.version).toBe(last.version);
    expect(now.standings).toEqual(last.standings);
    watcher.close();
  });

  it('a bad follow is refused in words; a socket follows a few tournaments at most', async () => {
    const socket = await Client.lobby(server.base);
    const refused = async (intent: unknown) => {
      const from = socket.messages.length;
      socket.send(intent);
      return await socket.next((m) => m.type === 'error', from);
    };
    const refusal = async (intent: unknown) => (await refused(intent)).error;
    expect(await refusal({ type: 'tournament-follow' })).toMatch(/"tournament" names a tournament by its id/);
    expect(await refusal({ type: 'tournament-follow', tournament: 'a b' })).toMatch(/"tournament" names a tournament by its id/);
    expect(await refusal({ type: 'tournament-follow', tournament: 'T1', pool: 'hex-5+3' })).toMatch(/names a "tournament", no pool/);
    expect(await refusal({ type: 'tournament-follow', tournament: 'T1', since: 3 })).toBe('unknown field "since"');
    expect(await refused({ type: 'tournament-follow', tournament: 'nosuch' })).toEqual({
      type: 'error',
      code: 'lobby.noTournament',
      error: 'there is no tournament nosuch to follow',
      values: { id: 'nosuch' },
    });

    socket.close();

    // Within the socket's allowance of messages (ten at once), on a socket of its own.
    const bounded = await Client.lobby(server.base);
    const refusedNow = async (intent: unknown) => {
      const from = bounded.messages.length;
      bounded.send(intent);
      return await bounded.next((m) => m.type === 'error', from);
    };
    const ids: string[] = [];
    for (let i = 0; i <= FOLLOWED_TOURNAMENTS; i++) ids.push(await make(`Bound ${i}`));
    for (const id of ids.slice(0, FOLLOWED_TOURNAMENTS)) {
      bounded.send({ type: 'tournament-follow', tournament: id });
      await bounded.next((m) => m.type === 'tournament-following' && m.tournament === id);
    }
    // Following one again answers anew (a page back from a reconnection), and counts once.
    const again = bounded.messages.length;
    bounded.send({ type: 'tournament-follow', tournament: ids[0] });
    await bounded.next((m) => m.type === 'tournament-following' && m.tournament === ids[0], again);
    expect(await refusedNow({ type: 'tournament-follow', tournament: ids[FOLLOWED_TOURNAMENTS] })).toEqual({
      type: 'error',
      code: 'lobby.followLimit',
      error: `one lobby socket follows at most ${FOLLOWED_TOURNAMENTS} tournaments: unfollow one ("tournament-unfollow") first`,
      values: { count: FOLLOWED_TOURNAMENTS },
    });
    bounded.send({ type: 'tournament-unfollow', tournament: ids[1] });
    bounded.send({ type: 'tournament-follow', tournament: ids[FOLLOWED_TOURNAMENTS] });
    await bounded.next((m) => m.type === 'tournament-following' && m.tournament === ids[FOLLOWED_TOURNAMENTS]);
    // The one unfollowed is heard no more: its change reaches a socket that follows it, not this one.
    const other = await Client.lobby(server.base);
    other.send({ type: 'tournament-follow', tournament: ids[1] });
    await other.next((m) => m.type === 'tournament-following');
    const bot = await registerBot(server.base, 'live-cat');
    await request(server.base, `/api/tournaments/${ids[1]}/join`, { method: 'POST', headers: asBot(bot.token) });
    await other.next((m) => m.type === 'tournament' && m.tournament === ids[1]);
    await request(server.base, `/api/tournaments/${ids[2]}/join`, { method: 'POST', headers: asBot(bot.token) });
    await bounded.next((m) => m.type === 'tournament' && m.tournament === ids[2]);
    expect(bounded.messages.some((m) => m.type === 'tournament' && m.tournament === ids[1])).toBe(false);
    bounded.close();
    other.close();
  });
});
