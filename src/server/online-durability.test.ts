import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { describe, expect, it } from 'vitest';
import { Client, post, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

interface GameState {
  moves: string[];
  version: number;
  clock: { deadline: number | null; running: number | null } | null;
}

const read = async (base: string, id: string): Promise<GameState> => (await fetch(`${base}/api/games/${id}`)).json() as Promise<GameState>;

describe('a server killed with SIGKILL under a stream of moves', () => {
  it('20 times at random moments: every acknowledged move survives, the games go on, the clocks keep their deadlines', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-kill-'));
    const env = { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' };
    const rng = Rng.fromSeed('server-kill');
    let server = await startServer(dir, env);
    try {
      // Three Hive games of two people each, with 10-minute clocks.
      const games: { id: string; tokens: string[]; acked: string[] }[] = [];
      for (let g = 0; g < 3; g++) {
        const created = await post(server.base, '/api/games', {
          game: 'hive',
          seats: ['open', 'open'],
          seat: 0,
          clock: { initialMs: 600_000, incrementMs: 0 },
        });
        const other = await post(server.base, `/api/games/${created.json.id}/seats/1`, {});
        games.push({ id: created.json.id as string, tokens: [created.json.token as string, other.json.token as string], acked: [] });
      }
      for (let round = 0; round < 20; round++) {
        const clients = await Promise.all(games.map((g) => Client.open(server.base, g.id)));
        // Each game plays on from what the server has, move after move, until the kill.
        let stop = false;
        const refused: string[] = [];
        let acks = 0;
        const target = 3 + rng.int(25);
        let reached: () => void = () => {};
        const enough = new Promise<void>((resolve) => {
          reached = resolve;
        });
        const loops = games.map(async (g, i) => {
          const known = await read(server.base, g.id);
          let state = hive.newGame(hive.defaultOptions, 'client');
          for (const m of known.moves) state = hive.play(state, unwrap(hive.parseMove(state, m)));
          let version = known.version;
          while (!stop && hive.result(state) === null) {
            const move = rng.pick(hive.legalMoves(state));
            const text = hive.formatMove(state, move);
            const seat = hive.toMove(state) as number;
            const answer = await (clients[i] as Client)
              .ask({ type: 'move', seat, token: g.tokens[seat], move: text, version })
              .catch(() => null);
            // No answer: the server was killed under it. An answer that refuses the move is a fault.
            if (answer === null) return;
            if (answer.ok !== true) {
              refused.push(`game ${i} round ${round}: ${JSON.stringify(answer)}`);
              return;
            }
            g.acked.push(text);
            version = answer.version as number;
            state = hive.play(state, move);
            if (++acks >= target) reached();
          }
        });
        // Enough moves acknowledged, or every game stopped before that (over, or a move refused):
        // the round goes on either way, and a refusal fails the test below rather than hanging it.
        await Promise.race([enough, Promise.allSettled(loops)]);
        // Killed while all three games still send moves: some are in flight, unanswered.
        await server.kill();
        stop = true;
        await Promise.allSettled(loops);
        for (const c of clients) c.close();
        expect(refused).toEqual([]);
        server = await startServer(dir, env);
        for (const [i, g] of games.entries()) {
          const after = await read(server.base, g.id);
          // Every acknowledged move is there, in order; a move committed as the process died may follow.
          expect(after.moves.slice(0, g.acked.length), `game ${i} round ${round}`).toEqual(g.acked);
          expect(after.moves.length - g.acked.length).toBeLessThanOrEqual(1);
          // The running clock is the stored one: its deadline came back from the store, not from memory.
          const stored = SqliteStore.inFolder(dir);
          expect(after.clock?.deadline).toBe((await stored.games.read(g.id))?.deadline);
          await stored.close();
          g.acked = after.moves;
        }
      }
      expect(games.reduce((n, g) => n + g.acked.length, 0)).toBeGreaterThan(60);
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
