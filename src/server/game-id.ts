/** A game's id as routes take it in their path (`/api/games/:id/…`): checked before anything is read. */
export const GAME_ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' } },
} as const;
