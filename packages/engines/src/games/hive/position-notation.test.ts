import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { Rng } from '../../engine/rng.ts';
import { hiveAi } from './ai.ts';
import { type HiveState, hive } from './game.ts';
import { NEIGHBORS } from './grid.ts';
import { colorOf, GAME_TYPES, QUEEN } from './pieces.ts';
import { moveTo, PASS } from './position.ts';
import { formatHivePosition, parseHivePosition } from './position-notation.ts';
import { unfinishedGame } from './testing.ts';

const parse = (text: string): HiveState => unwrap(hive.parsePosition?.(text) ?? parseHivePosition(text));
const format = (state: HiveState): string => formatHivePosition(state);
const why = (text: string): string => {
  const r = parseHivePosition(text);
  return r.ok ? 'accepted' : r.error.message;
};
const moveSet = (state: HiveState): string[] =>
  hive
    .legalMoves(state)
    .map((m) => hive.formatMove(state, m))
    .sort();
const hashOf = (state: HiveState): [number, number] => {
  const search = hiveAi.search?.open(state);
  return [search?.hashLo() ?? 0, search?.hashHi() ?? 0];
};

/**
 * A random game that heads for the queens: most moves that end next to a queen are taken, so games
 * end (random Hive games rarely do) and pieces pile up around the queens, beetles on top.
 */
function heading(type: (typeof GAME_TYPES)[number], seed: string, plies: number): HiveState[] {
  const rng = Rng.fromSeed(seed);
  let state = hive.newGame({ ...hive.defaultOptions, type }, seed);
  const states = [state];
  for (let i = 0; i < plies && hive.result(state) === null; i++) {
    const legal = hive.legalMoves(state);
    const queens = [0, 1].map((c) => state.pos.where[c * 14 + QUEEN] as number).filter((cell) => cell >= 0);
    const near = legal.filter((m) => m !== PASS && queens.some((q) => NEIGHBORS.subarray(q * 6, q * 6 + 6).includes(moveTo(m))));
    state = hive.play(state, near.length > 0 && rng.chance(0.7) ? rng.pick(near) : rng.pick(legal));
    states.push(state);
  }
  return states;
}

function expectSame(parsed: HiveState, original: HiveState): void {
  expect(format(parsed)).toBe(format(original));
  expect(moveSet(parsed)).toEqual(moveSet(original));
  expect(hive.result(parsed)).toEqual(hive.result(original));
  expect(hive.toMove(parsed)).toBe(hive.toMove(original));
  expect(hashOf(parsed)).toEqual(hashOf(original));
  expect(hiveAi.search?.open(parsed).evaluate()).toBe(hiveAi.search?.open(original).evaluate());
}

describe('Hive positions round-trip', () => {
  const games = GAME_TYPES.flatMap((type) => [0, 1, 2, 3, 4, 5].map((i) => heading(type, `${type}/${i}`, 160)));
  const long = [1, 2, 3].map((i) => unfinishedGame(`long/${i}`, 120).state);
  const positions = [...games.flatMap((states) => states.filter((_, i) => i % 3 === 1 || i === states.length - 1)), ...long];

  it('the positions of random games come back with the same moves, result, side, text and hash', () => {
    let stacked = 0;
    let throws = 0;
    let finished = 0;
    for (const original of positions) {
      const text = format(original);
      expectSame(parse(text), original);
      if (original.pos.height.some((h) => h > 1)) stacked++;
      // A pillbug (or a mosquito beside one) may throw an opponent's piece.
      if (hive.legalMoves(original).some((m) => m !== PASS && colorOf(m & 31) !== original.pos.turn)) throws++;
      if (hive.result(original) !== null) finished++;
    }
    expect(positions.length).toBeGreaterThan(300);
    expect(stacked).toBeGreaterThan(20);
    expect(finished).toBeGreaterThan(5);
    expect(throws).toBeGreaterThan(5);
  });

  it('pillbug throws and the piece that moved last come back', () => {
    // White's pillbug may throw bA1 (not the bG1 that just moved) next to it.
    const text = 'Base+MLP w5 wQ.0.0 wP.1.0 bQ.3.-1 bA1.2.-1 bG1.2.0 wS1.-1.0 bS1.4.-1 last.bG1';
    const state = parse(text);
    expect(format(state)).toBe('Base+MLP w5 bA1.2.-1 bQ.3.-1 bS1.4.-1 wS1.-1.0 wQ.0.0 wP.1.0 bG1.2.0 last.bG1');
    const throws = moveSet(state).filter((m) => m.startsWith('b'));
    expect(throws.some((m) => m.startsWith('bA1'))).toBe(true);
    expect(throws.some((m) => m.startsWith('bG1'))).toBe(false);
    expectSame(parse(format(state)), state);
  });

  it('a finished game parses, with its result', () => {
    const surrounded = parse('Base w7 wQ.0.0 bQ.2.-1 wS1.0.-1 wS2.1.-1 bA1.1.0 bA2.0.1 bG1.-1.1 wG1.-1.0 bB1.3.-1 wA1.-2.0');
    expect(hive.result(surrounded)).toMatchObject({ kind: 'win', winner: 1 });
    expect(hive.legalMoves(surrounded)).toEqual([]);
    expect(hive.toMove(surrounded)).toBeNull();
  });

  it('a position from the text plays on as the game it came from', () => {
    const rng = Rng.fromSeed('plays on');
    for (const original of positions.filter((_, i) => i % 5 === 0)) {
      let a = original;
      let b = parse(format(original));
      for (let i = 0; i < 6 && hive.result(a) === null; i++) {
        const move = rng.pick(hive.legalMoves(a));
        const text = hive.formatMove(a, move);
        a = hive.play(a, move);
        b = hive.play(b, unwrap(hive.parseMove(b, text)));
        expectSame(b, a);
      }
    }
  });

  it('toJSON and fromJSON keep a parsed position and the moves after it', () => {
    const state = parse('Base+MLP w4 wQ.0.0 bQ.1.0 wA1.-1.0 bB1.1.0 last.bB1');
    const later = hive.play(state, hive.legalMoves(state)[0] as number);
    for (const s of [state, later]) {
      const back = unwrap(hive.fromJSON(JSON.parse(JSON.stringify(hive.toJSON(s)))));
      expectSame(back, s);
      expect(hive.toJSON(back)).toEqual(hive.toJSON(s));
    }
    expect(hive.toJSON(later)).toMatchObject({
      position: format(state),
      moves: [hive.formatMove(state, hive.legalMoves(state)[0] as number)],
    });
  });

  it('the options travel with the position; the turn number defaults to the earliest that fits', () => {
    const state = parse('Base+M b no-tournament repetition-draw wQ.0.0 bQ.1.0 wA1.-1.0');
    expect(state.options).toEqual({ type: 'Base+M', tournament: false, repetitionDraw: true });
    expect(format(state)).toBe('Base+M b2 no-tournament repetition-draw wA1.-1.0 wQ.0.0 bQ.1.0');
    expect(format(parse('base+plm w wS.0.0 bs.1.0 ws.-1.0'))).toBe('Base+MLP w3 wS2.-1.0 wS1.0.0 bS1.1.0');
  });

  it('takes a GameString or a bare game type too', () => {
    expect(format(parse('Base+MLP;InProgress;White[2];wS1;bG1 -wS1'))).toBe('Base+MLP w2 bG1.-1.0 wS1.0.0 last.bG1');
    expect(format(parse('Base+L'))).toBe('Base+L w1');
  });
});

describe('Hive positions that cannot be', () => {
  const cases: [string, string][] = [
    ['', 'an empty position: write the game type, the side to move and the pieces, such as "Base+MLP b2 wS1.0.0 bG1.1.0 last.bG1"'],
    ['Base+X w1', '"Base+X" is not a game type: write Base, or Base+ with any of M, L, P (such as Base+MLP)'],
    ['Base x3 wQ.0.0', '"x3" is not the side to move: write w or b and the turn number, such as w3 (White\'s third turn)'],
    ['Base w0', 'turns are numbered from 1 (w1 is the first turn of the game)'],
    ['Base w3 wQ.0.0 bQ.1.0 wM.-1.0', 'wM is not in a Base game: name its expansion in the game type (such as Base+MLP)'],
    ['Base w3 wQ.0.0 bQ.1.0 wS3.-1.0', 'wS3 is not a piece: a player has 2 spiders (wS1, wS2)'],
    ['Base w3 wQ1.0.0', 'wQ1 is not a piece: a player has one queen, written wQ'],
    ['Base w4 wQ.0.0 bQ.1.0 wS.-1.0 wS.-2.0 wS.-3.0', 'White has more than 2 spiders on the board: a player has 2'],
    ['Base w3 wQ.0.0 bQ.1.0 wQ.-1.0', 'wQ is placed twice (at 0,0 and at -1,0)'],
    ['Base w3 wQ.0.0 bQ.1.0 wX.-1.0', '"wX.-1.0": X is no bug; the bugs are Q S B G A M L P'],
    [
      'Base w3 wQ.0.0 bQ.1.0 wA1.-1',
      '"wA1.-1" is not a piece on a cell: write its name and axial coordinates q.r, such as wQ.0.0 or bA1.-1.2',
    ],
    ['Base w3 wQ.0.0 bQ.1.0 wA1.100.0', '"wA1.100.0": coordinates run from -99 to 99'],
    [
      'Base w3 wQ.0.0 bQ.1.0 wA1.0.0',
      'wA1 is on top of wQ at 0,0, but only beetles and mosquitoes climb onto the hive (a Soldier Ant stays on the ground)',
    ],
    [
      'Base w9 wQ.0.0 bQ.1.0 wB1.1.0 wB2.1.0 bB1.1.0 bB2.1.0 wS1.1.0',
      'the stack at 1,0 is 6 pieces high, but in a Base game a stack is at most 5 (a piece under every beetle)',
    ],
    ['Base w3 wQ.0.0 bQ.1.0 wA1.-2.0', 'wA1 at -2,0 is cut off from the hive: all pieces must touch one another in one group (one hive)'],
    ['Base w3 wQ.0.0 bQ.1.0 wS2.-1.0', 'wS2 is on the board but wS1 is not: pieces of one bug enter in order (write wS1 first)'],
    ['Base w2 wS1.0.0 bS1.1.0 wS2.-1.0', 'White has 2 pieces on the board but has played only 1 turn: give a later turn number'],
    [
      'Base b5 wS1.0.0 bS1.1.0 wS2.-1.0 wA1.-2.0 wA2.-3.0 bA1.2.0',
      'White has played 5 turns without placing its queen: a player places its queen by its fourth turn',
    ],
    [
      'Base w2 wQ.0.0 bS1.1.0',
      "White's only piece is its queen, but the tournament rule keeps the queen out of a player's first turn (write no-tournament to play without it)",
    ],
    [
      'Base w4 wS1.0.0 bQ.1.0 bS1.2.0 wB1.1.0',
      "wB1 is on top of the hive, but White's queen is not placed: no piece moves before its queen is in",
    ],
    ['Base w1 last.wQ', 'last.wQ: the piece that moved last must be a piece on the board, named in full (such as last.wA1)'],
    [
      'Base w3 wQ.0.0 bQ.1.0 last.wA1',
      'last.wA1: the piece that moved last must be a piece on the board, named in full (such as last.wA1)',
    ],
    [
      'Base w5 no-tournament wQ.0.0 bQ.1.0 wB1.1.0 last.bQ',
      'bQ moved last, so nothing can have climbed on it since, but wB1 is on top of it',
    ],
    [
      'Base+MLP w5 wQ.0.0 bQ.1.0 bB1.1.0 wB1.1.0 last.wB1',
      "wB1 cannot have moved last, on Black's move: a piece of the other side moves only when a pillbug throws it, onto the ground",
    ],
    [
      'Base w5 wQ.0.0 bQ.1.0 bS1.2.0 wS1.-1.0 last.wS1',
      "wS1 cannot have moved last, on Black's move: only a pillbug throws a piece of the other side, and a Base game has none",
    ],
    ['Base w3 wQ.0.0 bQ.1.0 last.wQ last.bQ', 'name one piece as moved last (last.X), not two'],
  ];
  it.each(cases)('%s', (text, message) => expect(why(text)).toBe(message));
  it('Black to move on an empty board', () =>
    expect(why('Base b1')).toBe("White has played 1 turn but has no piece on the board: a player's first turn places a piece"));
});

describe('Hive position texts from anywhere', () => {
  const valid = GAME_TYPES.flatMap((type) => heading(type, `fuzz/${type}`, 60).filter((_, i) => i % 10 === 9)).map(format);

  /** Whatever is accepted is a position the engine can play from, and reads back as itself. */
  const check = (text: string) => {
    const parsed = hive.parsePosition?.(text);
    if (!parsed?.ok) return;
    const again = format(parsed.value);
    expect(format(parse(again))).toBe(again);
    hive.legalMoves(parsed.value);
    hiveAi.search?.open(parsed.value).evaluate();
  };

  it('random text never throws', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), check), { numRuns: 500 });
    const alphabet = fc.constantFrom(...'wbQSBGAMLP0123456789.- '.split(''), 'Base ', 'Base+MLP ', 'last.', ' w3 ');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')),
        check,
      ),
      { numRuns: 500 },
    );
  });

  it('mutated positions never throw', () => {
    const mutation = fc.tuple(
      fc.constantFrom(...valid),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('delete', 'swap', 'duplicate', 'digit', 'word'),
    );
    fc.assert(
      fc.property(mutation, ([text, i, j, how]) => {
        const words = text.split(' ');
        const a = i % words.length;
        const b = j % words.length;
        if (how === 'delete') words.splice(a, 1);
        else if (how === 'swap') [words[a], words[b]] = [words[b] as string, words[a] as string];
        else if (how === 'duplicate') words.splice(a, 0, words[b] as string);
        else if (how === 'word') words[a] = (words[a] as string).replace(/\d+/, String(j % 7));
        else {
          const at = i % text.length;
          return check(text.slice(0, at) + String(j % 10) + text.slice(at + 1));
        }
        return check(words.join(' '));
      }),
      { numRuns: 1500 },
    );
  });
});
