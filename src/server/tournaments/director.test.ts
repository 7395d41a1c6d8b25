import type { Json } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, checkTournament } from '../../../scripts/bbp-pairings.ts';
import { arenaSheet } from '../../tournaments/arena.ts';
import { checkRounds } from '../../tournaments/swiss-check.ts';
import { formatTrf, parseTrf } from '../../tournaments/trf.ts';
import { SqliteStore } from '../sqlite-store.ts';
import { Director, type MadeGame } from './director.ts';
import { outcomeFor, standingsOf } from './standings.ts';
import { type NewTournament, type StoredTournament, seatsOf } from './store.ts';
import { swissTournament } from './swiss-trf.ts';

/**
 * The director on a store of its own with a fake clock: each kind of tournament played to its end
 * (games ended through the store, as a room ends them), every round paired once, and a Swiss's
 * rounds exactly the Dutch pairing of the tournament it exports (and bbpPairings's, where present).
 */
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function setUp(kind: NewTournament['kind'], over: Partial<NewTournament> = {}) {
  const store = new SqliteStore(':memory:');
  stores.push(store);
  let now = 1_000;
  const made: MadeGame[] = [];
  const director = new Director(store, { now: () => now, tickMs: 1_000, leaseMs: 5_000 }, (g) => made.push(g));
  const tournament: NewTournament = {
    id: 't',
    kind,
    name: 'Test cup',
    game: 'tictactoe',
    options: {},
    clock: null,
    rated: false,
    organiser: 'org',
    organiserName: 'Org',
    startsAt: 2_000,
    rounds: kind === 'swiss' ? 5 : null,
    durationMs: kind === 'arena' ? 60_000 : null,
    settings: kind === 'swiss' ? { byePoints: 1 } : kind === 'round-robin' ? { cycles: 2 } : {},
    createdAt: 1_000,
    ...over,
  };
  return {
    store,
    director,
    made,
    tournament,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

type SetUp = ReturnType<typeof setUp>;

async function join(s: SetUp, players: number): Promise<void> {
  await s.store.tournaments.create(s.tournament);
  for (let i = 0; i < players; i++)
    await s.store.tournaments.join('t', { account: `p${i}`, name: `P${i}`, rating: 1500 + ((i * 37) % 11) * 20, joinedAt: i });
}

/** Ends every game under way with a result drawn from `rng`: a win either way or a draw. */
async function playOut(s: SetUp, rng: Rng): Promise<number> {
  const pending = (await s.store.tournaments.pairings('t')).filter((p) => p.result === null && p.gameId !== null);
  for (const p of pending) {
    const roll = rng.int(3);
    const result: Json = roll === 2 ? { kind: 'draw' } : { kind: 'win', winner: roll };
    // Ended as a room ends a game (after its moves: none here).
    expect(await s.store.games.end(p.gameId as string, { result, termination: 'rules', plies: 0 })).toBe(true);
  }
  return pending.length;
}

async function read(s: SetUp): Promise<StoredTournament> {
  return (await s.store.tournaments.read('t')) as StoredTournament;
}

describe('the tournament director', () => {
  it('does nothing before the start time; then a Swiss is paired round by round as the Dutch system pairs it, to its end', async () => {
    const s = setUp('swiss');
    await join(s, 7);
    await s.director.tick();
    expect((await read(s)).state).toBe('created');
    s.advance(1_000);
    const rng = Rng.fromSeed('7');
    for (let step = 0; step < 20 && (await read(s)).state !== 'finished'; step++) {
      await s.director.tick();
      // A late entry after round 2, and a withdrawal after round 3.
      const t = await read(s);
      if (t.round === 2 && (await s.store.tournaments.entries('t')).length === 7)
        await s.store.tournaments.join('t', { account: 'late', name: 'Late', rating: 1700, joinedAt: 50 });
      if (t.round === 3) await s.store.tournaments.setEntry('t', 'p1', 'withdrawn');
      await playOut(s, rng);
      s.advance(1_000);
    }
    const t = await read(s);
    expect(t).toMatchObject({ state: 'finished', round: 5 });
    const [entries, pairings] = await Promise.all([s.store.tournaments.entries('t'), s.store.tournaments.pairings('t')]);
    // Each round a bye (7 or 8 players, one of them gone), every game made once and told once.
    expect(s.made.map((g) => g.id).sort()).toEqual(pairings.flatMap((p) => (p.gameId ? [p.gameId] : [])).sort());
    expect(pairings.filter((p) => p.round === 4).some((p) => p.white === 'p1' || p.black === 'p1')).toBe(false);
    expect(pairings.filter((p) => p.round === 3).some((p) => p.white === 'late' || p.black === 'late')).toBe(true);
    const exported = formatTrf(swissTournament(t, entries, pairings));
    const checks = checkRounds(unwrap(parseTrf(exported)));
    expect(checks.map((c) => c.difference)).toEqual([null, null, null, null, null]);
    if (BBP_PAIRINGS !== null) expect(checkTournament(exported)).toMatchObject({ ok: true });
    else console.warn(`director.test.ts: the export is not checked by bbpPairings -c: ${BBP_MISSING}`);
    // The standings written at the end are those of the pairings.
    expect(t.standings).toEqual(JSON.parse(JSON.stringify(standingsOf(t, entries, pairings))));
    expect((t.standings as { rows: unknown[] }).rows).toHaveLength(8);
  });

  it('a double round robin of five: every pair meets twice, colours reversed, a bye each round, and a withdrawal forfeits the rest', async () => {
    const s = setUp('round-robin', { startsAt: 1_000 });
    await join(s, 5);
    const rng = Rng.fromSeed('3');
    for (let step = 0; step < 30 && (await read(s)).state !== 'finished'; step++) {
      await s.director.tick();
      if ((await read(s)).round === 9) await s.store.tournaments.setEntry('t', 'p4', 'withdrawn');
      await playOut(s, rng);
    }
    const t = await read(s);
    expect(t).toMatchObject({ state: 'finished', round: 10, rounds: 10 });
    const pairings = await s.store.tournaments.pairings('t');
    const games = pairings.filter((p) => p.black !== null);
    expect(games).toHaveLength(20);
    const met = new Map<string, number>();
    for (const p of games) met.set([p.white, p.black].sort().join(), (met.get([p.white, p.black].sort().join()) ?? 0) + 1);
    expect([...met.values()]).toEqual(Array(10).fill(2));
    // Round 10: p4's game is a forfeit made without a game.
    const last = games.filter((p) => p.round === 10 && (p.white === 'p4' || p.black === 'p4'));
    for (const p of last) expect([p.gameId, p.result]).toEqual([null, p.white === 'p4' ? 'black-forfeit' : 'white-forfeit']);
    expect((t.standings as { rows: unknown[] }).rows).toHaveLength(5);
  });

  it('an arena pairs whoever is free wave by wave, scores as lichess, stops pairing at its end and finishes once its games are over', async () => {
    const s = setUp('arena');
    await join(s, 6);
    s.advance(1_000);
    await s.director.tick();
    const t0 = await read(s);
    expect(t0).toMatchObject({ state: 'running', round: 1, endsAt: 62_000 });
    const rng = Rng.fromSeed('11');
    // Only some games end between waves: those still playing are not paired again meanwhile.
    for (let wave = 0; wave < 12; wave++) {
      const pending = (await s.store.tournaments.pairings('t')).filter((p) => p.result === null && p.gameId !== null);
      const busy = pending.flatMap((p) => [p.white, p.black]);
      expect(new Set(busy).size).toBe(busy.length);
      const ending = pending.slice(0, 1 + rng.int(pending.length));
      for (const p of ending)
        await s.store.games.end(p.gameId as string, { result: { kind: 'win', winner: rng.int(2) }, termination: 'rules', plies: 0 });
      s.advance(4_000);
      await s.director.tick();
    }
    // Past its end: nothing more is paired; it finishes once the last games end.
    s.advance(60_000);
    await s.director.tick();
    const round = (await read(s)).round;
    expect((await read(s)).state).toBe('running');
    await playOut(s, rng);
    await s.director.tick();
    const t = await read(s);
    expect(t).toMatchObject({ state: 'finished', round });
    const [entries, pairings] = await Promise.all([s.store.tournaments.entries('t'), s.store.tournaments.pairings('t')]);
    // Nobody met the same opponent twice in a row; each player's score is their lichess sheet.
    for (const e of entries) {
      const mine = pairings.filter((p) => p.white === e.account || p.black === e.account);
      for (let i = 1; i < mine.length; i++) {
        const opp = (p: (typeof mine)[number]) => (p.white === e.account ? p.black : p.white);
        expect(opp(mine[i] as (typeof mine)[number])).not.toBe(opp(mine[i - 1] as (typeof mine)[number]));
      }
      const sheet = arenaSheet(
        [...mine]
          .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || a.round - b.round)
          .map((p) => ({ outcome: outcomeFor(p, e.account) ?? 'loss', plies: 0, berserk: false })),
      );
      expect((t.standings as { rows: { name: string; score: number }[] }).rows.find((r) => r.name === e.name)?.score).toBe(sheet.total);
    }
  });

  it('a DiceWars arena seats its players at tables of its game’s size: each table one game, its winner scored a win, the rest a loss', async () => {
    const s = setUp('arena', { game: 'dicewars', options: { players: 3, maxRounds: 5 } });
    await join(s, 7);
    s.advance(1_000);
    await s.director.tick();
    const rng = Rng.fromSeed('tables');
    const seen = new Map<string, number>();
    for (let wave = 0; wave < 10; wave++) {
      const pairings = await s.store.tournaments.pairings('t');
      const pending = pairings.filter((p) => p.result === null && p.gameId !== null);
      for (const p of pending) {
        // Three at every table, nobody at two at once, each table's game made with its three seats.
        const seats = seatsOf(p);
        expect(seats).toHaveLength(3);
        expect(new Set(seats).size).toBe(3);
        const game = s.made.find((g) => g.id === p.gameId);
        expect(game?.seats.map((x) => x.account)).toEqual(seats);
        seen.set(p.gameId as string, 0);
      }
      const busy = pending.flatMap(seatsOf);
      expect(new Set(busy).size).toBe(busy.length);
      // Seven players, tables of three: at most two tables at once, the seventh waits.
      expect(pending.length).toBeLessThanOrEqual(2);
      for (const p of pending.slice(0, 1 + rng.int(pending.length)))
        await s.store.games.end(p.gameId as string, { result: { kind: 'win', winner: rng.int(3) }, termination: 'rules', plies: 0 });
      s.advance(4_000);
      await s.director.tick();
    }
    s.advance(60_000);
    await s.director.tick();
    await playOut(s, rng);
    await s.director.tick();
    const t = await read(s);
    expect(t.state).toBe('finished');
    const [entries, pairings] = await Promise.all([s.store.tournaments.entries('t'), s.store.tournaments.pairings('t')]);
    expect(seen.size).toBeGreaterThanOrEqual(6);
    for (const p of pairings.filter((x) => x.gameId !== null)) {
      // A table's result names the seat that won, as its game ended.
      const ended = await s.store.games.read(p.gameId as string);
      const winner = (ended?.ending?.result as { kind: string; winner?: number } | undefined)?.winner;
      if (p.result === 'table') expect(p.winner).toBe(winner);
      else expect(p.result).toBe('draw');
      for (const [i, account] of seatsOf(p).entries())
        expect(outcomeFor(p, account)).toBe(p.result === 'draw' ? 'draw' : i === p.winner ? 'win' : 'loss');
    }
    // Each player's score is their lichess sheet of wins and losses at the tables they sat at.
    for (const e of entries) {
      const mine = pairings.filter((p) => seatsOf(p).includes(e.account) && p.result !== null);
      const sheet = arenaSheet(
        [...mine]
          .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0) || a.round - b.round)
          .map((p) => ({ outcome: outcomeFor(p, e.account) ?? 'loss', plies: 0, berserk: false })),
      );
      expect((t.standings as { rows: { name: string; score: number }[] }).rows.find((r) => r.name === e.name)?.score).toBe(sheet.total);
    }
  });

  it('an arena’s standings share a place among players level on points and rating; the next place comes after them all', async () => {
    const s = setUp('arena');
    await join(s, 0);
    for (const [i, a] of ['a', 'b', 'c', 'd', 'e'].entries())
      await s.store.tournaments.join('t', { account: a, name: a.toUpperCase(), rating: a === 'e' ? 1400 : 1500, joinedAt: i });
    const entries = await s.store.tournaments.entries('t');
    const won = { round: 1, board: 1, white: 'a', black: 'b', gameId: 'g', result: 'white' as const, plies: 30, endedAt: 5 };
    const rows = standingsOf(await read(s), entries, [won]).rows.map((r) => [r.name, r.place, r.score]);
    expect(rows).toEqual([
      ['A', 1, 2],
      ['B', 2, 0],
      ['C', 2, 0],
      ['D', 2, 0],
      ['E', 5, 0],
    ]);
  });

  it('an arena never pairs two players kept apart — a block either way, one owner’s accounts — while others are free; a Swiss pairs as FIDE does', async () => {
    // By rating Ann, Bo, Cy, Dee. An arena's wave pairs neighbours (Ann–Bo, Cy–Dee), a Swiss's first
    // round the top half against the bottom (Ann–Cy, Bo–Dee): each is kept apart where it would pair.
    const table: [NewTournament['kind'], [string, string], [string, string], string[]][] = [
      ['arena', ['ann', 'bo'], ['cy', 'dee'], ['ann-cy', 'bo-dee']],
      ['swiss', ['ann', 'cy'], ['bo', 'dee'], ['ann-cy', 'bo-dee']],
    ];
    for (const [kind, [blocker, blocked], [owner, bot], expected] of table) {
      const s = setUp(kind);
      await s.store.accounts.register(owner, owner, owner, `hash-${owner}`, '$argon2id$x', 1);
      expect(await s.store.bots.registerOwned(bot, owner, bot, bot, `hash-${bot}`, `token-${bot}`, 2)).toBe(true);
      await s.store.social.block(blocker, blocked, 3, 100);
      await s.store.tournaments.create(s.tournament);
      for (const [i, account] of ['ann', 'bo', 'cy', 'dee'].entries())
        await s.store.tournaments.join('t', { account, name: account, rating: 1900 - i * 10, joinedAt: i });
      s.advance(1_000);
      await s.director.tick();
      const pairs = (await s.store.tournaments.pairings('t')).map((p) => [p.white, p.black].sort().join('-')).sort();
      // The arena's other best pairing (Ann–Dee, Bo–Cy) costs the same as this one: either keeps them apart.
      if (kind === 'arena') expect(pairs).toSatisfy((x: string[]) => ['ann-cy,bo-dee', 'ann-dee,bo-cy'].includes(x.join(',')));
      else expect(pairs, 'a Swiss pairs as bbpPairings does, blocks and owners notwithstanding').toEqual(expected);
    }
  });

  it('a disqualified player is paired no more: a Swiss counts them withdrawn (their games kept), a round robin forfeits their games left, an arena strikes their score', async () => {
    for (const kind of ['swiss', 'round-robin', 'arena'] as const) {
      const s = setUp(kind, { startsAt: 1_000, ...(kind === 'swiss' ? { rounds: 4 } : {}) });
      await join(s, 6);
      const rng = Rng.fromSeed(kind);
      let disqualifiedAfter: number | null = null;
      for (let step = 0; step < 40 && (await read(s)).state !== 'finished'; step++) {
        await s.director.tick();
        const t = await read(s);
        if (disqualifiedAfter === null && t.round === 1) {
          await playOut(s, rng);
          await s.director.tick();
          expect(await s.store.tournaments.setEntry('t', 'p2', 'disqualified'), kind).toBe(true);
          disqualifiedAfter = (await read(s)).round;
        }
        await playOut(s, rng);
        s.advance(kind === 'arena' ? 5_000 : 1_000);
      }
      const t = await read(s);
      expect(t.state, kind).toBe('finished');
      const pairings = await s.store.tournaments.pairings('t');
      const later = pairings.filter((p) => p.round > (disqualifiedAfter ?? 0) && (p.white === 'p2' || p.black === 'p2'));
      const earlier = pairings.filter((p) => p.round === 1 && (p.white === 'p2' || p.black === 'p2'));
      expect(earlier.length, kind).toBe(1);
      const rows = (t.standings as { rows: { account: string }[] }).rows.map((r) => r.account);
      if (kind === 'round-robin') {
        // Its games left are played by nobody: each a forfeit to the opponent.
        expect(later.length).toBeGreaterThan(0);
        for (const p of later) expect([p.gameId, p.result]).toEqual([null, p.white === 'p2' ? 'black-forfeit' : 'white-forfeit']);
        expect(rows).toContain('p2');
      } else {
        expect(later, kind).toEqual([]);
        // A Swiss keeps them in its table (as a withdrawal); an arena's standings strike them.
        expect(rows.includes('p2'), kind).toBe(kind === 'swiss');
      }
      if (kind === 'swiss') {
        const [entries, all] = await Promise.all([s.store.tournaments.entries('t'), s.store.tournaments.pairings('t')]);
        const checks = checkRounds(unwrap(parseTrf(formatTrf(swissTournament(t, entries, all)))));
        expect(checks.map((c) => c.difference)).toEqual([null, null, null, null]);
      }
    }
  });

  it('a paused tournament pairs nothing until it resumes, its results still counted; a paused arena still ends', async () => {
    const s = setUp('swiss', { startsAt: 1_000, rounds: 3 });
    await join(s, 4);
    await s.director.tick();
    expect((await read(s)).round).toBe(1);
    expect(await s.store.tournaments.halt('t', true)).toBe(true);
    await playOut(s, Rng.fromSeed('h'));
    for (let i = 0; i < 3; i++) {
      s.advance(1_000);
      await s.director.tick();
    }
    expect((await read(s)).round).toBe(1);
    expect((await s.store.tournaments.pairings('t')).every((p) => p.result !== null)).toBe(true);
    expect(await s.store.tournaments.halt('t', false)).toBe(true);
    await s.director.tick();
    expect((await read(s)).round).toBe(2);

    const a = setUp('arena', { startsAt: 1_000 });
    await join(a, 4);
    await a.director.tick();
    expect((await read(a)).round).toBe(1);
    expect(await a.store.tournaments.halt('t', true)).toBe(true);
    await playOut(a, Rng.fromSeed('a'));
    a.advance(1_000);
    await a.director.tick();
    expect((await read(a)).round).toBe(1);
    a.advance(60_000);
    await a.director.tick();
    expect(await read(a)).toMatchObject({ state: 'finished', round: 1 });
  });

  it('two directors on one store: only the lease holder directs; when it stops, the other takes over after the lease', async () => {
    const s = setUp('swiss');
    await join(s, 4);
    s.advance(1_000);
    const other = new Director(s.store, { now: s.now, tickMs: 1_000, leaseMs: 5_000 });
    await s.director.tick();
    await other.tick();
    expect([s.director.leading, other.leading]).toEqual([true, false]);
    expect((await read(s)).round).toBe(1);
    await playOut(s, Rng.fromSeed('1'));
    // The first is gone (never ticks again): within the lease nobody pairs, after it the other does.
    s.advance(1_000);
    await other.tick();
    expect((await read(s)).round).toBe(1);
    s.advance(5_000);
    await other.tick();
    expect(other.leading).toBe(true);
    expect((await read(s)).round).toBe(2);
  });
});
