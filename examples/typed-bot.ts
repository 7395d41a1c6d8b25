#!/usr/bin/env node
// The random bot again, in TypeScript on the engines' package (npm install @hexarena/engines): every line of
// the stream is read by the package's own parser, so a message the bot does not expect is said in
// words, and the request it sends is typed as the server reads it.
//   tsc && HEXARENA_BOT_TOKEN=… node typed-bot.js http://localhost:8080 hive [opponent]
import { type NewGameRequest, parseBotStreamMessage } from '@hexarena/engines/protocol';

const [server = 'http://localhost:8080', game = 'tictactoe', opponent = 'random'] = process.argv.slice(2);

async function api(path: string, token: string | null, body?: object): Promise<Record<string, unknown>> {
  const response = await fetch(server + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // Too many requests: wait as long as the server says, then ask again.
  if (response.status === 429) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)));
    return api(path, token, body);
  }
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok && response.status !== 409) throw new Error(`${path}: ${String(json.error)}`);
  return json;
}

// The bot's token: make the bot on the site (your account page, or POST /api/bots logged in).
const token = process.env.HEXARENA_BOT_TOKEN ?? '';
if (token === '') throw new Error('HEXARENA_BOT_TOKEN: the token of a bot you made on the site');
const registered = await api('/api/bot/me', token);
const request: NewGameRequest = { game, seats: ['open', opponent], seat: 0 };
const id = String((await api('/api/games', token, request)).id);
console.log(`${String(registered.name)} plays ${game} game ${id} against ${opponent}`);

const stream = await fetch(`${server}/api/bot/stream`, { headers: { authorization: `Bearer ${token}` } });
if (!stream.body) throw new Error('the server sent no stream');
let buffered = '';
for await (const chunk of stream.body.pipeThrough(new TextDecoderStream())) {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines.filter(Boolean)) {
    const message = parseBotStreamMessage(line);
    if (!message.ok) throw new Error(`the server sent a line this bot cannot read: ${message.error.message}`);
    const m = message.value;
    if (m.type === 'error') throw new Error(m.error);
    // The game as it stands when the stream starts, then each of its events.
    const turn =
      m.type === 'game' && m.game.id === id
        ? { over: m.game.ending !== null, toMove: m.game.toMove, moves: m.game.legalMoves, version: m.game.version }
        : m.type === 'event' && m.id === id
          ? { over: m.event.kind === 'end', toMove: m.toMove, moves: m.legalMoves ?? [], version: m.event.version }
          : null;
    if (!turn) continue;
    if (turn.over) {
      console.log(`game ${id} is over`);
      process.exit(0);
    }
    const moves = turn.moves;
    if (turn.toMove !== 0 || moves.length === 0) continue;
    const move = moves[Math.floor(Math.random() * moves.length)];
    const answer = await api(`/api/bot/games/${id}/move`, token, { move, version: turn.version });
    if (answer.ok !== true && answer.refusal !== 'stale') throw new Error(`move ${move} refused: ${String(answer.error)}`);
  }
}
