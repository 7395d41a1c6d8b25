import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../engine/agent.ts';
import { runMatch } from '../../../engine/match.ts';
import { dicewars } from '../game.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';
import { gamedesignAgent } from './gamedesign.ts';
import { hardAgent } from './hard.ts';

type DiceWarsAgent = Agent<DiceWarsPosition, DiceWarsMove>;

/**
 * hard's strength against the original game's AI, in samples small enough for the suite. Maps are
 * paired (an empty opening: the games of a set share their seed, so map, deal and dice) and every
 * seat is played by hard once a map, so neither a lucky map nor a lucky seat decides. The full
 * figures (thousands of games) are in docs/dicewars-duel.md; these samples only have to fail if
 * hard's judgement broke, which would bring it to the reference bot's fair share.
 */
async function wins(players: number, games: number, seed: string): Promise<number> {
  const agents: DiceWarsAgent[] = [hardAgent(), ...Array<DiceWarsAgent>(players - 1).fill(gamedesignAgent)];
  const r = await runMatch({ game: dicewars, options: { ...dicewars.defaultOptions, players }, agents, games, seed, opening: () => [] });
  expect(r.agents[0]?.seats).toEqual(Array(players).fill(games / players));
  return r.agents[0]?.wins ?? 0;
}

describe('hard against the reference bot (gamedesign), maps paired and seats swapped', () => {
  it('wins most duels (fair share 1/2)', async () => {
    // 80 games, 40 maps: the reference bot's mirror wins about 40. hard's judgement alone (without
    // the tree search hard adds over a duel's first rounds, too slow for the suite) wins 49 here.
    expect(await wins(2, 80, 'strength/duel')).toBeGreaterThanOrEqual(45);
  });

  it('wins far more than its share against seven (fair share 1/8)', async () => {
    // 48 games, 6 maps from every seat: a fair share is 6 wins; hard wins 29 here.
    expect(await wins(8, 48, 'strength/crowd')).toBeGreaterThanOrEqual(24);
  });
});
