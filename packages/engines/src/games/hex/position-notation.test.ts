import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { hexAi } from './ai.ts';
import { type HexState, hex } from './game.ts';
import { formatHexPosition, parseHexPosition } from './position-notation.ts';

const parse = (text: string): HexState => unwrap(hex.parsePosition?.(text) ?? parseHexPosition(text));
const format = formatHexPosition;
const why = (text: string): string => {
  const r = parseHexPosition(text);
  return r.ok ? 'accepted' : r.error.message;
};
const moveSet = (state: HexState): string[] =>
  hex
    .legalMoves(state)
    .map((m) => hex.formatMove(state, m))
    .sort();
const hashOf = (state: HexState): [number, number] => {
  const search = hexAi.search?.open(state);
  return [search?.hashLo() ?? 0, search?.hashHi() ?? 0];
};

function expectSame(parsed: HexState, original: HexState): void {
  expect(format(parsed)).toBe(format(original));
  expect(moveSet(parsed)).toEqual(moveSet(original));
  expect(hex.result(parsed)).toEqual(hex.result(original));
  expect(hex.toMove(parsed)).toBe(hex.toMove(original));
  expect(hashOf(parsed)).toEqual(hashOf(original));
  expect(hexAi.positionKey(parsed)).toBe(hexAi.positionKey(original));
  expect(hexAi.search?.open(parsed).evaluate()).toBe(hexAi.search?.open(original).evaluate());
}

/** Every position of random games of every size, with and without the pie rule, swaps taken often. */
function games(): HexState[] {
  const rng = Rng.fromSeed('hex positions');
  const states: HexState[] = [];
  for (let size = 5; size <= 13; size++) {
    for (const pie of [true, false]) {
      for (let game = 0; game < 3; game++) {
        let state = hex.newGame({ size, pie }, '');
        states.push(state);
        while (hex.result(state) === null) {
          const legal = hex.legalMoves(state);
          const swap = legal.find((m) => m.kind === 'swap');
          state = hex.play(state, swap && rng.chance(0.5) ? swap : rng.pick(legal));
          states.push(state);
        }
      }
    }
  }
  return states;
}

describe('Hex positions round-trip', () => {
  const positions = games();

  it('every position of random games comes back with the same moves, result, side, text, key and hash', () => {
    expect(positions.length).toBeGreaterThan(2000);
    expect(positions.filter((s) => hex.result(s) !== null)).toHaveLength(54);
    expect(positions.filter((s) => s.board.history[1] === 1000).length).toBeGreaterThan(100);
    for (const original of positions) expectSame(parse(format(original)), original);
  });

  it('the swap is still there after the first stone, with the pie rule only', () => {
    expect(moveSet(parse('5 b 5_2r2_5_5_5'))).toContain('swap');
    expect(moveSet(parse('5 b no-pie 5_2r2_5_5_5'))).not.toContain('swap');
    expect(moveSet(parse('5 r 5_5_2b2_5_5'))).not.toContain('swap');
  });

  it('a position from the text plays on as the game it came from, and its record replays', () => {
    const rng = Rng.fromSeed('plays on');
    for (const original of positions.filter((_, i) => i % 17 === 0)) {
      let a = original;
      let b = parse(format(original));
      expectSame(unwrap(hex.fromJSON(hex.toJSON(b))), b);
      for (let i = 0; i < 5 && hex.result(a) === null; i++) {
        const move = rng.pick(hex.legalMoves(a));
        const text = hex.formatMove(a, move);
        a = hex.play(a, move);
        b = hex.play(b, unwrap(hex.parseMove(b, text)));
        expectSame(b, a);
      }
    }
  });

  it('a won game parses with its result', () => {
    const won = parse('5 b r4_r4_r4_r4_rbbbb');
    expect(hex.result(won)).toMatchObject({ kind: 'win', winner: 0 });
    expect(hex.legalMoves(won)).toEqual([]);
  });
});

describe('Hex positions that cannot be', () => {
  const cases: [string, string][] = [
    ['', 'a Hex position is the size, the side to move and the rows, such as "5 b 5_2r2_5_5_5"'],
    ['x r 5_5_5_5_5', '"x" is not a board size: write a number from 5 to 19, such as "5 b 5_2r2_5_5_5"'],
    ['4 r 4_4_4_4', 'a Hex board is 5 to 19 cells a side, not 4'],
    ['20 r 20', 'a Hex board is 5 to 19 cells a side, not 20'],
    ['5 g 5_5_5_5_5', '"g" is not the side to move: write r (Red) or b (Blue)'],
    ['5 r pie 5_5_5_5_5', '"pie" is not an option of a Hex position: the one there is is no-pie'],
    ['5 r 5_5_5_5', 'a 5×5 board has 5 rows, separated by _; this one has 4'],
    ['5 r 5_5_5_5_4', 'row 5 has 4 cells, but a row of a 5×5 board has 5'],
    ['5 r 5_5_5_5_r5', 'row 5 has 6 cells, but a row of a 5×5 board has 5'],
    ['5 r 5_5_5_5_4x', 'row 5: "x" is no cell; write r (a Red stone), b (a Blue stone) or a number of empty cells'],
    [
      '5 r rr3_5_5_5_5',
      'Red has 2 stones and Blue 0: players take turns, so Red has as many stones as Blue or one more (one fewer after a swap)',
    ],
    ['5 r r4_5_5_5_5', 'Red has 1 stone and Blue 0, so Red has just moved: Blue is to move'],
    [
      '5 b bb3_5_5_5_5',
      'Red has 0 stones and Blue 2: players take turns, so Red has as many stones as Blue or one more (one fewer after a swap)',
    ],
    ['5 b b4_5_5_5_5', 'Red has 0 stones and Blue 1: after a swap Blue has a stone more only when Red is to move'],
    [
      '5 r no-pie b4_5_5_5_5',
      'Red has 0 stones and Blue 1 with Red to move: only a swap can do that, and this game is played without the pie rule (no-pie)',
    ],
    ['5 r rb3_r4_r4_r4_rbbbb', 'Red has joined top and bottom, so Red moved last: Blue is to move'],
    ['5 b 5_5_5_5_5', 'the board is empty, so Red is to move: Red moves first'],
    [
      '5 b rr3_rr3_r4_r4_rbbbb',
      'Red has 7 stones and Blue 4: players take turns, so Red has as many stones as Blue or one more (one fewer after a swap)',
    ],
    ['5 b rr3_rr3_r4_r4_rbbbb b', '"rr3_rr3_r4_r4_rbbbb" is not an option of a Hex position: the one there is is no-pie'],
    [
      '5 b r1rbb_r1rbb_r1rbb_r1rbb_r1r1b',
      "Red's stones join top and bottom even without any one of them: the game would have ended before Red's last stone",
    ],
  ];
  it.each(cases)('%s', (text, message) => expect(why(text)).toBe(message));
});

describe('Hex position texts from anywhere', () => {
  const check = (text: string) => {
    const parsed = hex.parsePosition?.(text);
    if (!parsed?.ok) return;
    const again = format(parsed.value);
    expect(format(parse(again))).toBe(again);
    expect(unwrap(hex.fromJSON(hex.toJSON(parsed.value))).board.stones).toEqual(parsed.value.board.stones);
  };

  it('random and mutated texts never throw', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), check), { numRuns: 500 });
    const alphabet = fc.constantFrom(...'rb0123456789_ '.split(''), '5 r ', '5 b ', 'no-pie ');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 50 }).map((a) => a.join('')),
        check,
      ),
      { numRuns: 500 },
    );
    const valid = games()
      .filter((_, i) => i % 13 === 0)
      .map(format);
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.nat(), fc.constantFrom(...'rb123_ x'.split('')), (text, i, c) => {
        const at = i % text.length;
        check(text.slice(0, at) + c + text.slice(at + 1));
        check(text.slice(0, at) + text.slice(at + 1));
      }),
      { numRuns: 1500 },
    );
  });
});
