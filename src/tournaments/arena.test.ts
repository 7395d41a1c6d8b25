import { Rng } from '@hexarena/engines/engine/rng.ts';
import { describe, expect, it } from 'vitest';
import { type ArenaGame, type ArenaPlayer, arenaSheet, LICHESS_ARENA, pairArenaTables, pairArenaWave } from './arena.ts';

/** Games in short: W win, D draw, L loss; a number after the letter is the plies (40 if none); `b` berserk. */
function games(text: string): ArenaGame[] {
  return text.split(' ').map((token) => {
    const m = /^([WDL])(\d+)?(b)?$/.exec(token);
    if (!m) throw new Error(`bad game ${token}`);
    const outcome = m[1] === 'W' ? 'win' : m[1] === 'D' ? 'draw' : 'loss';
    return { outcome, plies: m[2] === undefined ? 40 : Number(m[2]), berserk: m[3] === 'b' };
  });
}

const points = (text: string, rules = LICHESS_ARENA) => arenaSheet(games(text), rules).scores.map((s) => s.points);

describe('arena scoring, as lichess scores', () => {
  // Worked examples: each game's points, then the total.
  const TABLE: [string, string, number[], number][] = [
    ['wins: 2, 2, then 4 a win on fire', 'W W W W', [2, 2, 4, 4], 12],
    ['a loss puts the fire out; two more wins light it again', 'W W L W W W', [2, 2, 0, 2, 2, 4], 12],
    ['a draw on fire scores 2, and ends the streak', 'W W D W', [2, 2, 2, 2], 8],
    ['a second draw in a row scores nothing', 'D D', [1, 0], 1],
    ['losses between draws do not reset it', 'D L D', [1, 0, 0], 1],
    ['a win between draws does', 'D W D', [1, 2, 1], 4],
    ['a long second draw (60 plies) still scores', 'D D60', [1, 1], 2],
    ['a draw in under 20 plies scores nothing, and counts as a draw for the next', 'D19 D', [0, 0], 0],
    ['a quick draw puts the fire out', 'W W D10 W', [2, 2, 0, 2], 6],
    ['berserk: a point more on a win of 14 plies or more', 'W30b L W13b D30b L30b', [3, 0, 2, 1, 0], 6],
    ['berserk on fire: 4 + 1', 'W W W20b', [2, 2, 5], 9],
  ];
  for (const [why, text, each, total] of TABLE)
    it(why, () => {
      const sheet = arenaSheet(games(text));
      expect(sheet.scores.map((s) => s.points)).toEqual(each);
      expect(sheet.total).toBe(total);
    });

  it('on fire after two wins; the streak flag marks a win only while the next is a win', () => {
    expect(arenaSheet(games('W W')).onFire).toBe(true);
    expect(arenaSheet(games('W W D')).onFire).toBe(false);
    expect(arenaSheet(games('W W W L')).scores.map((s) => s.flag)).toEqual(['streak', 'streak', 'double', 'normal']);
    expect(arenaSheet(games('W L')).scores.map((s) => s.flag)).toEqual(['normal', 'normal']);
    expect(arenaSheet(games('D D')).scores.map((s) => s.flag)).toEqual(['normal', 'null']);
    expect(arenaSheet(games('D10')).scores[0]?.result).toBe('quick-draw');
    expect(arenaSheet(games('W10b')).scores[0]?.berserk).toBe('invalid');
  });

  it('streaks off: every win 2, every draw 1 (the draw rule stays)', () => {
    expect(points('W W W D D', { ...LICHESS_ARENA, streaks: false })).toEqual([2, 2, 2, 1, 0]);
  });
});

const player = (id: string, score: number, rating: number, lastOpponent?: string): ArenaPlayer =>
  lastOpponent === undefined ? { id, score, rating } : { id, score, rating, lastOpponent };
const ids = (pairs: [ArenaPlayer, ArenaPlayer][]) => pairs.map(([a, b]) => `${a.id}-${b.id}`);

describe('arena waves', () => {
  it('pairs neighbours in the standings: by score, then rating', () => {
    const free = [
      player('e', 0, 1500),
      player('a', 10, 1500),
      player('c', 4, 1400),
      player('b', 4, 1600),
      player('f', 0, 1400),
      player('d', 2, 2000),
    ];
    expect(ids(pairArenaWave(free))).toEqual(['a-b', 'c-d', 'e-f']);
  });

  it('never pairs two who just met: the next best pairs instead, by places then rating apart', () => {
    // Standings a, b, c, d; a and b just met. a–c + b–d: 2 + 2 places, 100 + 100 rating apart;
    // a–d + b–c: 3 + 1 places, 300 + 300 apart. The first costs less.
    const free = [player('a', 6, 1500, 'b'), player('b', 4, 1900, 'a'), player('c', 4, 1600), player('d', 2, 1800)];
    expect(ids(pairArenaWave(free))).toEqual(['a-c', 'b-d']);
  });

  it('two free who just met wait, unless the organiser lets them meet again (nobody else to come free)', () => {
    const two = [player('a', 2, 1500, 'b'), player('b', 0, 1500, 'a')];
    expect(pairArenaWave(two)).toEqual([]);
    expect(ids(pairArenaWave(two, { rematchIfAlone: true }))).toEqual(['a-b']);
    // Only the last opponent is barred: an earlier one may come again.
    expect(ids(pairArenaWave([player('a', 2, 1500, 'c'), player('b', 0, 1500, 'd')]))).toEqual(['a-b']);
  });

  it('never pairs two kept apart (a block, one owner): the next best pairs instead; alone, they wait', () => {
    const apart = (p: ArenaPlayer, ...ids: string[]): ArenaPlayer => ({ ...p, avoids: new Set(ids) });
    // a and b, first and second, kept apart (by either side): a–c + b–d as if they had just met.
    const free = [apart(player('a', 6, 1500), 'b'), player('b', 4, 1900), player('c', 4, 1600), player('d', 2, 1800)];
    expect(ids(pairArenaWave(free))).toEqual(['a-c', 'b-d']);
    const other = [player('a', 6, 1500), apart(player('b', 4, 1900), 'a'), player('c', 4, 1600), player('d', 2, 1800)];
    expect(ids(pairArenaWave(other))).toEqual(['a-c', 'b-d']);
    // Two alone are not paired even where a rematch would be allowed; a third come free is paired with one of them.
    const two = [apart(player('a', 2, 1500), 'b'), player('b', 0, 1500)];
    expect(pairArenaWave(two, { rematchIfAlone: true })).toEqual([]);
    const three = ids(pairArenaWave([...two, player('c', 1, 1500)]));
    expect(three).toHaveLength(1);
    expect(['a-c', 'c-b']).toContain(three[0]);
  });

  it('an odd wave leaves one to wait; no one is paired twice', () => {
    const free = ['a', 'b', 'c', 'd', 'e'].map((id, i) => player(id, 10 - i, 1500 + i * 7));
    const pairs = pairArenaWave(free);
    expect(pairs).toHaveLength(2);
    expect(new Set(pairs.flat().map((p) => p.id)).size).toBe(4);
  });

  it('a thousand free players: everyone paired but for parity, nobody twice, no immediate rematch', () => {
    const rng = Rng.fromSeed('arena-wave');
    const n = 1001;
    const free = Array.from({ length: n }, (_, i) =>
      player(`p${i}`, rng.int(30), 1000 + rng.int(1500), rng.next() < 0.9 ? `p${rng.int(n)}` : undefined),
    );
    const pairs = pairArenaWave(free);
    expect(pairs).toHaveLength(500);
    const seen = new Set<string>();
    for (const [a, b] of pairs) {
      expect(seen.has(a.id) || seen.has(b.id)).toBe(false);
      seen.add(a.id);
      seen.add(b.id);
      expect(a.lastOpponent === b.id || b.lastOpponent === a.id).toBe(false);
      // Paired near in the standings: scores within a few points.
      expect(Math.abs(a.score - b.score)).toBeLessThanOrEqual(2);
    }
  });
});

describe('arena tables (a game of more than two: DiceWars)', () => {
  const seated = (id: string, score: number, lastTable?: string[], avoids?: string[]): ArenaPlayer => ({
    id,
    score,
    rating: 1500,
    ...(lastTable ? { lastTable: new Set(lastTable) } : {}),
    ...(avoids ? { avoids: new Set(avoids) } : {}),
  });
  const tables = (free: ArenaPlayer[], size: number, rematchIfAlone = false) =>
    pairArenaTables(free, size, { rematchIfAlone }).map((t) => t.map((p) => p.id).join(''));

  it('seats neighbours in the standings together, best table first; a short table waits', () => {
    const free = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((id, i) => seated(id, 20 - i));
    expect(tables(free, 4)).toEqual(['abcd', 'efgh']);
    expect(tables(free, 3)).toEqual(['abc', 'def', 'ghi']);
    // By score first, whatever order they came free in.
    expect(tables([seated('x', 1), seated('y', 9), seated('z', 5)], 3)).toEqual(['yzx']);
    expect(tables(free.slice(0, 2), 3)).toEqual([]);
  });

  it('never seats two kept apart (a block, one owner): the next table takes one of them', () => {
    const free = [seated('a', 9, undefined, ['b']), seated('b', 8), seated('c', 7), seated('d', 6), seated('e', 5), seated('f', 4)];
    expect(tables(free, 3)).toEqual(['acd', 'bef']);
    // Two who must stay apart and nobody else: no table.
    expect(tables(free.slice(0, 2), 2)).toEqual([]);
  });

  it('does not make again the table its players just left, unless nobody else is in the arena', () => {
    const last = (id: string, score: number) =>
      seated(
        id,
        score,
        ['a', 'b', 'c'].filter((x) => x !== id),
      );
    const same = [last('a', 9), last('b', 8), last('c', 7)];
    expect(tables(same, 3)).toEqual([]);
    expect(tables(same, 3, true)).toEqual(['abc']);
    // One newcomer breaks it up: two of the three sit with them.
    expect(tables([...same, seated('d', 6)], 3)).toEqual(['abd']);
    // Having sat together before is no bar when the table differs.
    expect(tables([last('a', 9), last('b', 8), seated('d', 6)], 3)).toEqual(['abd']);
  });

  it('a thousand free players at tables of five: each seated once, two hundred tables, none repeating a last table', () => {
    const rng = Rng.fromSeed('arena-tables');
    const n = 1003;
    const free = Array.from({ length: n }, (_, i) => {
      const mates = rng.next() < 0.5 ? Array.from({ length: 4 }, () => `p${rng.int(n)}`) : undefined;
      return seated(`p${i}`, rng.int(30), mates);
    });
    const made = pairArenaTables(free, 5);
    expect(made).toHaveLength(200);
    const ids = made.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(1000);
    for (const table of made) {
      expect(table).toHaveLength(5);
      expect(table.some((p) => table.every((q) => q === p || p.lastTable?.has(q.id)))).toBe(false);
    }
  });
});
