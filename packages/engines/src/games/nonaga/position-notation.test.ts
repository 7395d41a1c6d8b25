import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { nonagaAi } from './ai.ts';
import { type NonagaOptions, type NonagaState, nonaga } from './game.ts';
import { formatNonagaPosition, parseNonagaPosition } from './position-notation.ts';

const parse = (text: string): NonagaState => unwrap(nonaga.parsePosition?.(text) ?? parseNonagaPosition(text));
const format = formatNonagaPosition;
const why = (text: string): string => {
  const r = parseNonagaPosition(text);
  return r.ok ? 'accepted' : r.error.message;
};
const moveSet = (state: NonagaState): string[] =>
  nonaga
    .legalMoves(state)
    .map((m) => nonaga.formatMove(state, m))
    .sort();
const hashOf = (state: NonagaState): [number, number] => {
  const search = nonagaAi.search?.open(state);
  return [search?.hashLo() ?? 0, search?.hashHi() ?? 0];
};

function expectSame(parsed: NonagaState, original: NonagaState): void {
  expect(format(parsed)).toBe(format(original));
  expect(moveSet(parsed)).toEqual(moveSet(original));
  expect(nonaga.result(parsed)).toEqual(nonaga.result(original));
  expect(nonaga.toMove(parsed)).toBe(nonaga.toMove(original));
  expect(hashOf(parsed)).toEqual(hashOf(original));
  expect(nonagaAi.positionKey(parsed)).toBe(nonagaAi.positionKey(original));
  expect(nonagaAi.search?.open(parsed).evaluate()).toBe(nonagaAi.search?.open(original).evaluate());
}

/** Random games that take a winning slide when they see one (so many end), under several rule variants. */
function games(): NonagaState[] {
  const rng = Rng.fromSeed('nonaga positions');
  const variants: Partial<NonagaOptions>[] = [
    {},
    { first: 'black' },
    { connectivity: 'final', placementCap: true },
    { connectivity: 'none', triangleOnly: true },
    { stuckPasses: true, maxTurns: 30 },
  ];
  const states: NonagaState[] = [];
  for (const [v, variant] of variants.entries()) {
    for (let game = 0; game < 4; game++) {
      let state = nonaga.newGame({ ...nonaga.defaultOptions, ...variant }, `${v}/${game}`);
      for (let turn = 0; turn < 80 && nonaga.result(state) === null; turn++) {
        const legal = nonaga.legalMoves(state);
        const win = legal.find((t) => t.disc === null);
        state = nonaga.play(state, win && rng.chance(0.8) ? win : rng.pick(legal));
        if (turn % 2 === 1 || nonaga.result(state) !== null) states.push(state);
      }
    }
  }
  return states;
}

describe('Nonaga positions round-trip', () => {
  const positions = games();

  it('positions of random games come back with the same turns, result, side, text, key and hash', () => {
    expect(positions.length).toBeGreaterThan(100);
    expect(positions.filter((s) => nonaga.result(s) !== null).length).toBeGreaterThan(8);
    expect(positions.some((s) => format(s).includes('max-turns-30') && nonaga.result(s)?.kind === 'draw')).toBe(true);
    for (const original of positions) expectSame(parse(format(original)), original);
  });

  it('a position from the text plays on as the game it came from, and its record replays', () => {
    const rng = Rng.fromSeed('plays on');
    for (const original of positions.filter((_, i) => i % 6 === 0)) {
      let a = original;
      let b = parse(format(original));
      expectSame(unwrap(nonaga.fromJSON(nonaga.toJSON(b))), b);
      expectSame(unwrap(nonaga.fromView?.(nonaga.view(b, null)) ?? nonaga.fromJSON(nonaga.toJSON(b))), b);
      for (let i = 0; i < 3 && nonaga.result(a) === null; i++) {
        const turn = rng.pick(nonaga.legalMoves(a));
        const text = nonaga.formatMove(a, turn);
        a = nonaga.play(a, turn);
        b = nonaga.play(b, unwrap(nonaga.parseMove(b, text)));
        expectSame(b, a);
        expectSame(unwrap(nonaga.fromJSON(JSON.parse(JSON.stringify(nonaga.toJSON(b))))), a);
        expectSame(unwrap(nonaga.fromView?.(JSON.parse(JSON.stringify(nonaga.view(b, 0)))) ?? nonaga.fromJSON(nonaga.toJSON(b))), a);
      }
    }
  });

  it('the disc that may not move and the options travel with the position', () => {
    const state = parse('b7 connectivity-final stuck-passes max-turns-50 -2.-2 2rob_1oooo_booor_ooox_rob');
    expect(state.options).toMatchObject({ connectivity: 'final', stuckPasses: true, maxTurns: 50, first: 'black' });
    const moved = (s: NonagaState) => new Set(moveSet(s).map((t) => t.split(' ')[1]?.split('>')[0]));
    expect(moved(state).has('1,1')).toBe(false);
    expect(moved(parse('b7 connectivity-final stuck-passes max-turns-50 -2.-2 2rob_1oooo_booor_oooo_rob')).has('1,1')).toBe(true);
    expect(format(state)).toBe('b7 connectivity-final stuck-passes max-turns-50 -2.-2 2rob_1oooo_booor_ooox_rob');
  });

  it('a finished game parses with its result; a winner is the side to move of its last turn', () => {
    const won = parse('b3 -2.-2 2brr_1oroo_oooob_oooo_boo');
    expect(nonaga.result(won)).toMatchObject({ kind: 'win', winner: 0 });
    expect(format(won)).toBe('r3 -2.-2 2brr_1oroo_oooob_oooo_boo');
    expect(nonaga.result(parse('r51 max-turns-50 -2.-2 2rob_1oooo_booor_oooo_rob'))).toMatchObject({ kind: 'draw' });
    // The winner's token slid onto the disc the loser had just moved.
    expect(nonaga.result(parse('r9 -2.-2 2bRr_1oroo_oooob_oooo_boo'))).toMatchObject({ kind: 'win', winner: 0 });
  });
});

describe('Nonaga positions that cannot be', () => {
  const start = '-2.-2 2rob_1oooo_booor_oooo_rob';
  const cases: [string, string][] = [
    ['', 'a Nonaga position is the side to move, where the board is and its rows, such as "r1 -2.-2 2rob_1oooo_booor_oooo_rob"'],
    [`g1 ${start}`, '"g1" is not the side to move: write r (Red) or b (Black) and the turn number, such as r1'],
    [`r0 ${start}`, 'turns are numbered from 1 (r1 or b1 is the first turn of the game)'],
    [
      `r1 fast ${start}`,
      '"fast" is not an option of a Nonaga position (connectivity-final, connectivity-none, placement-cap, triangle-only, stuck-passes, max-turns-N)',
    ],
    [
      'r1 -2,-2 2rob_1oooo_booor_oooo_rob',
      '"-2,-2" is not where the board is: write the q.r of its top-left corner, such as "r1 -2.-2 2rob_1oooo_booor_oooo_rob"',
    ],
    ['r1 -2000.0 2rob_1oooo_booor_oooo_rob', "the board's corner -2000.0 is too far out: coordinates run from -999 to 999"],
    ['r1 -2.-2 2rob_1oooo_booor_oooo_ro', 'the board has 18 discs, but Nonaga is played with 19'],
    ['r1 -2.-2 2rob_1oooo_booor_oooo_robo', 'the board has 20 discs, but Nonaga is played with 19'],
    ['r1 -2.-2 2rob_1oooo_boooo_oooo_rob', 'Red has 2 tokens, but each player has 3'],
    ['r1 -2.-2 2rob_1oooo_booor_ooob_rob', 'Black has 4 tokens, but each player has 3'],
    [
      'r1 -2.-2 2rob_1oooo_booor_oooo_r?b',
      'row 5: "?" is no cell; write o (a disc), r or b (a token on its disc), x (the disc moved last turn), R or B (a token on it) or a number of cells without a disc',
    ],
    [
      'r1 -2.-2 2rob_1oooo_booor_oooo_ro2b',
      'the disc at 2,2 is cut off: the discs must form one group (write connectivity-none to play without)',
    ],
    ['r1 -2.-2 2rob_1oxoo_booor_ooox_rob', '2 discs are marked as moved last turn (x), but only one disc moves a turn'],
    ['r5 -2.-2 2rrr_1oooo_ooooo_oooo_bbb', "both players' tokens are joined, but the game ends on the slide that joins the first three"],
    ['r202 -2.-2 2rob_1oooo_booor_oooo_rob', 'turn 202 is past the end of the game: it is drawn once 200 turns are played'],
    ['r201 -2.-2 2brr_1oroo_oooob_oooo_boo', 'the game was drawn when its 200 turns were played: no slide can have won after that'],
    [
      'r5 -2.-2 2Rob_1oooo_booor_oooo_rob',
      'a token stands on the disc moved last turn (at 0,-2): a token gets there only by the slide that wins the game, after which no disc moves',
    ],
  ];
  it.each(cases)('%s', (text, message) => expect(why(text)).toBe(message));
  it('a board apart is fine without connectivity', () =>
    expect(why('r1 connectivity-none -2.-2 2rob_1oooo_booor_oooo_ro2b')).toBe('accepted'));
});

describe('Nonaga position texts from anywhere', () => {
  const check = (text: string) => {
    const parsed = nonaga.parsePosition?.(text);
    if (!parsed?.ok) return;
    const again = format(parsed.value);
    expect(format(parse(again))).toBe(again);
    nonaga.legalMoves(parsed.value);
    nonagaAi.search?.open(parsed.value).evaluate();
  };

  it('random and mutated texts never throw', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), check), { numRuns: 300 });
    const alphabet = fc.constantFrom(...'orbxRB0123456789_.- '.split(''), 'r1 ', 'b2 ', '-2.-2 ', 'connectivity-none ');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 50 }).map((a) => a.join('')),
        check,
      ),
      { numRuns: 300 },
    );
    const valid = games()
      .filter((_, i) => i % 9 === 0)
      .map(format);
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.constantFrom(...'orbxRB12_ -.'.split('')), (text, i, c) => {
        const at = i % text.length;
        check(text.slice(0, at) + c + text.slice(at + 1));
        check(text.slice(0, at) + text.slice(at + 1));
      }),
      { numRuns: 400 },
    );
  });
});
