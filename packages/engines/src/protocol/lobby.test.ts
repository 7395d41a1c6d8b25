import { describe, expect, it } from 'vitest';
import { parseLobbyIntent, parseLobbyMessage } from './lobby.ts';

describe('the lobby socket’s tournament notice', () => {
  it('names a tournament and a game, and is refused without either', () => {
    const told = { type: 'tournament-game', tournament: 'T1', game: 'G1' };
    expect(parseLobbyMessage(JSON.stringify(told))).toEqual({ ok: true, value: told });
    expect(parseLobbyMessage(JSON.stringify({ type: 'tournament-game', game: 'G1' })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ type: 'tournament-game', tournament: 7, game: 'G1' })).ok).toBe(false);
  });
});

describe('following a tournament on the lobby socket', () => {
  it('a follow names one tournament by its id; anything else is refused in words', () => {
    for (const type of ['tournament-follow', 'tournament-unfollow'])
      expect(parseLobbyIntent(JSON.stringify({ type, tournament: 'Ab_9-x' }))).toEqual({ ok: true, value: { type, tournament: 'Ab_9-x' } });
    const refused = (intent: unknown) => {
      const r = parseLobbyIntent(JSON.stringify(intent));
      return r.ok ? null : r.error.message;
    };
    expect(refused({ type: 'tournament-follow' })).toMatch(/"tournament" names a tournament by its id/);
    expect(refused({ type: 'tournament-follow', tournament: 'x'.repeat(21) })).toMatch(/"tournament" names a tournament/);
    expect(refused({ type: 'pool-join', pool: 'hex-5+3', tournament: 'T' })).toBe('a "pool-join" message names no tournament');
    expect(refused({ type: 'tournament-unfollow', tournament: 'T', pool: 'hex-5+3' })).toBe(
      'a "tournament-unfollow" message names a "tournament", no pool',
    );
  });

  it('an event carries its versions, the rounds it changed and their pairings alone', () => {
    const event = {
      type: 'tournament',
      tournament: 'T1',
      from: 3,
      version: 5,
      summary: { id: 'T1', state: 'running' },
      entries: [{ name: 'Ann' }],
      standings: { tiebreaks: ['buchholz'], rows: [{ place: 1, name: 'Ann', score: 1, tiebreaks: [0] }] },
      rounds: [2],
      pairings: [{ round: 2, board: 1, white: 'Ann', black: null, game: null, result: 'bye' }],
    };
    expect(parseLobbyMessage(JSON.stringify(event))).toEqual({ ok: true, value: event });
    expect(parseLobbyMessage(JSON.stringify({ ...event, from: 5 })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ ...event, rounds: [1] })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ ...event, standings: { rows: [] } })).ok).toBe(false);
    const following = { type: 'tournament-following', tournament: 'T1', version: 0 };
    expect(parseLobbyMessage(JSON.stringify(following))).toEqual({ ok: true, value: following });
    expect(parseLobbyMessage(JSON.stringify({ ...following, version: -1 })).ok).toBe(false);
  });
});

describe("a tournament's chat on the lobby socket", () => {
  it('lists numbered lines, its last ones marked recent; a line without its number or text is refused', () => {
    const chat = { type: 'tournament-chat', tournament: 'T1', lines: [{ n: 3, author: 'Ann', text: 'gl', at: 5 }], recent: true };
    expect(parseLobbyMessage(JSON.stringify(chat))).toEqual({ ok: true, value: chat });
    const live = { type: 'tournament-chat', tournament: 'T1', lines: [{ n: 4, author: 'Bob', text: 'hf', at: 6 }] };
    expect(parseLobbyMessage(JSON.stringify(live))).toEqual({ ok: true, value: live });
    expect(parseLobbyMessage(JSON.stringify({ ...live, lines: [{ author: 'Bob', text: 'hf', at: 6 }] })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ ...live, lines: [{ n: 4, author: 'Bob', at: 6 }] })).ok).toBe(false);
    expect(parseLobbyMessage(JSON.stringify({ type: 'tournament-chat', lines: [] })).ok).toBe(false);
  });
});

describe('a refusal on the lobby socket', () => {
  it('keeps its words, its code and its plain values; a value of another kind is dropped', () => {
    const told = { type: 'error', error: 'too many messages: at most 2 a second', code: 'lobby.tooFast', values: { rate: 2 } };
    expect(parseLobbyMessage(JSON.stringify(told))).toEqual({ ok: true, value: told });
    expect(parseLobbyMessage(JSON.stringify({ type: 'error', error: 'no', values: { a: 'x', b: [1] } }))).toEqual({
      ok: true,
      value: { type: 'error', error: 'no', values: { a: 'x' } },
    });
    expect(parseLobbyMessage(JSON.stringify({ type: 'error', error: 'bad JSON' }))).toEqual({
      ok: true,
      value: { type: 'error', error: 'bad JSON' },
    });
    expect(parseLobbyMessage(JSON.stringify({ type: 'error', code: 'lobby.tooFast' })).ok).toBe(false);
  });
});
