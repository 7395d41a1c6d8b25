import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Why } from '../engine/refusal.ts';
import { whyOf } from '../engine/refusal.ts';
import type { Result } from '../engine/result.ts';
import { parseHexPosition } from './hex/position-notation.ts';
import { hive } from './hive/game.ts';
import { parseHivePosition } from './hive/position-notation.ts';
import { parseNonagaPosition } from './nonaga/position-notation.ts';

/**
 * A position the notation refuses says why as a code with its values (engine/refusal.ts), beside
 * the English words: what an app says in its player's language (src/web/i18n/why.ts).
 */
const whyNot = (parsed: Result<unknown>): Why | null | 'accepted' => (parsed.ok ? 'accepted' : whyOf(parsed.error));

const HEX: readonly [string, Why][] = [
  ['5 b', { code: 'hex.position.words' }],
  ['x b 5_5_5_5_5', { code: 'hex.position.size', values: { text: 'x', min: 5, max: 19 } }],
  ['3 r 3_3_3', { code: 'hex.position.sizeRange', values: { size: 3, min: 5, max: 19 } }],
  ['5 g 5_5_5_5_5', { code: 'hex.position.side', values: { text: 'g' } }],
  ['5 r pie 5_5_5_5_5', { code: 'hex.position.option', values: { text: 'pie' } }],
  ['5 r 5_5', { code: 'hex.position.rows', values: { size: 5, rows: 2 } }],
  ['5 r 5_2x2_5_5_5', { code: 'hex.position.cell', values: { row: 2, text: 'x' } }],
  ['5 b 5_2r_5_5_5', { code: 'hex.position.rowLength', values: { row: 2, cells: 3, size: 5 } }],
  ['5 r 5_2r2_5_5_5', { code: 'hex.position.blueToMove', values: { red: 1, blue: 0 } }],
  ['5 b 5_5_5_5_5', { code: 'hex.position.empty' }],
  ['5 b no-pie 5_2r2_2b2_5_5', { code: 'hex.position.noPie', values: { red: 1, blue: 1, side: 'blue' } }],
  ['5 b 5_2r2_2b2_2b2_5', { code: 'hex.position.swapCounts', values: { red: 1, blue: 2 } }],
  ['5 r rr3_5_5_5_5', { code: 'hex.position.counts', values: { red: 2, blue: 0 } }],
  ['5 r r4_rb3_rb3_rb3_rbb2', { code: 'hex.position.wonToMove', values: { side: 'red' } }],
  ['5 b rr3_rr3_rr3_rr3_rbbbb', { code: 'hex.position.counts', values: { red: 9, blue: 4 } }],
];

const NONAGA_START = '-2.-2 2rob_1oooo_booor_oooo_rob';
const NONAGA: readonly [string, Why][] = [
  ['r1 x', { code: 'nonaga.position.words' }],
  [`g1 ${NONAGA_START}`, { code: 'nonaga.position.side', values: { text: 'g1' } }],
  [`r0 ${NONAGA_START}`, { code: 'nonaga.position.turnZero' }],
  [`r1 wild ${NONAGA_START}`, { code: 'nonaga.position.option', values: { text: 'wild' } }],
  ['r1 here 2rob_1oooo_booor_oooo_rob', { code: 'nonaga.position.corner', values: { text: 'here' } }],
  ['r1 1000.0 2rob_1oooo_booor_oooo_rob', { code: 'nonaga.position.cornerFar', values: { corner: '1000.0', limit: 999 } }],
  ['r1 -2.-2 2rob_1oooo_booor_oooo_ro', { code: 'nonaga.position.discs', values: { discs: 18, total: 19 } }],
  ['r1 -2.-2 2oob_1oooo_booor_oooo_rob', { code: 'nonaga.position.tokens', values: { side: 'red', tokens: 2 } }],
  ['r1 -2.-2 2rxb_1xooo_booor_oooo_rob', { code: 'nonaga.position.marks', values: { marks: 2 } }],
  ['r1 -2.-2 2rob_1ooo_booor_oooo_rob_5o', { code: 'nonaga.position.cutOff', values: { cell: '3,3' } }],
  [`r202 ${NONAGA_START}`, { code: 'nonaga.position.pastEnd', values: { number: 202, max: 200 } }],
  ['r1 -2.-2 2roq_1oooo_booor_oooo_rob', { code: 'nonaga.position.cell', values: { row: 1, text: 'q' } }],
  [`r1 -2.-2 ${Array(25).fill('o').join('_')}`, { code: 'nonaga.position.rows', values: { rows: 25, limit: 24 } }],
  ['r1 -2.-2 30o', { code: 'nonaga.position.rowLength', values: { row: 1, limit: 24 } }],
];

const HIVE: readonly [string, Why][] = [
  ['', { code: 'hive.position.empty' }],
  ['Base+X w1', { code: 'hive.position.gameType', values: { text: 'Base+X' } }],
  ['Base x1 wQ.0.0', { code: 'hive.position.side', values: { text: 'x1' } }],
  ['Base w0 wQ.0.0', { code: 'hive.position.turnZero' }],
  ['Base w3 wQ.0.0 bQ.1.0 last.wQ last.bQ', { code: 'hive.position.twoLast' }],
  ['Base w3 wQ@0.0', { code: 'hive.position.notAPlacedPiece', values: { text: 'wQ@0.0' } }],
  ['Base w3 wX1.0.0', { code: 'hive.position.notABug', values: { text: 'wX1.0.0', letter: 'X' } }],
  ['Base w3 wQ.100.0', { code: 'hive.position.farCell', values: { text: 'wQ.100.0', limit: 99 } }],
  ['Base w3 wQ1.0.0', { code: 'hive.position.onlyOne', values: { piece: 'wQ1', bug: 'Q', name: 'wQ' } }],
  ['Base w3 wS3.0.0', { code: 'hive.position.numbered', values: { piece: 'wS3', bug: 'S', count: 2, names: 'wS1, wS2' } }],
  ['Base w5 wS.0.0 wS.1.0 wS.2.0', { code: 'hive.position.tooMany', values: { color: 'white', bug: 'S', count: 2 } }],
  ['Base w3 wQ.0.0 bQ.1.0 last.wX', { code: 'hive.position.lastName', values: { text: 'wX' } }],
  ['Base w3 wM.0.0 bQ.1.0', { code: 'hive.position.notInGame', values: { piece: 'wM', type: 'Base' } }],
  ['Base w3 wQ.0.0 wQ.1.0', { code: 'hive.position.twice', values: { piece: 'wQ', cell: '0,0', other: '1,0' } }],
  ['Base w5 wQ.0.0 bQ.1.0 wS1.1.0', { code: 'hive.position.climbs', values: { piece: 'wS1', under: 'bQ', cell: '1,0', bug: 'S' } }],
  ['Base w3 wA2.0.0 bQ.1.0', { code: 'hive.position.order', values: { piece: 'wA2', next: 'wA1' } }],
  ['Base w3 wQ.0.0 bQ.1.0 wA1.5.5', { code: 'hive.position.cutOff', values: { piece: 'wA1', cell: '5,5' } }],
  ['Base w2 wQ.0.0 wA1.-1.0 bQ.1.0', { code: 'hive.position.piecesAhead', values: { color: 'white', pieces: 2, turns: 1 } }],
  [
    'Base w5 wS1.0.0 wA1.-1.0 wA2.-2.0 wA3.-3.0 bQ.1.0 bA1.2.0 bA2.3.0 bA3.4.0',
    {
      code: 'hive.position.queenLate',
      values: { color: 'white', turns: 4 },
    },
  ],
  ['Base b1 wQ.0.0', { code: 'hive.position.queenOnly', values: { color: 'white' } }],
  ['Base w3 wA1.0.0 bQ.1.0 last.bQ last.bQ', { code: 'hive.position.twoLast' }],
  ['Base w3 wQ.0.0 wA1.-1.0 bQ.1.0 bB1.1.0 last.bQ', { code: 'hive.position.lastCovered', values: { piece: 'bQ', over: 'bB1' } }],
  [
    'Base w3 wQ.0.0 wA1.-1.0 bQ.1.0 bA1.2.0 last.wQ',
    { code: 'hive.position.thrownNoPillbug', values: { piece: 'wQ', color: 'black', type: 'Base' } },
  ],
];

/** Hive's box takes a GameString too (game.ts's parsePosition): its fields, and its moves as a replay. */
const GAME_STRING: readonly [string, Why, Why | null][] = [
  ['Base;InProgress', { code: 'hive.gameString.shape' }, null],
  [
    'Base;Playing;White[1]',
    { code: 'hive.gameString.state', values: { text: 'Playing', states: 'NotStarted, InProgress, Draw, WhiteWins, BlackWins' } },
    null,
  ],
  ['Base;InProgress;Red[2];wS1', { code: 'hive.gameString.turn', values: { text: 'Red[2]' } }, null],
  ['Chess;InProgress;White[1]', { code: 'hive.position.gameType', values: { text: 'Chess' } }, null],
  [
    'Base;InProgress;White[2];wS1;bG1 -wS1;wQ -bG1',
    { code: 'rules.replay', values: { unit: 'move', number: 3, move: 'wQ -bG1' } },
    { code: 'hive.placeByOpponent' },
  ],
  [
    'Base;InProgress;White[2];wS1;bG1 -wS1;wQ1 -wS1',
    { code: 'rules.replay', values: { unit: 'move', number: 3, move: 'wQ1 -wS1' } },
    { code: 'hive.notAPiece', values: { text: 'wQ1' } },
  ],
];

/** A GameString's refusal, and the refusal of the move a replay's wraps (its cause). */
function gameStringWhy(text: string): [Why | null | 'accepted', Why | null] {
  const parsed = hive.parsePosition?.(text);
  if (!parsed || parsed.ok) return ['accepted', null];
  return [whyOf(parsed.error), parsed.error.cause instanceof Error ? whyOf(parsed.error.cause) : null];
}

describe('a refused position says why as a code, with the values its words name', () => {
  it.each(HEX)('Hex %j', (text, why) => expect(whyNot(parseHexPosition(text))).toEqual(why));
  it.each(NONAGA)('Nonaga %j', (text, why) => expect(whyNot(parseNonagaPosition(text))).toEqual(why));
  it.each(HIVE)('Hive %j', (text, why) => expect(whyNot(parseHivePosition(text))).toEqual(why));
  it.each(GAME_STRING)('Hive GameString %j', (text, why, cause) => expect(gameStringWhy(text)).toEqual([why, cause]));

  it('every refusal of a mangled GameString carries a code, and a refused move its own', () => {
    const good = 'Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ -bG1;wA1 wQ-';
    fc.assert(
      fc.property(fc.nat(80), fc.constantFrom('drop', 'double', 'change'), fc.string({ minLength: 1, maxLength: 1 }), (at, how, c) => {
        const i = at % good.length;
        const mangled =
          how === 'drop'
            ? good.slice(0, i) + good.slice(i + 1)
            : how === 'double'
              ? good.slice(0, i + 1) + good.slice(i)
              : good.slice(0, i) + c + good.slice(i + 1);
        const [why, cause] = gameStringWhy(mangled);
        if (why === 'accepted') return;
        expect(why?.code, mangled).toMatch(/^hive\.(gameString|position)\.[A-Za-z]+$|^rules\.replay$/);
        if (why?.code === 'rules.replay') expect(cause?.code, mangled).toMatch(/^(hive|rules)\.[A-Za-z.]+$/);
      }),
      { numRuns: 400 },
    );
  });

  it('every refusal of a mangled position carries a position code', () => {
    // Good positions with a character changed, dropped or doubled: whatever is refused is coded.
    const good = [
      '5 b 5_2r2_5_5_5',
      `r1 ${NONAGA_START}`,
      'Base+MLP b2 wS1.0.0 bG1.1.0 last.bG1',
      'Base+P w4 wQ.0.0 bQ.1.0 wP.-1.0 bA1.2.0 bB1.2.0 wA1.-1.1',
    ];
    const parsers = [parseHexPosition, parseNonagaPosition, parseHivePosition, parseHivePosition] as const;
    const games = ['hex', 'nonaga', 'hive', 'hive'];
    fc.assert(
      fc.property(
        fc.nat(3),
        fc.nat(80),
        fc.constantFrom('drop', 'double', 'change'),
        fc.string({ minLength: 1, maxLength: 1 }),
        (g, at, how, c) => {
          const text = good[g] as string;
          const i = at % text.length;
          const mangled =
            how === 'drop'
              ? text.slice(0, i) + text.slice(i + 1)
              : how === 'double'
                ? text.slice(0, i + 1) + text.slice(i)
                : text.slice(0, i) + c + text.slice(i + 1);
          const parsed = (parsers[g] as (t: string) => Result<unknown>)(mangled);
          if (parsed.ok) return;
          expect(whyOf(parsed.error)?.code, `${mangled}: ${parsed.error.message}`).toMatch(
            new RegExp(`^${games[g]}\\.position\\.[A-Za-z]+$`),
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
