import { makeRecord } from '@hexarena/engines/engine/record.ts';
import { resignationOutcome } from '@hexarena/engines/engine/resign.ts';
import { fail, unwrap } from '@hexarena/engines/engine/result.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { webGameOf } from './games/index.ts';
import { setCatalog } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import ru from './i18n/messages/ru.ts';
import { checkSetup, parseSetup, type Setup, setupFromRecord, setupPart, setupUrl, startOf } from './setup.ts';

beforeAll(() => setCatalog('en', en));

const setupArb = fc.record({
  game: fc.constantFrom('tictactoe', 'hive', 'nonaga', 'dicewars'),
  options: fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
  seats: fc.array(fc.stringMatching(/^[a-z]+$/), { minLength: 1, maxLength: 8 }),
  seed: fc.string({ minLength: 1 }),
  moves: fc.array(fc.stringMatching(/^[^;]+$/), { maxLength: 20 }),
});

describe('the setup in the address', () => {
  it('round-trips through the address (fragment), and older query-string addresses still open', () => {
    fc.assert(
      fc.property(setupArb, fc.option(fc.nat(7), { nil: undefined }), (setup, resigned) => {
        const s: Setup = resigned === undefined ? setup : { ...setup, resigned };
        const url = setupUrl(s);
        expect(url.startsWith('./#game=')).toBe(true);
        expect(unwrap(parseSetup(url) ?? { ok: false, error: new Error('home') })).toEqual(s);
        // The same address in the query string, as links made before the fragment were.
        expect(unwrap(parseSetup(`?${url.slice(3)}`) ?? { ok: false, error: new Error('home') })).toEqual(s);
      }),
    );
    expect(setupPart({ hash: '#game=hive', search: '?game=nonaga' })).toBe('#game=hive');
    expect(setupPart({ hash: '', search: '?game=nonaga' })).toBe('?game=nonaga');
  });

  it('is the home page without a game, and an error for broken options', () => {
    expect(parseSetup('')).toBeNull();
    expect(parseSetup('?game=hive&options={oops')).toMatchObject({ ok: false });
    expect(parseSetup('?game=hive&resigned=x')).toMatchObject({ ok: false });
  });

  it('is checked before a board sees it: game, options, seat count and players', () => {
    const base = { game: 'tictactoe', options: {}, seats: ['human', 'max'], seed: 's', moves: [] };
    expect(checkSetup(base).ok).toBe(true);
    const error = (s: Partial<Setup>) => {
      const r = checkSetup({ ...base, ...s });
      return r.ok ? null : r.error.message;
    };
    expect(error({ game: 'chess' })).toBe('there is no game “chess” here');
    expect(error({ seats: ['human'] })).toMatch(/2 seats \(X, O\), the address names 1/);
    expect(error({ seats: ['human', 'grandmaster'] })).toMatch(/unknown player “grandmaster”/);
    expect(error({ game: 'hive', options: { type: 'Chess' } })).toMatch(/Chess/);
    expect(error({ resigned: 2 })).toMatch(/no seat 2/);
    // A DiceWars link without options: its seats give the players, the map is the small one.
    const dw = unwrap(checkSetup({ ...base, game: 'dicewars', seats: ['human', 'hard', 'gamedesign'] }, webGameOf('dicewars')));
    expect(dw.options).toMatchObject({ rules: 'classic', players: 3, map: 'small' });
  });

  it('says what is wrong with the address in the player’s language', () => {
    const base = { game: 'tictactoe', options: {}, seats: ['human', 'max'], seed: 's', moves: [] };
    const error = (s: Partial<Setup>) => {
      const r = checkSetup({ ...base, ...s });
      return r.ok ? null : r.error.message;
    };
    try {
      setCatalog('ru', ru);
      expect(error({ seats: ['human'] })).toBe('В игре Tic-tac-toe с этими настройками 2 места (X, O), а в адресе назван 1 игрок');
      expect(error({ options: [] })).toBe('настройки в адресе должны быть объектом JSON');
      expect(error({ game: 'hex', position: '5 b 5_5_5' })).toBe('Позиция в адресе: На доске 5×5 5 рядов, разделённых _; здесь их 3.');
    } finally {
      setCatalog('en', en);
    }
  });
});

describe('a game from a position set up', () => {
  it('says why the position is refused in the player’s language', () => {
    setCatalog('ru', ru);
    try {
      expect(startOf(hive, hive.defaultOptions, { seed: 's', position: 'Base w3 wQ.0.0 wQ.1.0' })).toMatchObject({
        ok: false,
        error: { message: 'Позиция в адресе: wQ стоит дважды (на 0,0 и на 1,0).' },
      });
    } finally {
      setCatalog('en', en);
    }
  });

  const position = 'Base+MLP w3 no-tournament wQ.0.0 bQ.1.0 bB1.2.0';
  it('keeps the position in the address, starts from it, and checks it before a board sees it', () => {
    const setup: Setup = { game: 'hive', options: {}, seats: ['human', 'medium'], seed: 's', moves: [], position };
    const parsed = unwrap(parseSetup(setupUrl(setup)) ?? fail('no setup'));
    expect(parsed.position).toBe(position);
    const checked = unwrap(checkSetup(parsed, webGameOf('hive')));
    const start = unwrap(startOf(hive, unwrap(hive.parseOptions(checked.options)), checked));
    expect(hive.formatPosition?.(start)).toBe(position);
    expect(checkSetup({ ...setup, position: 'Base w1 bQ.0.0 wQ.5.5' }, webGameOf('hive'))).toMatchObject({
      ok: false,
      error: { message: /^The position in the address: / },
    });
    expect(checkSetup({ ...setup, game: 'tictactoe', seats: ['human', 'human'], position: 'x' })).toMatchObject({
      ok: false,
      error: { message: /no position notation/ },
    });
    // Without one, the game's own start.
    expect(unwrap(startOf(tictactoe, {}, { seed: 's' }))).toEqual(tictactoe.newGame({}, 's'));
  });
});

describe('a record opened in the browser', () => {
  it('resumes its game: options, seed, moves, and the players it names', () => {
    const record = makeRecord(tictactoe, {}, 'r', ['b2', 'a1'], null, { players: ['human', 'max'] });
    expect(unwrap(setupFromRecord(record))).toEqual({
      game: 'tictactoe',
      options: {},
      seats: ['human', 'max'],
      seed: 'r',
      moves: ['b2', 'a1'],
    });
    // People's names are not agents: those seats come back human.
    const named = makeRecord(tictactoe, {}, 'r', [], null, { players: ['alice', 'perfect'] });
    expect(unwrap(setupFromRecord(named)).seats).toEqual(['human', 'perfect']);
  });

  it('keeps a resignation, in two-seat and many-seat games', () => {
    const state = tictactoe.play(tictactoe.newGame({}, 'r'), { cell: 4 });
    const resigned = makeRecord(tictactoe, {}, 'r', ['b2'], resignationOutcome(tictactoe, state, 1, ['X', 'O']), {
      termination: 'resignation',
    });
    expect(unwrap(setupFromRecord(resigned)).resigned).toBe(1);
    const options = unwrap(dicewars.parseOptions({ players: 3, map: 'small' }));
    const dw = dicewars.newGame(options, 'r');
    const outcome = resignationOutcome(dicewars, dw, 2, dicewars.seatNames(options));
    const record = JSON.parse(JSON.stringify(makeRecord(dicewars, options, 'r', [], outcome, { termination: 'resignation' })));
    expect(unwrap(setupFromRecord(record)).resigned).toBe(2);
  });

  it('is refused with the reason when it does not replay', () => {
    const bad = { ...makeRecord(tictactoe, {}, 'r', ['b2', 'b2'], null) };
    expect(setupFromRecord(bad)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^move 2 \(b2\)/) } });
    expect(setupFromRecord({ game: 'tictactoe' })).toMatchObject({ ok: false });
  });
});
