import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Json } from '../engine/game.ts';
import { whyOf } from '../engine/refusal.ts';
import { unwrap } from '../engine/result.ts';
import { Rng } from '../engine/rng.ts';
import { GAMES } from './index.ts';

/** Options that keep random games short enough to walk many of them. */
const QUICK: Record<string, Json> = { dicewars: { players: 3, map: 'small' } };

/**
 * What every game of the registry promises the layers above it (match runner, agents, the browser),
 * checked along random games: a game is over exactly when nobody is to move, a game that is not
 * over has a legal move, every legal move reads back from its text and can be played, and a state
 * survives its JSON.
 */
describe.each(GAMES.map((game) => [game.id, game] as const))('the Game contract: %s', (id, game) => {
  const options = unwrap(game.parseOptions(QUICK[id] ?? null));

  it('over exactly when nobody is to move; never stuck; moves read back from their text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 60 }), (seed, plies) => {
        const rng = Rng.fromSeed(`contract/${seed}`);
        let state = game.newGame(options, seed);
        for (let i = 0; i <= plies; i++) {
          const over = game.result(state) !== null;
          expect(game.toMove(state) === null).toBe(over);
          const moves = game.legalMoves(state);
          expect(moves.length === 0).toBe(over);
          if (over) break;
          const move = rng.pick(moves);
          const text = game.formatMove(state, move);
          expect(game.formatMove(state, unwrap(game.parseMove(state, text)))).toBe(text);
          state = game.play(state, move);
        }
        const back = unwrap(game.fromJSON(JSON.parse(JSON.stringify(game.toJSON(state)))));
        expect(game.toJSON(back)).toEqual(game.toJSON(state));
      }),
      { numRuns: 20 },
    );
  });

  it('every move the rules refuse says why as a code, beside the words (what an app translates)', () => {
    // Texts that are no move, and moves of earlier positions (mostly illegal by now): each refusal is
    // a RulesRefusal, whose code the app's catalogs name (src/web/i18n/why.ts).
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 60 }), fc.string({ maxLength: 12 }), (seed, plies, junk) => {
        const rng = Rng.fromSeed(`refusals/${seed}`);
        let state = game.newGame(options, seed);
        const earlier: string[] = [];
        for (let i = 0; i <= plies && game.result(state) === null; i++) {
          const move = rng.pick(game.legalMoves(state));
          earlier.push(game.formatMove(state, move));
          state = game.play(state, move);
        }
        for (const [i, text] of [junk, ...earlier.slice(-6)].entries()) {
          const parsed = game.parseMove(state, text);
          if (parsed.ok) continue;
          const why = whyOf(parsed.error);
          expect(why, `${text}: ${parsed.error.message}`).not.toBeNull();
          expect(why?.code).toMatch(/^[a-z]+\.[A-Za-z]+$/);
          // A move once legal, in a finished game: refused as too late, whatever else is wrong with it.
          if (i > 0 && game.result(state) !== null) expect(why?.code).toBe('rules.gameOver');
        }
      }),
      { numRuns: 30 },
    );
  });

  it('a view shows the position: the same view, side to move, result and legal moves come back from it', () => {
    // What an online client builds from what the server sends, with a random first player where the
    // game has one: the seed that drew it stays on the server.
    const withRandom = unwrap(game.parseOptions({ ...(QUICK[id] as object), ...(id === 'nonaga' ? { first: 'random' } : {}) }));
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 40 }), (seed, plies) => {
        const rng = Rng.fromSeed(`view/${seed}`);
        let state = game.newGame(withRandom, seed);
        for (let i = 0; i < plies && game.result(state) === null; i++) state = game.play(state, rng.pick(game.legalMoves(state)));
        const view = JSON.parse(JSON.stringify(game.view(state, null)));
        const shown = unwrap((game.fromView ?? game.fromJSON).call(game, view));
        expect(game.view(shown, null)).toEqual(view);
        expect(game.toMove(shown)).toBe(game.toMove(state));
        expect(game.result(shown)).toEqual(game.result(state));
        const texts = (s: typeof state) => game.legalMoves(s).map((m) => game.formatMove(s, m));
        expect(texts(shown)).toEqual(texts(state));
      }),
      { numRuns: 20 },
    );
  });
});

/** Values that trip a careless option reader: the names every object inherits, wrong types, nesting. */
const trickyValue = fc.oneof(
  fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'small', 'classic', 'red', 'Base+MLP'),
  fc.constantFrom(['small'], { map: 'small' }, null, true, 0, -1, 2.5, 1e9, Number.NaN, '', '8'),
  fc.jsonValue({ maxDepth: 2 }),
);

describe.each(GAMES.map((game) => [game.id, game] as const))('options from outside: %s', (_id, game) => {
  it('any options JSON is accepted as a game that starts, or refused with a message; nothing throws', () => {
    const known = Object.keys(game.defaultOptions as object);
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...known, '__proto__', 'constructor', 'extra'), trickyValue, { maxKeys: 4 }),
        fc.string({ maxLength: 6 }),
        (raw, seed) => {
          // Through JSON, as a URL, a record or a request body brings it ("__proto__" an own key).
          const json = JSON.parse(JSON.stringify(raw));
          const parsed = game.parseOptions(json);
          if (!parsed.ok) {
            expect(parsed.error.message.length).toBeGreaterThan(0);
            return;
          }
          const state = game.newGame(parsed.value, seed);
          expect(game.legalMoves(state).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe.each(GAMES.map((game) => [game.id, game] as const))('states from outside: %s', (_id, game) => {
  it('fromJSON of any JSON, or of a real state with a field changed, never throws; what it accepts plays', () => {
    const real = game.toJSON(game.newGame(unwrap(game.parseOptions(QUICK[game.id] ?? null)), 'outside')) as Record<string, Json>;
    const keys = Object.keys(real);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc
            .record({
              key: fc.constantFrom(...keys),
              value: fc.oneof(trickyValue, fc.array(fc.integer({ min: -3, max: 200 }), { maxLength: 40 })),
            })
            .map(({ key, value }) => ({ ...real, [key]: value }) as Json),
        ),
        (json) => {
          const r = game.fromJSON(JSON.parse(JSON.stringify(json)));
          if (!r.ok) {
            expect(r.error.message.length).toBeGreaterThan(0);
            return;
          }
          const moves = game.legalMoves(r.value);
          expect(moves.length === 0).toBe(game.result(r.value) !== null);
          if (moves.length > 0) game.play(r.value, moves[0]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
