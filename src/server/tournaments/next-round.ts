import type { Result } from '@hexarena/engines/engine/result.ts';
import { type ArenaPlayer, pairArenaWave } from '../../tournaments/arena.ts';
import { roundRobinSchedule } from '../../tournaments/round-robin.ts';
import type { RoundPairing } from '../../tournaments/swiss-dutch.ts';
import type { Tournament } from '../../tournaments/trf.ts';
import { standingsOf } from './standings.ts';
import type { Entry, Pairing, PairingResult, StoredTournament } from './store.ts';
import { swissTournament } from './swiss-trf.ts';

/**
 * What a running tournament's director does next, decided from the store's rows alone (pure, so
 * any instance decides the same after a crash): wait for games, pair a round (an arena's wave), or
 * finish. The pairing itself is the tournaments' modules' (arena.ts, swiss-dutch.ts, round-robin.ts).
 */

export interface PlannedPairing {
  readonly white: string;
  readonly black: string | null;
  /** Decided without a game (a bye, a forfeit), else null. */
  readonly result: PairingResult | null;
}

export type NextStep =
  | { readonly kind: 'wait' }
  | { readonly kind: 'finish' }
  | { readonly kind: 'pair'; readonly round: number; readonly pairs: readonly PlannedPairing[] }
  /** A Swiss round to pair (`swissPairs` then plans it): the Dutch system is seconds at hundreds of players, paired off the event loop. */
  | { readonly kind: 'swiss'; readonly round: number; readonly tournament: Tournament }
  | { readonly kind: 'fail'; readonly error: string };

const WAIT: NextStep = { kind: 'wait' };
const FINISH: NextStep = { kind: 'finish' };

/**
 * Per account, those it is never paired with where the system allows it: who blocks it or whom it
 * blocks, and accounts of its owner (a player and their bots). Only an arena can always keep them
 * apart; a Swiss is paired exactly as FIDE's Dutch system (bbpPairings) pairs it and a round robin
 * meets everyone, so neither looks at it (docs/tournaments.md).
 */
export type KeptApart = ReadonlyMap<string, ReadonlySet<string>>;

export function nextStep(
  t: StoredTournament,
  entries: readonly Entry[],
  pairings: readonly Pairing[],
  now: number,
  apart: KeptApart = new Map(),
): NextStep {
  const pending = pairings.some((p) => p.result === null);
  // Paused by its organiser or a moderator: results still count and its end still comes, nothing is paired.
  const halted = t.settings.halted === true;
  if (t.kind === 'arena') return halted && (t.endsAt === null || now < t.endsAt) ? WAIT : nextWave(t, entries, pairings, now, apart);
  if (pending) return WAIT;
  if (t.endsAt !== null || t.round >= (t.rounds ?? 0)) return FINISH;
  if (halted) return WAIT;
  return t.kind === 'swiss' ? nextSwissRound(t, entries, pairings) : nextRoundRobinRound(t, entries);
}

/** Seeds by rating (then who joined first), the rounds a round robin will have, when an arena stops. */
export function startOf(
  t: StoredTournament,
  entries: readonly Entry[],
  at: number,
): { seeds: { account: string; seed: number }[]; rounds: number | null; endsAt: number | null } {
  const active = entries.filter((e) => e.state === 'active').sort((a, b) => b.rating - a.rating || a.joinedAt - b.joinedAt);
  const seeds = active.map((e, i) => ({ account: e.account, seed: i + 1 }));
  const rounds =
    t.kind === 'round-robin' ? (active.length < 2 ? 0 : roundRobinSchedule(active.length, t.settings.cycles ?? 1).length) : null;
  return { seeds, rounds, endsAt: t.kind === 'arena' ? at + (t.durationMs ?? 0) : null };
}

function nextSwissRound(t: StoredTournament, entries: readonly Entry[], pairings: readonly Pairing[]): NextStep {
  if (entries.filter((e) => e.state === 'active' && e.seed !== null).length < 2) return FINISH;
  const round = t.round + 1;
  return { kind: 'swiss', round, tournament: swissTournament(t, entries, pairings, round) };
}

/** A Swiss round's pairing by seeds as the tournament's pairings of accounts (the bye last); a refusal fails the step. */
export function swissPairs(entries: readonly Entry[], round: number, paired: Result<RoundPairing>): NextStep {
  if (!paired.ok) return { kind: 'fail', error: paired.error.message };
  const accountOf = new Map(entries.map((e) => [e.seed, e.account]));
  const pairs: PlannedPairing[] = paired.value.pairs.map((p) => ({
    white: accountOf.get(p.white) as string,
    black: accountOf.get(p.black) as string,
    result: null,
  }));
  if (paired.value.bye !== null) pairs.push({ white: accountOf.get(paired.value.bye) as string, black: null, result: 'bye' });
  return { kind: 'pair', round, pairs };
}

function nextRoundRobinRound(t: StoredTournament, entries: readonly Entry[]): NextStep {
  const seeded = entries.filter((e) => e.seed !== null);
  const round = t.round + 1;
  const planned = roundRobinSchedule(seeded.length, t.settings.cycles ?? 1)[round - 1];
  if (!planned) return FINISH;
  const bySeed = new Map(seeded.map((e) => [e.seed, e]));
  const pairs: PlannedPairing[] = planned.pairings.map((p) => {
    const [white, black] = [bySeed.get(p.white) as Entry, bySeed.get(p.black) as Entry];
    // A player who withdrew (or was disqualified) loses the games left by forfeit; both gone, the game counts for neither.
    const out = (e: Entry) => e.state === 'withdrawn' || e.state === 'disqualified';
    const gone = [out(white), out(black)];
    const result: PairingResult | null = gone[0] && gone[1] ? 'void' : gone[0] ? 'black-forfeit' : gone[1] ? 'white-forfeit' : null;
    return { white: white.account, black: black.account, result };
  });
  if (planned.bye !== null) pairs.push({ white: (bySeed.get(planned.bye) as Entry).account, black: null, result: 'bye' });
  return { kind: 'pair', round, pairs };
}

/** An arena: pairing stops at its end (games under way still count); until then, whoever is free is paired. */
function nextWave(t: StoredTournament, entries: readonly Entry[], pairings: readonly Pairing[], now: number, apart: KeptApart): NextStep {
  const busy = new Set(pairings.filter((p) => p.result === null).flatMap((p) => [p.white, p.black ?? '']));
  if (t.endsAt !== null && now >= t.endsAt) return busy.size === 0 ? FINISH : WAIT;
  const active = entries.filter((e) => e.state === 'active');
  const free = active.filter((e) => !busy.has(e.account));
  if (free.length < 2) return WAIT;
  const score = new Map(standingsOf(t, entries, pairings).rows.map((r) => [r.account, r.score]));
  const players = free.map((e): ArenaPlayer => {
    const last = pairings.filter((p) => p.white === e.account || p.black === e.account).at(-1);
    const lastOpponent = last ? (last.white === e.account ? last.black : last.white) : null;
    const avoids = apart.get(e.account);
    return {
      id: e.account,
      score: score.get(e.account) ?? 0,
      rating: e.rating,
      ...(lastOpponent ? { lastOpponent } : {}),
      ...(avoids ? { avoids } : {}),
    };
  });
  const wave = pairArenaWave(players, { rematchIfAlone: active.length === 2 });
  if (wave.length === 0) return WAIT;
  const whites = (account: string) =>
    pairings.filter((p) => p.white === account).length - pairings.filter((p) => p.black === account).length;
  const pairs = wave.map(([a, b]): PlannedPairing => {
    // Colours by each one's history: whoever had White less often takes it.
    const aWhite = whites(a.id) <= whites(b.id);
    return { white: aWhite ? a.id : b.id, black: aWhite ? b.id : a.id, result: null };
  });
  return { kind: 'pair', round: t.round + 1, pairs };
}

/** Who is kept apart among `accounts`, from the blocks between them and each one's owner. */
export function keptApart(
  accounts: readonly string[],
  blocks: readonly (readonly [string, string])[],
  ownerOf: ReadonlyMap<string, string>,
): KeptApart {
  const apart = new Map<string, Set<string>>();
  const keep = (a: string, b: string) => {
    if (a === b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = apart.get(x) ?? new Set<string>();
      set.add(y);
      apart.set(x, set);
    }
  };
  for (const [a, b] of blocks) keep(a, b);
  const byOwner = new Map<string, string[]>();
  for (const account of accounts) {
    const owner = ownerOf.get(account) ?? account;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), account]);
  }
  for (const same of byOwner.values()) for (const a of same) for (const b of same) keep(a, b);
  return apart;
}
