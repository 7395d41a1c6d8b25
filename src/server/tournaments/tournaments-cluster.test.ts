import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkRounds } from '../../tournaments/swiss-check.ts';
import { parseTrf } from '../../tournaments/trf.ts';
import { Browser, Client, openBotStream, registerBot, request, type ServerProcess, signUp, startServer } from '../online.testing.ts';
import { startPostgres, type TestPostgres } from '../postgres.testing.ts';
import { startRedis, type TestRedis } from '../redis.testing.ts';

/**
 * A Swiss directed by one of two instances on one PostgreSQL, that instance killed with SIGKILL in
 * the middle of a round: the other takes the lease over and directs it to its end, each round paired
 * once, no game made twice, nothing lost.
 */
let postgres: TestPostgres;
let redis: TestRedis;
let url: string;
let dir: string;
let servers: ServerProcess[];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  url = await postgres.createDatabase();
  const env = {
    DATABASE_URL: url,
    REDIS_URL: redis.url,
    HEXARENA_API_RATE: '100000',
    HEXARENA_SIGNUPS_PER_HOUR: '1000',
    // Directed every 100 ms; a dead director's lease lapses after 500 ms.
    HEXARENA_TOURNAMENT_TICK_MS: '100',
    // A bot slow to start on a loaded machine would lose its game by absence (tested in game/decide.test.ts).
    HEXARENA_FIRST_MOVE_MS: '3600000',
  };
  dir = mkdtempSync(path.join(tmpdir(), 'hexarena-tournament-cluster-'));
  servers = await Promise.all([startServer(path.join(dir, 'a'), env), startServer(path.join(dir, 'b'), env)]);
});
afterAll(async () => {
  await Promise.all((servers ?? []).map((s) => s.kill()));
  await Promise.all([postgres?.stop(), redis?.stop()]);
  rmSync(dir, { recursive: true, force: true });
});
afterEach(({ task }) => {
  if (task.result?.state === 'fail') for (const s of servers) console.error(`stderr of :${s.port}:\n${s.stderr()}`);
});

async function query<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

interface Shown {
  tournament: { state: string; round: number };
  pairings: { round: number; white: string; black: string | null; game: string | null; result: string | null }[];
}

/**
 * Plays one move in each game of the tournament where it is a bot's turn, through `server`: the
 * seats are the pairing's (White first); round 2's last game only once another of its round is over.
 */
async function moveAll(server: ServerProcess, id: string, tokens: ReadonlyMap<string, string>): Promise<Shown> {
  const t = (await request(server.base, `/api/tournaments/${id}`)).json as unknown as Shown;
  const round2 = t.pairings.filter((p) => p.round === 2);
  for (const [board, p] of t.pairings.entries()) {
    if (p.result !== null || p.game === null) continue;
    // Round 2's last game waits until another of the round has ended: the director is killed in between.
    if (p === round2.at(-1) && !round2.some((q) => q.result !== null)) continue;
    const game = (await request(server.base, `/api/games/${p.game}`)).json as {
      ending: unknown;
      toMove: number | null;
      legalMoves: string[];
      version: number;
    };
    if (game.ending || game.toMove === null) continue;
    const token = tokens.get((game.toMove === 0 ? p.white : p.black) as string) as string;
    // Each board's games by a rule of their own, not by chance: the results, hence the pairings and whether
    // a round can be paired at all, are the same every run (random moves made a round unpairable at times).
    const move = game.legalMoves[board % game.legalMoves.length];
    await request(server.base, `/api/bot/games/${p.game}/move`, {
      body: { move, version: game.version },
      headers: { authorization: `Bearer ${token}` },
    });
  }
  return t;
}

describe('a tournament across two instances on PostgreSQL', () => {
  it('its chat: a line said through one instance is heard on a socket of the other, and read there', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const speaker = new Browser(a.base, '127.0.0.1');
    expect((await signUp(speaker, 'chatter')).status).toBe(201);
    const made = await speaker.ask('POST', '/api/tournaments', {
      kind: 'swiss',
      name: 'Chat cup',
      game: 'tictactoe',
      rounds: 1,
      startsAt: null,
    });
    const id = made.json?.id as string;
    // A guest's socket on the other instance follows it, and has its (empty) last lines.
    const listener = await Client.lobby(b.base);
    listener.send({ type: 'tournament-follow', tournament: id });
    expect((await listener.next((m) => m.type === 'tournament-chat' && m.recent === true)).lines).toEqual([]);
    expect((await speaker.ask('POST', `/api/tournaments/${id}/chat`, { text: 'across the cluster' })).status).toBe(201);
    const heard = await listener.next((m) => m.type === 'tournament-chat' && m.recent !== true);
    expect((heard.lines as { n: number; author: string; text: string }[]).map(({ n, author, text }) => ({ n, author, text }))).toEqual([
      { n: 0, author: 'chatter', text: 'across the cluster' },
    ]);
    const read = (await request(b.base, `/api/tournaments/${id}/chat`)).json as { lines: { text: string }[] };
    expect(read.lines.map((l) => l.text)).toEqual(['across the cluster']);
    listener.close();
  });

  it('its directing instance SIGKILLed mid-round: the other directs it to the end, each round paired once, no game made twice', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const organiser = new Browser(a.base, '127.0.0.1');
    expect((await signUp(organiser, 'organiser')).status).toBe(201);
    const tokens = new Map<string, string>();
    for (const name of ['ann', 'ben', 'cid', 'dot', 'eve', 'fay'])
      tokens.set(`${name}-bot`, (await registerBot(a.base, `${name}-bot`)).token);
    const made = await organiser.ask('POST', '/api/tournaments', { kind: 'swiss', name: 'Cluster Swiss', game: 'tictactoe', rounds: 3 });
    const id = made.json?.id as string;
    for (const [i, token] of [...tokens.values()].entries())
      expect(
        (
          await request(servers[i % 2]?.base as string, `/api/tournaments/${id}/join`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          })
        ).status,
      ).toBe(200);
    // The bots' streams are open on the instance that does not direct now: the games the other pairs reach them there.
    const [leader] = await query<{ owner: string }>("SELECT owner FROM leases WHERE name = 'tournaments'");
    const watcher = servers.find((s) => !leader?.owner.includes(`:${s.port}/`)) as ServerProcess;
    const streams = new Map(
      await Promise.all([...tokens].map(async ([name, token]) => [name, await openBotStream(watcher.base, token)] as const)),
    );
    await organiser.ask('POST', `/api/tournaments/${id}/start`, {});

    // Played until round 2 is paired and one of its games is over, the others still going.
    let shown: Shown;
    for (;;) {
      shown = await moveAll(a, id, tokens);
      const round2 = shown.pairings.filter((p) => p.round === 2);
      if (round2.length > 0 && round2.some((p) => p.result !== null) && round2.some((p) => p.result === null)) break;
      expect(shown.tournament.state).not.toBe('finished');
    }
    for (const p of shown.pairings.filter((x) => x.game !== null))
      for (const name of [p.white, p.black] as string[])
        await expect
          .poll(() =>
            streams
              .get(name)
              ?.lines()
              .some((m) => m.type === 'game' && (m.game as { id: string }).id === p.game),
          )
          .toBe(true);
    for (const stream of streams.values()) stream.close();
    const [lease] = await query<{ owner: string }>("SELECT owner FROM leases WHERE name = 'tournaments'");
    const director = servers.find((s) => lease?.owner.includes(`:${s.port}/`));
    expect(director, lease?.owner).toBeDefined();
    const survivor = director === a ? b : a;
    await director?.kill();

    // The rest played through the other instance, which takes the lease over.
    for (;;) {
      shown = await moveAll(survivor, id, tokens);
      if (shown.tournament.state === 'finished') break;
    }
    const [after] = await query<{ owner: string }>("SELECT owner FROM leases WHERE name = 'tournaments'");
    expect(after?.owner).toContain(`:${survivor.port}/`);
    expect(shown.tournament.round).toBe(3);
    expect(await query('SELECT round FROM tournament_rounds WHERE tournament_id = $1 ORDER BY round', [id])).toEqual(
      [1, 2, 3].map((round) => ({ round })),
    );
    // Three games a round, every one made once and counted: the store holds no game of the tournament but these.
    const games = shown.pairings.map((p) => p.game);
    expect(games).toHaveLength(9);
    expect(new Set(games).size).toBe(9);
    const stored = await query<{ id: string; termination: string | null }>('SELECT id, termination FROM games WHERE creator = $1', [
      `tournament:${id}`,
    ]);
    expect(stored.map((g) => g.id).sort()).toEqual([...games].sort());
    expect(stored.every((g) => g.termination !== null)).toBe(true);
    expect(shown.pairings.every((p) => p.result !== null)).toBe(true);
    const trf = await request(survivor.base, `/api/tournaments/${id}/trf`);
    expect(checkRounds(unwrap(parseTrf(trf.text))).map((c) => c.difference)).toEqual([null, null, null]);
  });
});
