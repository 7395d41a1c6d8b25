#!/usr/bin/env node
// A complete hexarena bot: with the token of a bot its author made on the site, it starts a game
// against the server's AI, follows its stream of events and answers each turn with a random legal
// move. Node 20, no packages.
//   HEXARENA_BOT_TOKEN=… node examples/random-bot.mjs http://localhost:8080 nonaga [opponent] [options-json]
const [server = 'http://localhost:8080', game = 'tictactoe', opponent = 'random', options = '{}'] = process.argv.slice(2);

async function api(path, token, body) {
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
  const json = await response.json();
  if (!response.ok && response.status !== 409) throw new Error(`${path}: ${json.error}`);
  return json;
}

// The bot's token: make the bot on the site (your account page, or POST /api/bots logged in).
const token = process.env.HEXARENA_BOT_TOKEN;
if (!token) {
  console.error('HEXARENA_BOT_TOKEN: the token of a bot you made on the site (your account page, Bots)');
  process.exit(2);
}
const { name } = await api('/api/bot/me', token);
const parsed = JSON.parse(options);
const seats = (game === 'dicewars' ? Array(parsed.players ?? 2).fill(opponent) : [0, 1].map(() => opponent)).map((s, i) =>
  i === 0 ? 'open' : s,
);
const { id } = await api('/api/games', token, { game, options: parsed, seats, seat: 0 });
console.log(`${name} plays ${game} game ${id} against ${opponent}`);

// The stream: one JSON message a line. After anything happens in our game, look and maybe move.
const stream = await fetch(`${server}/api/bot/stream`, { headers: { authorization: `Bearer ${token}` } });
let buffered = '';
for await (const chunk of stream.body.pipeThrough(new TextDecoderStream())) {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop();
  for (const line of lines.filter(Boolean)) {
    const message = JSON.parse(line);
    if (message.type === 'ping' || (message.game?.id ?? message.id) !== id) continue;
    const state = await api(`/api/games/${id}`);
    if (state.ending) {
      console.log(`game over after ${state.moves.length} moves: ${JSON.stringify(state.ending.result)}`);
      process.exit(0);
    }
    if (state.toMove !== 0) continue;
    const move = state.legalMoves[Math.floor(Math.random() * state.legalMoves.length)];
    const answer = await api(`/api/bot/games/${id}/move`, token, { move, version: state.version });
    if (!answer.ok && answer.refusal !== 'stale') throw new Error(`move ${move} refused: ${answer.error}`);
  }
}
