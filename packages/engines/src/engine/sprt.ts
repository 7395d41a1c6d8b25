import type { Tally } from './match.ts';

/**
 * A sequential probability ratio test of one agent's results against another, as engine authors
 * run it (fastchess, cutechess-cli): H0 says the agent is `elo0` stronger, H1 `elo1` (logistic
 * Elo), and the match stops as soon as the log-likelihood ratio leaves its bounds.
 */
export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  /** The chance of accepting H1 when H0 holds (0.05 by default). */
  readonly alpha: number;
  /** The chance of accepting H0 when H1 holds (0.05 by default). */
  readonly beta: number;
}

export interface SprtState {
  readonly llr: number;
  /** ln(β/(1−α)): at or below it, H0 is accepted. */
  readonly lower: number;
  /** ln((1−β)/α): at or above it, H1 is accepted. */
  readonly upper: number;
  readonly verdict: 'H0' | 'H1' | null;
}

/** The expected score of a player `elo` stronger, in the logistic model. */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/**
 * The generalized SPRT on a trinomial (wins, draws, losses): the log-likelihood ratio of the two
 * hypotheses' expected scores under the normal approximation of the mean score,
 * N·(s1−s0)·(2s−s0−s1) / (2σ²), with s the observed score and σ² its variance per game. While
 * one of the three counts is zero, half a game is added to each, so a run of wins alone (a strong
 * agent against a random one) still decides instead of dividing by a zero variance.
 */
export function sprtLlr(t: Tally, elo0: number, elo1: number): number {
  const pad = t.wins === 0 || t.draws === 0 || t.losses === 0 ? 0.5 : 0;
  const w = t.wins + pad;
  const d = t.draws + pad;
  const l = t.losses + pad;
  const n = w + d + l;
  if (t.wins + t.draws + t.losses === 0) return 0;
  const score = (w + d / 2) / n;
  const variance = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score ** 2) / n;
  if (variance <= 0) return 0;
  const s0 = eloToScore(elo0);
  const s1 = eloToScore(elo1);
  return (n * (s1 - s0) * (2 * score - s0 - s1)) / (2 * variance);
}

/** Where the test stands after these results. */
export function sprt(t: Tally, settings: SprtSettings): SprtState {
  const lower = Math.log(settings.beta / (1 - settings.alpha));
  const upper = Math.log((1 - settings.beta) / settings.alpha);
  const llr = sprtLlr(t, settings.elo0, settings.elo1);
  return { llr, lower, upper, verdict: llr >= upper ? 'H1' : llr <= lower ? 'H0' : null };
}
