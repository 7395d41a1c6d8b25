import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runMatch } from '@hexarena/engines/engine/match.ts';
import { replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/game.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAgent } from '../agents.ts';
import { startSeed004Player } from './player.ts';
import { seed004Referee } from './referee.ts';

/** Fake players: a server that answers every request with `answer` (or never, for a player that stalls). */
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});
async function fakePlayer(
  answer: ((body: Record<string, unknown>) => unknown) | 'silent',
): Promise<{ url: string; bodies: Record<string, unknown>[] }> {
  const bodies: Record<string, unknown>[] = [];
  const server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text) as Record<string, unknown>;
    bodies.push(body);
    if (answer === 'silent' && body.action === 'play') return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer === 'silent' ? {} : answer(body)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies };
}

describe("seed 004's HTTP protocol, both ends", () => {
  it('hexarena’s referee and hexarena’s http-player play whole games, Base and Base+MLP; the records replay', async () => {
    const player = await startSeed004Player({ port: 0, level: 'easy', seed: 'p' });
    try {
      for (const type of ['Base', 'Base+MLP']) {
        const http = unwrap(resolveAgent(hive, `http:${player.url}`));
        const result = await runMatch({
          game: hive,
          options: unwrap(hive.parseOptions({ type })),
          agents: [http, unwrap(resolveAgent(hive, 'easy'))],
          games: 2,
          seed: type,
          maxMoves: 400,
        });
        for (const record of result.records) {
          // Played out (by the rules, or the match's move cap between two weak players), never forfeited.
          expect(record.termination, `${type}: ${JSON.stringify(record.result)}`).not.toBe('forfeit');
          expect(replay(hive, record).ok).toBe(true);
          expect(record.moves.length).toBeGreaterThan(8);
        }
      }
    } finally {
      await player.close();
    }
  });

  it('a player that answers junk or illegal actions hears "invalid", is asked again, then forfeits; one that stalls forfeits', async () => {
    for (const [answer, reason] of [
      [() => ({ nonsense: true }), /3 invalid actions in a row \(the last: an action's "type" is "set" or "move"\)/],
      [
        () => ({ type: 'move', from_x: 0, from_y: 0, final_x: 1, final_y: 0 }),
        /3 invalid actions in a row \(the last: moving the piece at \(0, 0\) to \(1, 0\) is not a legal move: there is no piece at \(0, 0\)\)/,
      ],
      ['silent', /did not answer within 1 s/],
    ] as const) {
      const fake = await fakePlayer(answer as never);
      const referee = seed004Referee(fake.url, { graceMs: 1000 });
      const result = await runMatch({ game: hive, agents: [referee, unwrap(resolveAgent(hive, 'random'))], games: 1, seed: 'junk' });
      const [record] = result.records;
      expect(record?.termination).toBe('forfeit');
      expect(record?.result).toMatchObject({ kind: 'win', winner: 1, reason: expect.stringMatching(reason) });
      if (answer !== 'silent') {
        // The game, then three rounds of asking and refusing.
        expect(fake.bodies[0]).toMatchObject({ turn: 1, player: 'white', board: [] });
        expect(fake.bodies.filter((b) => b.action === 'play')).toHaveLength(3);
        expect(fake.bodies.filter((b) => b.status === 'invalid')).toHaveLength(3);
      }
    }
  });

  it('the http-player refuses junk in words, answers questions, and does not repeat an action the referee refused', async () => {
    const player = await startSeed004Player({ port: 0, level: 'easy', seed: 'q' });
    const post = async (body: unknown) => {
      const r = await fetch(`${player.url}/player_white`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };
    try {
      expect(await post('not json')).toMatchObject({ status: 400, json: { error: 'the body must be JSON' } });
      const get = await fetch(`${player.url}/player_white`);
      expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([405, 'POST', { error: 'POST to /player_white, not GET' }]);
      expect((await fetch(`${player.url}/player_red`, { method: 'POST', body: '{}' })).status).toBe(404);
      expect(await post({ action: 'play', player: 'white' })).toMatchObject({ status: 409 });
      expect(await post({ header: 'h', read_header: 'r', labels: ['Human', 'AI'], options: ['1', '2'] })).toEqual({
        status: 200,
        json: { answer: '1' },
      });
      const game = {
        turn: 1,
        board: [],
        player: 'white',
        remaining_pieces: ['white', 'black'].map((player) => ({
          player,
          pieces: ['ant', 'ant', 'ant', 'queen', 'spider', 'spider', 'beetle', 'beetle', 'cricket', 'cricket', 'cricket'],
        })),
      };
      expect((await post(game)).status).toBe(200);
      const first = (await post({ action: 'play', player: 'white' })).json;
      expect(first).toMatchObject({ type: 'set', final_x: 0, final_y: 0 });
      await post({ game, action: first, feedback: 'no', status: 'invalid' });
      const second = (await post({ action: 'play', player: 'white' })).json;
      expect(second).not.toEqual(first);
    } finally {
      await player.close();
    }
  });
});
