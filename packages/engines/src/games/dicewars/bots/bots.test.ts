import { describe, expect, it } from 'vitest';
import { Rng } from '../../../engine/rng.ts';
import { dicewars } from '../game.ts';
import type { RuleSet } from '../position.ts';
import { rowPosition } from '../testing.ts';
import { gamedesignAgent, gamedesignCandidates, rankLabels } from './gamedesign.ts';
import { hexoActions, hexoAgent, hexoScore } from './hexo.ts';

/** A row of one-cell territories, seat 0 to move, seats in order. */
const row = (rules: RuleSet, owners: number[], dice: number[], players: number) =>
  rowPosition(
    rules,
    owners,
    dice,
    Array.from({ length: players }, (_, i) => i),
  );

describe('the gamedesign bot', () => {
  it("ranks with the original's swap of labels, not a sort (hand-worked)", () => {
    // Dice 5, 3, 8: (0,2) swaps labels 0↔2 → [2,1,0,…]; (1,2) swaps labels 1↔2 → [2,0,1,…].
    // The slot with label 0 is seat 1, holding 3 dice, not seat 2 with 8.
    expect(rankLabels([5, 3, 8])).toEqual([2, 0, 1, 3, 4, 5, 6, 7]);
    // Already in order: nothing moves.
    expect(rankLabels([8, 5, 3])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Empty slots and eliminated seats take part with 0 dice.
    expect(rankLabels([0, 4])).toEqual([1, 0, 2, 3, 4, 5, 6, 7]);
  });

  it('never attacks a bigger stack, over thousands of decisions in real games', async () => {
    let checked = 0;
    for (let g = 0; g < 20; g++) {
      let pos = dicewars.newGame({ ...dicewars.defaultOptions, players: 2 + (g % 7) }, `gd-${g}`);
      const rng = Rng.fromSeed(`gd-${g}`);
      for (let i = 0; i < 300 && !dicewars.result(pos); i++) {
        const move = await gamedesignAgent.choose(dicewars, pos, { rng });
        if (move.type === 'attack') {
          expect(pos.dice[move.to] as number).toBeLessThanOrEqual(pos.dice[move.from] as number);
          expect(pos.dice[move.from] as number).toBeGreaterThan(1);
          checked++;
        }
        pos = dicewars.play(pos, move);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('when someone holds more than 2/5 of all dice, attacks only that player', () => {
    // Seat 0 (to move) borders seat 1 (weak) and seat 2 (20 of 32 dice: the leader).
    const pos = row('classic', [1, 0, 2, 2, 2], [1, 4, 3, 8, 8], 3);
    const targets = new Set(gamedesignCandidates(pos, Rng.fromSeed('x')).map((c) => c.to));
    expect(targets).toEqual(new Set([2]));
    // Without a leader (nobody above 2/5 of 13 dice), both neighbours are fair game.
    const calm = row('classic', [1, 0, 2, 3], [2, 4, 3, 4], 4);
    expect(new Set(gamedesignCandidates(calm, Rng.fromSeed('x')).map((c) => c.to))).toEqual(new Set([0, 2]));
  });

  it('attacks an equal stack nine times in ten, unless it or its target is the "leader"', () => {
    // Dice 3, 3, 4, 4 rank as labels [3, 2, 1, 0]: neither seat 0 nor its target, seat 1, is the
    // "leader", and nobody holds 2/5 of the 14 dice. Seat 0's 3 against seat 1's 3: a coin of 9 in 10.
    const pos = row('classic', [0, 1, 2, 3], [3, 3, 4, 4], 4);
    expect(rankLabels([3, 3, 4, 4]).slice(0, 4)).toEqual([3, 2, 1, 0]);
    // Were the target the label-0 seat, the bot would always attack.
    const atLeader = row('classic', [0, 3, 2, 1, 3], [3, 3, 4, 3, 1], 4);
    const always = Rng.fromSeed('always');
    for (let i = 0; i < 200; i++) expect(gamedesignCandidates(atLeader, always)).toHaveLength(1);
    let attacks = 0;
    const rng = Rng.fromSeed('tie');
    for (let i = 0; i < 2000; i++) if (gamedesignCandidates(pos, rng).length > 0) attacks++;
    expect(attacks / 2000).toBeGreaterThan(0.87);
    expect(attacks / 2000).toBeLessThan(0.93);
  });

  it('ends its turn when it has no candidate', async () => {
    const pos = row('classic', [0, 1], [2, 5], 2);
    expect(await gamedesignAgent.choose(dicewars, pos, { rng: Rng.fromSeed('e') })).toEqual({ type: 'end' });
  });
});

describe('the hexo bot (seed 000)', () => {
  it("scores actions by the seed's formula", () => {
    // Cell 1 (strength 9) borders an enemy of 4 (favourable), cell 3 (empty) and through cell 3…
    const pos = row('strength', [1, 0, -1, 1], [4, 9, 0, 20], 2);
    expect(hexoScore(pos, 1, 0)).toBe(100 + (9 - 4) + 0.5 * 9);
    expect(hexoScore(pos, 1, 2)).toBe(50 + 9 + 4.5);
    const risky = row('strength', [0, 1], [5, 20], 2);
    expect(hexoScore(risky, 0, 1)).toBe(-50 + 2.5);
    expect(hexoActions(pos).map((a) => a.score)).toEqual([109.5, 63.5]);
  });

  it('plays the best action, even a risky one, until nothing is left, then ends', async () => {
    const pos = row('strength', [1, 0, -1], [4, 9, 0], 2);
    const rng = Rng.fromSeed('h');
    expect(await hexoAgent.choose(dicewars, pos, { rng })).toEqual({ type: 'attack', from: 1, to: 0 });
    const risky = row('strength', [0, 1], [5, 20], 2);
    expect(await hexoAgent.choose(dicewars, risky, { rng })).toEqual({ type: 'attack', from: 0, to: 1 });
    const spent = row('strength', [0, 1], [1, 20], 2);
    expect(await hexoAgent.choose(dicewars, spent, { rng })).toEqual({ type: 'end' });
  });

  it('stops after 50 actions in a turn', async () => {
    const pos = row('strength', [0, -1], [9, 0], 2);
    pos.movesThisTurn = 50;
    expect(await hexoAgent.choose(dicewars, pos, { rng: Rng.fromSeed('c') })).toEqual({ type: 'end' });
  });
});
