import { MAX_DICE } from './position.ts';

/**
 * Exact odds of DiceWars battles. Classic: both sides roll all their dice and the attacker needs
 * a strictly greater sum. Strength: the attacker rolls 1..F−1, the defender 1..F_def.
 */

/**
 * Ways to roll each sum with k six-sided dice: ways[s], s from 0 to 6k. Plain numbers: every count
 * here and every product of two (at most 6^16 ≈ 2.8e12) is an integer a double holds exactly, and
 * the table is made as the module loads (bigint arithmetic cost a page 20 ms).
 */
function sumWays(k: number): number[] {
  let ways: number[] = [1];
  for (let i = 0; i < k; i++) {
    const next: number[] = Array(ways.length + 6).fill(0);
    for (let s = 0; s < ways.length; s++)
      for (let face = 1; face <= 6; face++) next[s + face] = (next[s + face] as number) + (ways[s] as number);
    ways = next;
  }
  return ways;
}

const WAYS: number[][] = Array.from({ length: MAX_DICE + 1 }, (_, k) => sumWays(k));

/** The rolls of `attackDice` against `defenceDice` that the attacker wins (a strictly greater sum): exact. */
function winningRolls(attackDice: number, defenceDice: number): number {
  const a = WAYS[attackDice] as number[];
  const d = WAYS[defenceDice] as number[];
  // below: defence rolls with a sum under s.
  let wins = 0;
  let below = 0;
  for (let s = 0; s < a.length; s++) {
    wins += (a[s] as number) * below;
    if (s < d.length) below += d[s] as number;
  }
  return wins;
}

/** A probability as a fraction in lowest terms. */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function fraction(numerator: bigint, denominator: bigint): Fraction {
  const g = numerator === 0n ? denominator : gcd(numerator, denominator);
  return { numerator: numerator / g, denominator: denominator / g };
}

/** P(attacker wins) with a dice against d: the rolls the attacker wins over all 6^(a+d), in lowest terms. */
export function attackWinProbability(attackDice: number, defenceDice: number): Fraction {
  if (
    !Number.isInteger(attackDice) ||
    !Number.isInteger(defenceDice) ||
    attackDice < 1 ||
    defenceDice < 1 ||
    attackDice > MAX_DICE ||
    defenceDice > MAX_DICE
  ) {
    throw new RangeError(`dice counts must be 1..${MAX_DICE}, got ${attackDice} against ${defenceDice}`);
  }
  return fraction(BigInt(winningRolls(attackDice, defenceDice)), 6n ** BigInt(attackDice + defenceDice));
}

/** The classic odds as floats, [a][d] for a, d in 1..8 (index 0 unused): for the AIs and the UI. */
export const ATTACK_ODDS: readonly Float64Array[] = Array.from({ length: MAX_DICE + 1 }, (_, a) =>
  // Exact integers over an exact power of six: the one rounding is the division's, as the fraction's would be.
  Float64Array.from({ length: MAX_DICE + 1 }, (_, d) => (a === 0 || d === 0 ? 0 : winningRolls(a, d) / 6 ** (a + d))),
);

/** Strength rule set: P(uniform 1..F−1 beats uniform 1..D), exactly. */
export function strengthWinProbability(attackerStrength: number, defenderStrength: number): Fraction {
  const a = attackerStrength - 1;
  const d = defenderStrength;
  if (a < 1 || d < 1) return fraction(0n, 1n);
  // For each attack roll r, the defence rolls below r: min(r − 1, d).
  let wins = 0;
  for (let r = 1; r <= a; r++) wins += Math.min(r - 1, d);
  return fraction(BigInt(wins), BigInt(a * d));
}

export const fractionValue = (f: Fraction): number => Number(f.numerator) / Number(f.denominator);

/** Strength F ↔ the dice that show it: F = (count − 1) × 6 + top die. 14 = [6, 6, 2]. */
export function strengthToDice(strength: number): number[] {
  if (!Number.isInteger(strength) || strength < 1 || strength > 48) throw new RangeError(`strength must be 1..48, got ${strength}`);
  const count = Math.floor((strength - 1) / 6) + 1;
  return [...Array<number>(count - 1).fill(6), strength - (count - 1) * 6];
}

export function diceToStrength(dice: readonly number[]): number {
  if (dice.length === 0) return 0;
  return (dice.length - 1) * 6 + (dice[dice.length - 1] as number);
}
