import type { FastifyInstance } from 'fastify';
import { GAME_ID_PARAMS } from './game-id.ts';
import type { Hub } from './hub.ts';
import type { Identities } from './identity/identities.ts';
import { Allowance } from './limits.ts';
import type { GameStore } from './store.ts';

/**
 * A moderator removes a line of a game's chat (docs/protocol.md): `DELETE /api/games/ID/chat/N`. The
 * line goes from the store and from the room's kept lines; every socket reading that chat, on every
 * instance, is told `{ "type": "chat", "lines": [], "removed": [N] }` (the removal is numbered among
 * the lines, stores/chat.ts, so another instance reads it as it reads a new line); the act is written
 * in the moderators' log with the line's author and words. Over HTTP, as every moderator's act is
 * (the tournaments' chat's too): the game's socket carries play and lines, not the site's moderation.
 */

export interface ChatRemovalServices {
  readonly store: GameStore;
  readonly hub: Hub;
  readonly identities: Identities;
  readonly now: () => number;
}

/** Removals per moderator: a burst of 20, then one a second (a flood of abuse is cleared at once, a script is not). */
const REMOVAL_BURST = 20;
const REMOVAL_RATE = 1;

const LINE_PARAMS = {
  type: 'object',
  required: ['id', 'n'],
  properties: { id: GAME_ID_PARAMS.properties.id, n: { type: 'string', pattern: '^[0-9]{1,9}$' } },
} as const;

export function registerChatRemoval(app: FastifyInstance, { store, hub, identities, now }: ChatRemovalServices): void {
  const removals = new Allowance(REMOVAL_RATE, REMOVAL_BURST);
  app.delete('/api/games/:id/chat/:n', { schema: { params: LINE_PARAMS } }, async (request, reply) => {
    // Moderators only (a session holding the role; a personal token never is), asked first: nobody else
    // learns whether the game or the line exists.
    const identity = await identities.of(request);
    const me = identity?.via === 'session' && identity.account.kind === 'player' ? identity.account : null;
    if (!me || !(await store.moderation.hasRole(me.id, 'moderator')))
      return reply.code(403).send({ code: 'moderators-only', error: 'only a moderator removes a line of chat' });
    const at = now();
    if (!removals.take(me.id, at)) {
      reply.header('retry-after', '1');
      return reply.code(429).send({ code: 'too-many', error: `too many lines removed at once: at most ${REMOVAL_RATE} a second` });
    }
    const { id, n: asked } = request.params as { id: string; n: string };
    const n = Number(asked);
    const room = await hub.room(id);
    if (!room) return reply.code(404).send({ code: 'no-such-game', error: `there is no game ${id}` });
    const removed = await room.talk.remove(n, at);
    if (!removed)
      return reply.code(404).send({ code: 'no-such-line', error: `game ${id} has no line ${n} in its chat (removed already, or too old)` });
    await store.moderation.record({
      at,
      moderator: me.id,
      action: 'game-chat-remove',
      target: removed.account,
      note: `line ${n} of the ${removed.room}' chat of game ${id}`,
      details: { game: id, line: n, room: removed.room, author: removed.author, text: removed.text },
    });
    return { removed: n };
  });
}
