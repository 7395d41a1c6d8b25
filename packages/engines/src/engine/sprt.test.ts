import { describe, expect, it } from 'vitest';
import { eloToScore, sprt, sprtLlr } from './sprt.ts';

const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

describe('SPRT', () => {
  it('bounds are ln(β/(1−α)) and ln((1−β)/α): ±2.94 at 5% each', () => {
    const s = sprt({ wins: 0, draws: 0, losses: 0 }, settings);
    expect(s.lower).toBeCloseTo(-2.944, 3);
    expect(s.upper).toBeCloseTo(2.944, 3);
    expect(s).toMatchObject({ llr: 0, verdict: null });
  });

  it('scores by the logistic Elo model', () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(eloToScore(400)).toBeCloseTo(10 / 11);
    expect(eloToScore(-400)).toBeCloseTo(1 / 11);
  });

  it('the trinomial LLR: N·(s1−s0)·(2s−s0−s1)/(2σ²), by hand for 60 wins, 20 draws, 20 losses', () => {
    const s = (60 + 10) / 100;
    const variance = (60 * (1 - s) ** 2 + 20 * (0.5 - s) ** 2 + 20 * s ** 2) / 100;
    const [s0, s1] = [0.5, eloToScore(10)];
    expect(sprtLlr({ wins: 60, draws: 20, losses: 20 }, 0, 10)).toBeCloseTo((100 * (s1 - s0) * (2 * s - s0 - s1)) / (2 * variance), 10);
  });

  it('decides H1 for a clear winner, H0 for an even score, nothing early', () => {
    expect(sprt({ wins: 600, draws: 200, losses: 200 }, settings).verdict).toBe('H1');
    expect(sprt({ wins: 4000, draws: 2000, losses: 4000 }, settings).verdict).toBe('H0');
    expect(sprt({ wins: 6, draws: 2, losses: 4 }, settings).verdict).toBe(null);
  });

  it('a run of wins alone still decides (half a game added to each count while one is zero)', () => {
    expect(sprt({ wins: 8, draws: 0, losses: 0 }, { ...settings, elo1: 200 }).verdict).toBe('H1');
    expect(Number.isFinite(sprtLlr({ wins: 3, draws: 0, losses: 0 }, 0, 200))).toBe(true);
  });
});
