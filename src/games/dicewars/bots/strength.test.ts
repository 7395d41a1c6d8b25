import { describe, expect, it } from 'vitest';
import { runMatch } from '../../../engine/match.ts';
import { dicewars } from '../game.ts';
import { gamedesignAgent, hardAgent, hexoAgent } from './index.ts';

/** Seeded matches, so the figures are the same on every run; bench/dicewars.ts runs the big ones. */
describe('DiceWars AI strength', () => {
  it('hard beats the gamedesign bot in two-player games (400 games, seats rotated)', async () => {
    const r = await runMatch({
      game: dicewars,
      options: { ...dicewars.defaultOptions, players: 2 },
      agents: [hardAgent(), gamedesignAgent],
      games: 400,
      seed: 'duel',
    });
    expect((r.agents[0]?.wins ?? 0) / 400).toBeGreaterThanOrEqual(0.6);
  }, 60_000);

  it('hard wins at least half the games against seven gamedesign bots (fair share 1 in 8; 200 games)', async () => {
    const r = await runMatch({ game: dicewars, agents: [hardAgent(), ...Array(7).fill(gamedesignAgent)], games: 200, seed: 'crowd' });
    expect((r.agents[0]?.wins ?? 0) / 200).toBeGreaterThanOrEqual(0.5);
  }, 60_000);

  it('hard wins above its fair share of 1 in 4 against three hexo bots on the strength rules (10×10, 80 games)', async () => {
    const options = { ...dicewars.defaultOptions, rules: 'strength' as const, players: 4, size: 10 as const };
    const r = await runMatch({
      game: dicewars,
      options,
      agents: [hardAgent(), hexoAgent, hexoAgent, hexoAgent],
      games: 80,
      seed: 'strength',
    });
    expect((r.agents[0]?.wins ?? 0) / 80).toBeGreaterThanOrEqual(0.35);
  }, 120_000);
});
