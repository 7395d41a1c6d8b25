import { describe, expect, it } from 'vitest';
import { parseNewGameRequest, parseRematchRequest, parseSeatRequest } from './requests.ts';

describe('REST request bodies', () => {
  it('round-trip through JSON: what a client sends is what the server reads', () => {
    const game = {
      game: 'hive',
      options: { expansions: ['M'] },
      seats: ['open', 'medium'],
      seat: 0,
      name: 'Zoë',
      clock: { initialMs: 300_000, incrementMs: 5_000 },
    };
    expect(parseNewGameRequest(JSON.parse(JSON.stringify(game)))).toEqual({ ok: true, value: game });
    expect(parseNewGameRequest({ game: 'tictactoe', seats: ['open', 'open'], clock: null })).toEqual({
      ok: true,
      value: { game: 'tictactoe', seats: ['open', 'open'], clock: null },
    });
    expect(parseSeatRequest({ name: 'A' })).toEqual({ ok: true, value: { name: 'A' } });
    expect(parseSeatRequest(null)).toEqual({ ok: true, value: {} });
    expect(parseRematchRequest({ seat: 1, token: 't' })).toEqual({ ok: true, value: { seat: 1, token: 't' } });
  });

  it('say what is wrong in words', () => {
    const base = { game: 'tictactoe', seats: ['open', 'open'] };
    const wrong: [unknown, RegExp][] = [
      [[], /JSON object/],
      [{ ...base, colour: 'red' }, /unknown field "colour"/],
      [{ ...base, seats: ['open'] }, /"seats"/],
      [{ ...base, seats: Array(9).fill('open') }, /"seats"/],
      [{ ...base, seat: -1 }, /"seat"/],
      [{ ...base, seat: 0.5 }, /"seat"/],
      [{ ...base, name: 5 }, /"name"/],
      [{ ...base, name: 'x'.repeat(161) }, /"name"/],
      [{ ...base, options: [] }, /"options"/],
      [{ ...base, clock: { initialMs: 50, incrementMs: 0 } }, /initialMs/],
      [{ ...base, clock: { initialMs: 1000, incrementMs: -1 } }, /incrementMs/],
      [{ ...base, clock: { initialMs: 1000, incrementMs: 0, bonus: 1 } }, /unknown field "bonus"/],
    ];
    for (const [body, message] of wrong) {
      const parsed = parseNewGameRequest(body);
      expect(parsed.ok, JSON.stringify(body)).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(message);
    }
    expect(parseSeatRequest({ name: 'A', seat: 1 })).toMatchObject({ ok: false });
    expect(parseRematchRequest({ seat: 1 })).toEqual({ ok: true, value: { seat: 1 } });
    expect(parseRematchRequest({ seat: 1, token: 5 })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/token/) } });
    expect(parseRematchRequest({ seat: 8, token: 't' })).toMatchObject({ ok: false });
  });
});
