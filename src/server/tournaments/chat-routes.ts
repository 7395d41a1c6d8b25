import { MAX_CHAT } from '@hexarena/engines/protocol/index.ts';
import type { FastifyInstance } from 'fastify';
import { Allowance } from '../limits.ts';
import { silenced } from '../moderation/routes.ts';
import { parseChatText } from '../names.ts';
import type { TournamentChat } from './chat.ts';
import { type Desk, ID_PARAMS } from './desk.ts';

/**
 * A tournament's chat over HTTP (docs/tournaments.md): its last lines read by anyone (but those of
 * players the reader blocks), a line said by a signed-in player — not a guest, as lichess has it —
 * within their allowance, unless the moderators muted them; a line removed by a moderator (and written
 * in their audit log). New lines and removals reach the pages by the lobby socket that follows the tournament.
 */

/** Lines per account: a burst of three, then one a second (as a game's chat allows a socket). */
const CHAT_BURST = 3;
const CHAT_RATE = 1;

const CHAT_BODY = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  // Longer than a line may be, so that a line too long is told in words (below) rather than by the schema.
  properties: { text: { type: 'string', maxLength: 4 * MAX_CHAT } },
} as const;

const LINE_PARAMS = {
  type: 'object',
  required: ['id', 'n'],
  properties: { id: ID_PARAMS.properties.id, n: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

export function registerTournamentChat(app: FastifyInstance, desk: Desk, chat: TournamentChat): void {
  const { store, identities, now } = desk.settings;
  const allowance = new Allowance(CHAT_RATE, CHAT_BURST);
  app.get('/api/tournaments/:id/chat', { schema: { params: ID_PARAMS } }, async (request, reply) => {
    // Counted before the tournament or its lines are read.
    const asker = await desk.reader(request, reply);
    if (!asker) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    return { lines: await chat.recent(t.id, asker.identity?.account.id) };
  });
  app.post('/api/tournaments/:id/chat', { bodyLimit: 4096, schema: { params: ID_PARAMS, body: CHAT_BODY } }, async (request, reply) => {
    const who = await identities.of(request);
    if (who?.account.kind !== 'player')
      return reply.code(403).send({ code: 'chat-sign-in', error: 'sign in to chat: guests read a tournament’s chat, players speak in it' });
    const me = who.account;
    // Counted before anything is read or written: a flood costs the server nothing past this.
    if (!allowance.take(me.id, now())) {
      reply.header('retry-after', '1');
      return reply.code(429).send({ code: 'chat-too-fast', error: 'too many lines: at most one a second' });
    }
    const { text } = request.body as { text: string };
    if ([...text].length > MAX_CHAT)
      return reply.code(400).send({ code: 'chat-too-long', error: `a chat line is at most ${MAX_CHAT} characters` });
    const checked = parseChatText(text);
    if (!checked.ok) return reply.code(400).send({ code: checked.error.code, error: checked.error.message });
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    // A muted (or banned) player's lines are refused, as in a game's chat.
    const muted = silenced(await store.moderation.sanctionsOf(me.id, now()));
    if (muted !== null) return reply.code(403).send(muted);
    const line = await chat.say(t.id, { author: me.name, account: me.id, text: checked.value, at: now() });
    return reply.code(201).send({ line });
  });
  app.delete('/api/tournaments/:id/chat/:n', { schema: { params: LINE_PARAMS } }, async (request, reply) => {
    // Moderators only, asked first: nobody else learns whether the tournament or the line exists.
    if (!(await desk.moderates(request)))
      return reply.code(403).send({ code: 'moderators-only', error: 'only a moderator removes a line of chat' });
    const me = await desk.player(request, reply);
    if (!me || !desk.spend(me.id, reply)) return reply;
    const t = await desk.tournament(request, reply);
    if (!t) return reply;
    const n = Number((request.params as { n: string }).n);
    const at = now();
    const removed = await chat.remove(t.id, n, { author: me.name, account: me.id, at });
    if (!removed)
      return reply.code(404).send({ code: 'no-such-line', error: `${t.name} has no line ${n} in its chat (removed already, or too old)` });
    await store.moderation.record({
      at,
      moderator: me.id,
      action: 'tournament-chat-remove',
      target: removed.account,
      note: `line ${n} of ${t.name}'s chat`,
      details: { tournament: t.id, line: n, author: removed.author, text: removed.text },
    });
    return { removed: n };
  });
}
