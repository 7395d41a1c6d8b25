import type { Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { type ArenaPlayer, pairArenaTables, pairArenaWave } from '../../tournaments/arena.ts';
import { roundRobinSchedule } from '../../tournaments/round-robin.ts';
import type { RoundPairing } from '../../tournaments/swiss-dutch.ts';
import type { Tournament } from '../../tournaments/trf.ts';
import { standingsOf } from './standings.ts';
import { type Entry, type Pairing, type PairingResult, type StoredTournament, seatsOf } from './store.ts';
import { swissTournament } from './swiss-trf.ts';

/**
 * What a running tournament's director does next, decided from the store's rows alone (pure, so
 * any instance decides the same after a crash): wait for games, pair a round (an arena's wave), or
 * finish. The pairing itself is the tournaments' modules' (arena.ts, swiss-dutch.ts, round-robin.ts).
 */

export interface PlannedPairing {
  readonly white: string;
  readonly black: string | null;
  /** A table of more than two (an arena's DiceWars): the accounts at the third seat and after. */
  readonly others?: readonly string[];
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
  if (t.kind === 'arena')
    return halted && (t.endsAt === null || now < t.endsAt) ? WAIT : nextWave(t, entries, pairings, now, apart, tableSize(t));
  if (pending) return WAIT;
  if (t.endsAt !== null || t.round >= (t.rounds ?? 0)) return FINISH;
  if (halted) return WAIT;
  return t.kind === 'swiss' ? nextSwissRound(t, entries, pairings) : nextRoundRobinRound(t, entries);
}

/** Players at each of a tournament's games: its game's seats with its options (DiceWars: more than two, in arenas only). */
export function tableSize(t: Pick<StoredTournament, 'game' | 'options'>): number {
  const found = findGame(t.game);
  const options = found.ok ? found.value.parseOptions(t.options) : null;
  return found.ok && options?.ok ? found.value.seatNames(options.value).length : 2;
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

/**
 * An arena: pairing stops at its end (games under way still count); until then, whoever is free is
 * paired — in twos, or at tables of `size` for a game of more than two (DiceWars).
 */
function nextWave(
  t: StoredTournament,
  entries: readonly Entry[],
  pairings: readonly Pairing[],
  now: number,
  apart: KeptApart,
  size: number,
): NextStep {
  const busy = new Set(pairings.filter((p) => p.result === null).flatMap(seatsOf));
  if (t.endsAt !== null && now >= t.endsAt) return busy.size === 0 ? FINISH : WAIT;
  const active = entries.filter((e) => e.state === 'active');
  const free = active.filter((e) => !busy.has(e.account));
  if (free.length < size) return WAIT;
  const score = new Map(standingsOf(t, entries, pairings).rows.map((r) => [r.account, r.score]));
  const players = free.map((e): ArenaPlayer => {
    const last = pairings.filter((p) => seatsOf(p).includes(e.account)).at(-1);
    const mates = last ? seatsOf(last).filter((a) => a !== e.account) : [];
    const avoids = apart.get(e.account);
    return {
      id: e.account,
      score: score.get(e.account) ?? 0,
      rating: e.rating,
      ...(size === 2 && mates[0] ? { lastOpponent: mates[0] } : {}),
      ...(size > 2 && mates.length > 0 ? { lastTable: new Set(mates) } : {}),
      ...(avoids ? { avoids } : {}),
    };
  });
  const round = t.round + 1;
  const alone = { rematchIfAlone: active.length === size };
  if (size > 2) {
    const tables = pairArenaTables(players, size, alone);
    return tables.length === 0 ? WAIT : { kind: 'pair', round, pairs: tables.map((table) => seatTable(table, pairings)) };
  }
  const wave = pairArenaWave(players, alone);
  if (wave.length === 0) return WAIT;
  const whites = (account: string) =>
    pairings.filter((p) => p.white === account).length - pairings.filter((p) => p.black === account).length;
  const pairs = wave.map(([a, b]): PlannedPairing => {
    // Colours by each one's history: whoever had White less often takes it.
    const aWhite = whites(a.id) <= whites(b.id);
    return { white: aWhite ? a.id : b.id, black: aWhite ? b.id : a.id, result: null };
  });
  return { kind: 'pair', round, pairs };
}

/**
 * A table's seats by each one's history, as colours are in twos: whoever has sat earlier less often
 * (the sum of their seat numbers so far, counted from the last) moves first; the standings break ties.
 */
function seatTable(table: readonly ArenaPlayer[], pairings: readonly Pairing[]): PlannedPairing {
  const earliness = (account: string) =>
    pairings.reduce((sum, p) => {
      const seats = seatsOf(p);
      const at = seats.indexOf(account);
      return at === -1 ? sum : sum + (seats.length - 1 - at);
    }, 0);
  const order = table.map((p, standing) => ({ id: p.id, early: earliness(p.id), standing }));
  order.sort((a, b) => a.early - b.early || a.standing - b.standing);
  const [white, black, ...others] = order.map((o) => o.id) as [string, string, ...string[]];
  return { white, black, others, result: null };
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
