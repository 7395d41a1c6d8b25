import { describe, expect, it } from 'vitest';
import { parseLobbyMessage } from './lobby.ts';

describe('the lobby socket’s tournament notice', () => {
  it('names a tournament and a game, and is refused without either', () => {
    const told = { type: 'tournament-game', tournament: 'T1', game: 'G1' };
    expect(parseLobbyMessage(JSON.stringify(told))).toEqual({ ok: true, value: told });
    expect(parseLobbyMessage(JSON.stringify({ type: 'tournament-game', game: 'G1' })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ type: 'tournament-game', tournament: 7, game: 'G1' })).ok).toBe(false);
  });
});
