import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { type MessageKey, t } from '../i18n/index.ts';

/**
 * The lobby socket's refusals the catalogs say, by the server's codes (src/server/lobby.ts: `lobby.*`):
 * those a player can meet on the home page. A message only another program sends wrong is refused in
 * the server's words alone. Looked up here, not through i18n/why.ts, which the home page need not load.
 */
export const LOBBY_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'lobby.signUp': 'pairing.refusal.signUp',
  'lobby.cannotJoin': 'pairing.refusal.cannotJoin',
  'lobby.tooFast': 'pairing.refusal.tooFast',
  'lobby.followLimit': 'pairing.refusal.followLimit',
  'lobby.followLater': 'pairing.refusal.followLater',
  'lobby.noTournament': 'pairing.refusal.noTournament',
};

/** What the lobby socket refused, in the player's language by its code; the server's words for one with no code this page knows. */
export function lobbyProblem(error: Error): string {
  const why = whyOf(error);
  const key = why ? LOBBY_REFUSALS[why.code] : undefined;
  return why && key ? t(key, why.values ?? {}) : error.message;
}
