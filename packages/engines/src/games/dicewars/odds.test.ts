import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/rng.ts';
import { ATTACK_ODDS, attackWinProbability, diceToStrength, fractionValue, strengthToDice, strengthWinProbability } from './odds.ts';

describe('classic attack odds (shared/rules/dicewars.md)', () => {
  it('match the published exact numerators', () => {
    expect(attackWinProbability(2, 1)).toEqual({ numerator: 181n, denominator: 216n });
    expect(attackWinProbability(2, 2)).toEqual({ numerator: 575n, denominator: 1296n });
    expect(attackWinProbability(3, 2)).toEqual({ numerator: 1009n, denominator: 1296n });
    expect(attackWinProbability(8, 8)).toEqual({ numerator: 147666524159n, denominator: 313456656384n });
  });

  it('equal stacks are always below one half; 7 and 8 against 1 are certain', () => {
    for (let n = 1; n <= 8; n++) expect(fractionValue(attackWinProbability(n, n))).toBeLessThan(0.5);
    expect(attackWinProbability(7, 1)).toEqual({ numerator: 1n, denominator: 1n });
    expect(attackWinProbability(8, 1)).toEqual({ numerator: 1n, denominator: 1n });
    expect(fractionValue(attackWinProbability(6, 1))).toBeLessThan(1);
  });

  it('agree with brute force over every roll for small stacks', () => {
    for (let a = 1; a <= 3; a++) {
      for (let d = 1; d <= 3; d++) {
        let wins = 0;
        const rolls = (k: number): number[] => (k === 0 ? [0] : rolls(k - 1).flatMap((s) => [1, 2, 3, 4, 5, 6].map((f) => s + f)));
        for (const x of rolls(a)) for (const y of rolls(d)) if (x > y) wins++;
        const f = attackWinProbability(a, d);
        expect(f.numerator * 6n ** BigInt(a + d)).toBe(BigInt(wins) * f.denominator);
      }
    }
  });

  it('grow with the attacker and shrink with the defender', () => {
    for (let a = 1; a < 8; a++)
      for (let d = 1; d <= 8; d++) expect(ATTACK_ODDS[a + 1]?.[d]).toBeGreaterThanOrEqual(ATTACK_ODDS[a]?.[d] as number);
    for (let a = 1; a <= 8; a++)
      for (let d = 1; d < 8; d++) expect(ATTACK_ODDS[a]?.[d + 1]).toBeLessThanOrEqual(ATTACK_ODDS[a]?.[d] as number);
  });

  it('as floats for the AIs: each the exact fraction divided once, for every pair of stacks', () => {
    for (let a = 1; a <= 8; a++)
      for (let d = 1; d <= 8; d++) expect(ATTACK_ODDS[a]?.[d], `${a} against ${d}`).toBe(fractionValue(attackWinProbability(a, d)));
  });

  it('refuse impossible stacks', () => {
    expect(() => attackWinProbability(0, 1)).toThrow(RangeError);
    expect(() => attackWinProbability(9, 1)).toThrow(RangeError);
  });
});

describe('strength rule set', () => {
  it('strength ↔ dice: 14 = [6, 6, 2], 48 = eight sixes, 1 = [1], and back for all 48', () => {
    expect(strengthToDice(14)).toEqual([6, 6, 2]);
    expect(strengthToDice(48)).toEqual([6, 6, 6, 6, 6, 6, 6, 6]);
    expect(strengthToDice(7)).toEqual([6, 1]);
    expect(strengthToDice(1)).toEqual([1]);
    for (let f = 1; f <= 48; f++) expect(diceToStrength(strengthToDice(f))).toBe(f);
    expect(() => strengthToDice(49)).toThrow(RangeError);
  });

  it('win probability matches a simulation and hand-worked values', () => {
    // F = 3 attacks with 1..2 against 1..1: wins only when it rolls 2.
    expect(strengthWinProbability(3, 1)).toEqual({ numerator: 1n, denominator: 2n });
    expect(strengthWinProbability(2, 5)).toEqual({ numerator: 0n, denominator: 1n });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 48 }), fc.integer({ min: 1, max: 48 }), (f, d) => {
        const exact = fractionValue(strengthWinProbability(f, d));
        const rng = Rng.fromSeed(`${f}/${d}`);
        let wins = 0;
        for (let i = 0; i < 4000; i++) if (rng.between(1, f - 1) > rng.between(1, d)) wins++;
        expect(Math.abs(wins / 4000 - exact)).toBeLessThan(0.05);
      }),
      { numRuns: 40 },
    );
  });
});
