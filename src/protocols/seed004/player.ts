import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgent } from '@hexarena/engines/ai/agents.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/game.ts';
import { PASS } from '@hexarena/engines/games/hive/position.ts';
import { parseSeedGame, type SeedGame, toSeedAction } from './board.ts';
import { movedSince, readSeedGame } from './read.ts';

/**
 * hexarena as a player of seed 004's HTTP protocol: it answers `POST /player_white` and
 * `/player_black` with a hexarena AI, so the seed's own referee (or hexarena's) can play against it.
 * It keeps the last game it was sent per colour (refusing one that cannot be a game of Hive),
 * answers `play` for the colour to move with an action in the referee's own terms, remembers the
 * actions the referee called invalid this turn (and does not send them again), and answers
 * configuration questions with their first option. Status codes: docs/seed-004-http.md.
 */

export interface PlayerSettings {
  readonly port: number;
  readonly host?: string;
  /** The hexarena level that plays (easy, medium, hard, max, random). */
  readonly level?: string;
  readonly seed?: string;
}

const MAX_BODY = 256 * 1024;

export async function startSeed004Player(settings: PlayerSettings): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const agent = createAgent(hive, settings.level ?? 'hard');
  if (!agent.ok) throw new Error(agent.error.message);
  const rng = Rng.fromSeed(settings.seed ?? 'http-player');
  const games = new Map<string, SeedGame>();
  /** The game after this player's own last move (from its feedback): the next game shows what the opponent moved. */
  const after = new Map<string, SeedGame>();
  const refused = new Map<string, Set<string>>();

  const answer = async (color: string, body: Record<string, unknown>): Promise<[number, unknown]> => {
    if ('board' in body) {
      const previous = games.get(color);
      // A refused game is no game to play, and the one before it is gone too.
      games.delete(color);
      const game = parseSeedGame(body);
      if (!game.ok) return [400, { error: game.error.message }];
      const read = readSeedGame(game.value);
      if (!read.ok) return [422, { error: read.error.message }];
      // The same turn sent again (after an invalid action): what the referee refused stays refused.
      if (previous?.turn !== game.value.turn) refused.set(color, new Set());
      games.set(color, game.value);
      return [200, {}];
    }
    if (body.action === 'play') {
      if (body.player !== undefined && body.player !== color)
        return [400, { error: `the request asks ${String(body.player)} to play, but it was sent to /player_${color}` }];
      const game = games.get(color);
      if (!game) return [409, { error: `no game to play: send one to /player_${color} (a game refused is not kept)` }];
      if (game.player !== color) return [409, { error: `${game.player} is to move in the game sent to /player_${color}, not ${color}` }];
      const before = after.get(color);
      const moved = before && before.turn === game.turn - 1 ? movedSince(before, game) : null;
      const read = readSeedGame(game, moved);
      if (!read.ok) return [422, { error: read.error.message }];
      const { state, view } = read.value;
      const legal = hive.legalMoves(state).filter((m) => m !== PASS);
      if (legal.length === 0) return [409, { error: 'there is no move to make in this game' }];
      const refusedNow = refused.get(color) ?? new Set<string>();
      let move = await (agent.value as typeof agent.value).choose(hive as never, state, { rng });
      // An action the referee refused (it knows what the board does not say: the piece moved last).
      // A refused move rules out every move of that piece (what makes one illegal, pins them all).
      const from = (m: number) => {
        const a = toSeedAction(state, m, view);
        return a.type === 'move' ? `${a.from_x},${a.from_y}` : JSON.stringify(a);
      };
      if (refusedNow.has(from(move as number))) {
        const others = legal.filter((m) => !refusedNow.has(from(m)));
        move = rng.pick(others.length > 0 ? others : legal);
      }
      return [200, toSeedAction(state, move as number, view)];
    }
    if ('feedback' in body) {
      const action = body.action as { type?: unknown; from_x?: unknown; from_y?: unknown } | undefined;
      if (body.status === 'invalid')
        refused.get(color)?.add(action?.type === 'move' ? `${action.from_x},${action.from_y}` : JSON.stringify(action));
      const game = parseSeedGame(body.game);
      if (body.status === 'continue' && game.ok) after.set(color, game.value);
      return [200, {}];
    }
    if (Array.isArray(body.options)) return [200, { answer: body.options[0] ?? null }];
    return [400, { error: 'expected a game, {"action": "play"}, a feedback or a question with options' }];
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    const color = /^\/player_(white|black)\/?$/.exec(request.url ?? '')?.[1];
    if (!color) return send(404, { error: 'POST /player_white or /player_black' });
    if (request.method !== 'POST') return send(405, { error: `POST to /player_${color}, not ${request.method}` }, { allow: 'POST' });
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) return send(413, { error: `a body is at most ${MAX_BODY} bytes` });
      chunks.push(chunk);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(400, { error: 'the body must be JSON' });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(400, { error: 'the body must be a JSON object' });
    const [status, out] = await answer(color, body as Record<string, unknown>);
    send(status, out);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((e: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${settings.host ?? '127.0.0.1'}:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
