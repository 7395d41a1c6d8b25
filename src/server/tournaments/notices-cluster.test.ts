import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, type ServerProcess, signUp, startServer } from '../online.testing.ts';
import { startPostgres, type TestPostgres } from '../postgres.testing.ts';
import { startRedis, type TestRedis } from '../redis.testing.ts';

/**
 * A tournament game's notice (`{"type":"tournament-game"}`) reaches its players' lobby sockets on
 * whichever instance they are: two server processes on one PostgreSQL and one Redis, each player with
 * a socket on both. Only one instance directs the tournament and makes the game; the other hears of
 * it on Redis's `started-games` channel and tells its own sockets — so one of each player's two
 * sockets is always on the instance that did not make the game.
 */
let postgres: TestPostgres;
let redis: TestRedis;
let dir: string;
let servers: ServerProcess[];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    REDIS_URL: redis.url,
    HEXARENA_API_RATE: '100000',
    HEXARENA_SIGNUPS_PER_HOUR: '1000',
    HEXARENA_TOURNAMENT_TICK_MS: '100',
    HEXARENA_FIRST_MOVE_MS: '3600000',
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-tournament-notices-'));
  servers = await Promise.all([startServer(path.join(dir, 'a'), env), startServer(path.join(dir, 'b'), env)]);
});
afterAll(async () => {
  await Promise.all((servers ?? []).map((s) => s.kill()));
  await Promise.all([postgres?.stop(), redis?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});
afterEach(({ task }) => {
  if (task.result?.state === 'fail') for (const s of servers) console.error(`stderr of :${s.port}:\n${s.stderr()}`);
});

/** `who`'s lobby socket on `server`, with the session made on the other (the store is shared). */
const lobbyOn = (server: ServerProcess, who: Browser): Promise<Client> =>
  Client.lobby(server.base, who.from, { origin: server.base, ...(who.cookie ? { cookie: who.cookie } : {}) });

describe('tournament game notices across instances', () => {
  it("each player's sockets on both instances hear that their game was made, the game the tournament shows", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const people: Record<string, Browser> = {};
    for (const name of ['Notice_Org', 'Nora', 'Nils']) {
      people[name] = new Browser(a.base, '127.0.0.1');
      expect((await signUp(people[name] as Browser, name)).status).toBe(201);
    }
    const org = people.Notice_Org as Browser;
    const made = await org.ask('POST', '/api/tournaments', {
      kind: 'swiss',
      name: 'Noticed cup',
      game: 'tictactoe',
      rounds: 1,
      startsAt: null,
    });
    expect(made.status).toBe(201);
    const id = made.json?.id as string;
    const sockets: { name: string; socket: Client }[] = [];
    for (const name of ['Nora', 'Nils']) {
      const who = people[name] as Browser;
      expect((await who.ask('POST', `/api/tournaments/${id}/join`, {})).status).toBeLessThan(300);
      for (const server of [a, b]) sockets.push({ name, socket: await lobbyOn(server, who) });
    }
    expect((await org.ask('POST', `/api/tournaments/${id}/start`, {})).status).toBe(200);

    const notices = await Promise.all(sockets.map(({ socket }) => socket.next((m) => m.type === 'tournament-game' && m.tournament === id)));
    const games = new Set(notices.map((m) => m.game));
    expect(games.size).toBe(1);
    // The game the notices name is the one the tournament's round paired, read on either instance.
    for (const server of [a, b]) {
      const shown = (await new Browser(server.base, '127.0.0.1').ask('GET', `/api/tournaments/${id}`)).json as {
        pairings: { round: number; game: string | null }[];
      };
      expect(shown.pairings.filter((p) => p.round === 1).map((p) => p.game)).toEqual([...games]);
    }
    for (const { socket } of sockets) socket.close();
  });
});
