import { type RefusalBody, refusalBody } from './refusal-body.ts';

/** A game's id as routes take it in their path (`/api/games/:id/…`): checked before anything is read. */
export const GAME_ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
} as const;

/** The refusal of a game id no game has: its code and the id, for an app to say in its player's language. */
export const noSuchGame = (id: string): RefusalBody => refusalBody('games.noSuchGame', `there is no game ${id}`, { id });
