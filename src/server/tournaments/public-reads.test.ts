import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveInProcess } from '../in-process.testing.ts';
import { Browser, signUp } from '../online.testing.ts';

/**
 * An attack on a tournament's public reads (GET /api/tournaments/ID/chat and /invited) on a real
 * server: each is counted per route and per owner (the account, or the address signed out) before the
 * store is read, whatever spelling of the path reaches it; one client's flood leaves another's reads
 * alone; a bad id is told in words, 4xx. The per-address limit of the whole API is set out of reach,
 * so that what is seen is the routes' own.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
/** The server's clock: it stands still unless a test moves it (the allowances refill by it). */
let clock = Date.UTC(2026, 11, 6, 12);
let tournament: string;
const players: Record<string, Browser> = {};
/** Reads of tournaments from the store, by id: what a refused request must not cost. */
const storeReads = new Map<string, number>();

beforeAll(async () => {
  server = await serveInProcess('tournament-reads', {
    rate: 100_000,
    identity: { signupsPerHour: 1000 },
    hub: { now: () => clock },
    // The director reads nothing meanwhile: every store read counted is a request's.
    tournaments: { tickMs: 3_600_000 },
  });
  for (const name of ['Reads_Org', 'Flooder', 'Quiet']) {
    players[name] = new Browser(server.base, '127.0.0.1');
    expect((await signUp(players[name] as Browser, name)).status).toBe(201);
  }
  const made = await player('Reads_Org').ask('POST', '/api/tournaments', {
    kind: 'swiss',
    name: 'Read often cup',
    game: 'tictactoe',
    rounds: 3,
    startsAt: null,
  });
  expect(made.status).toBe(201);
  tournament = made.json?.id as string;
  const tournaments = server.store.tournaments;
  const read = tournaments.read.bind(tournaments);
  tournaments.read = (id: string) => {
    storeReads.set(id, (storeReads.get(id) ?? 0) + 1);
    return read(id);
  };
});
afterAll(async () => {
  await server?.close();
});

const player = (name: string) => players[name] as Browser;
const BURST = 30;

describe("a tournament's public reads under attack", () => {
  it('a flood of chat reads from one account is refused past its burst, whatever the spelling, before the store is read', async () => {
    const flooder = player('Flooder');
    const spellings = [
      `/api/tournaments/${tournament}/chat`,
      `/%61pi/tournaments/${tournament}/chat`,
      `/api/tournaments/${tournament}/chat?x=1`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 3 * BURST; i++) statuses.push((await flooder.ask('GET', spellings[i % spellings.length] as string)).status);
    expect(statuses.slice(0, BURST).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(BURST).every((s) => s === 429)).toBe(true);
    // The refused cost no read of the tournament.
    expect(storeReads.get(tournament)).toBe(BURST);
    const refused = await flooder.ask('GET', `/api/tournaments/${tournament}/chat`);
    expect([refused.status, refused.json?.code, refused.headers['retry-after']]).toEqual([429, 'too-many-reads', '1']);
    // For an id that does not exist, or a spelling that is not one: the same allowance, spent.
    expect((await flooder.ask('GET', '/api/tournaments/no-such-cup/chat')).status).toBe(429);
  });

  it("does not starve another reader: another account, a visitor signed out, the flooder's other route", async () => {
    expect((await player('Quiet').ask('GET', `/api/tournaments/${tournament}/chat`)).status).toBe(200);
    expect((await new Browser(server.base, '127.0.0.1').ask('GET', `/api/tournaments/${tournament}/chat`)).status).toBe(200);
    const invited = await player('Flooder').ask('GET', `/api/tournaments/${tournament}/invited`);
    expect([invited.status, invited.json?.invited]).toEqual([200, false]);
    // The flooder's allowance refills with time, at its rate.
    clock += 1000;
    const again: number[] = [];
    for (let i = 0; i < 7; i++) again.push((await player('Flooder').ask('GET', `/api/tournaments/${tournament}/chat`)).status);
    expect(again).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts the invited reads of visitors signed out by their address, each route apart', async () => {
    clock += 60_000;
    const visitors = [new Browser(server.base, '127.0.0.1'), new Browser(server.base, '127.0.0.1')];
    const statuses: number[] = [];
    for (let i = 0; i < BURST + 5; i++)
      statuses.push((await (visitors[i % 2] as Browser).ask('GET', `/api/tournaments/${tournament}/invited`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
    expect(statuses.slice(BURST)).toEqual([429, 429, 429, 429, 429]);
    // A signed-in player at the same address still reads.
    expect((await player('Quiet').ask('GET', `/api/tournaments/${tournament}/invited`)).status).toBe(200);
  });

  it('counts guests by their address too: guest sessions taking turns spend one allowance', async () => {
    clock += 60_000;
    const guests = [new Browser(server.base, '127.0.0.1'), new Browser(server.base, '127.0.0.1'), new Browser(server.base, '127.0.0.1')];
    for (const guest of guests) expect((await guest.ask('POST', '/api/session/guest', {})).status).toBeLessThan(300);
    const statuses: number[] = [];
    for (let i = 0; i < BURST + 3; i++)
      statuses.push((await (guests[i % guests.length] as Browser).ask('GET', `/api/tournaments/${tournament}/chat`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
    expect(statuses.slice(BURST)).toEqual([429, 429, 429]);
  });

  it('tells a bad id in words, 4xx, on both routes', async () => {
    clock += 60_000;
    const reader = player('Quiet');
    for (const route of ['chat', 'invited']) {
      const missing = await reader.ask('GET', `/api/tournaments/no-such-cup/${route}`);
      expect([missing.status, missing.json?.error]).toEqual([404, 'there is no tournament no-such-cup']);
      for (const bad of ['x'.repeat(21), 'a.b', '%00', 'caf%C3%A9']) {
        const answer = await reader.ask('GET', `/api/tournaments/${bad}/${route}`);
        expect(answer.status, `${bad}/${route}`).toBe(400);
        expect(answer.json?.error, `${bad}/${route}`).toMatch(/id/);
      }
    }
  });
});
