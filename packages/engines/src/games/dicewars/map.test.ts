import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/rng.ts';
import { gridNeighbours, isConnected, neighboursOf, territoryCells } from './board.ts';
import { fillHoles, generateClassicMap, MAP_PRESETS } from './classic-map.ts';
import { DEFAULT_DICEWARS_OPTIONS, newPosition } from './setup.ts';
import { generateStrengthMap, STRENGTH_SIZES, startCells } from './strength-map.ts';

describe('classic maps and the deal, over 500 seeded games', () => {
  const rng = Rng.fromSeed('players');
  const games = Array.from({ length: 500 }, (_, i) => {
    const players = 2 + rng.int(7);
    return { players, pos: newPosition({ ...DEFAULT_DICEWARS_OPTIONS, players }, `map-${i}`) };
  });

  it('connected, at most 31 territories, each of more than 5 cells, adjacency symmetric', () => {
    for (const { pos } of games) {
      const b = pos.board;
      expect(isConnected(b)).toBe(true);
      expect(b.territories).toBeLessThanOrEqual(31);
      expect(b.territories).toBeGreaterThanOrEqual(20);
      for (const cells of territoryCells(b)) expect(cells.length).toBeGreaterThan(5);
      for (let t = 0; t < b.territories; t++) for (const u of neighboursOf(b, t)) expect(neighboursOf(b, u)).toContain(t);
    }
  });

  it('territories are dealt round-robin in the order the map made them, as the original does', () => {
    for (const { pos, players } of games) {
      for (let t = 0; t < pos.board.territories; t++) expect(pos.owner[t]).toBe(t % players);
      const counts = Array.from({ length: players }, (_, s) => pos.territoriesOf(s));
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      expect(counts.reduce((a, b) => a + b)).toBe(pos.board.territories);
    }
  });

  it('three dice per territory on average, at least one and at most eight on each', () => {
    for (const { pos } of games) {
      const total = pos.dice.reduce((a, b) => a + b, 0);
      expect(total).toBe(3 * pos.board.territories);
      for (const d of pos.dice) expect(d >= 1 && d <= 8).toBe(true);
    }
  });

  it('the turn order is a shuffle of the seats, and differs between games', () => {
    for (const { pos, players } of games) expect([...pos.order].sort()).toEqual(Array.from({ length: players }, (_, i) => i));
    expect(new Set(games.map((g) => g.pos.order.join())).size).toBeGreaterThan(100);
  });

  it('look like the original: about 30 territories of about 20 cells', () => {
    const sizes = games.map((g) => g.pos.board.territories);
    const mean = sizes.reduce((a, b) => a + b) / sizes.length;
    expect(mean).toBeGreaterThan(28);
    const cells = games.flatMap((g) => territoryCells(g.pos.board).map((c) => c.length));
    expect(cells.reduce((a, b) => a + b) / cells.length).toBeGreaterThan(17);
    expect(cells.reduce((a, b) => a + b) / cells.length).toBeLessThan(24);
  });

  it('starting groups as small as the original’s: mean largest group 1.32 at 8 players, 7.03 at 2', () => {
    // Measured on the original game run headless; a random deal gave 1.65 at 8 players.
    const meanLargest = (players: number) => {
      let sum = 0;
      for (let i = 0; i < 300; i++) {
        const pos = newPosition({ ...DEFAULT_DICEWARS_OPTIONS, players }, `largest/${i}`);
        for (let p = 0; p < players; p++) sum += pos.largestGroup(p) / players;
      }
      return sum / 300;
    };
    expect(meanLargest(8)).toBeGreaterThan(1.25);
    expect(meanLargest(8)).toBeLessThan(1.4);
    expect(meanLargest(2)).toBeGreaterThan(6.6);
    expect(meanLargest(2)).toBeLessThan(7.5);
  });

  it('a hole goes to its last land neighbour in the original’s scan order: NE, E, SE, SW, W, NW', () => {
    // A 3 × 3 axial patch: the middle cell (4) is free; its neighbours NW 1, NE 2, E 5, SE 7, SW 6,
    // W 3 are land of six territories, numbered by direction: 10 (NW) … 60 (W).
    const nb = gridNeighbours('axial', 3, 3);
    expect([0, 1, 2, 3, 4, 5].map((d) => nb[4 * 6 + d])).toEqual([1, 2, 5, 7, 6, 3]);
    const area = Int16Array.from([0, 10, 20, 60, 0, 30, 50, 40, 0]);
    fillHoles(area, nb);
    // NW is scanned last, so its territory takes the hole (scanning from NW, W's would).
    expect(area[4]).toBe(10);
  });

  it('the same seed gives the same game, and presets respect their territory limits', () => {
    expect(newPosition(DEFAULT_DICEWARS_OPTIONS, 'same').board).toEqual(newPosition(DEFAULT_DICEWARS_OPTIONS, 'same').board);
    for (const preset of ['small', 'large'] as const) {
      const b = generateClassicMap(Rng.fromSeed(preset), preset);
      expect(b.cols * b.rows).toBe(MAP_PRESETS[preset].cols * MAP_PRESETS[preset].rows);
      expect(b.territories).toBeLessThanOrEqual(MAP_PRESETS[preset].maxTerritories);
      expect(isConnected(b)).toBe(true);
    }
  });
});

describe('strength maps', () => {
  it('start cells follow the table of shared/rules/dicewars.md', () => {
    expect(startCells(10)).toEqual([
      [1, 1],
      [8, 8],
      [1, 8],
      [8, 1],
    ]);
    expect(startCells(15)).toEqual([
      [1, 1],
      [13, 13],
      [1, 13],
      [13, 1],
    ]);
    expect(startCells(20)).toEqual([
      [2, 2],
      [17, 17],
      [2, 17],
      [17, 2],
    ]);
    expect(startCells(25)).toEqual([
      [2, 2],
      [22, 22],
      [2, 22],
      [22, 2],
    ]);
  });

  it('about 15% blocked, never a start cell, passable cells connected', () => {
    for (const size of STRENGTH_SIZES) {
      let blocked = 0;
      for (let i = 0; i < 20; i++) {
        const b = generateStrengthMap(Rng.fromSeed(`${size}/${i}`), size);
        expect(isConnected(b)).toBe(true);
        for (const [q, r] of startCells(size)) expect(b.cellTerritory[r * size + q]).toBeGreaterThanOrEqual(0);
        blocked += size * size - b.territories;
      }
      const share = blocked / (20 * size * size);
      expect(share).toBeGreaterThan(0.08);
      expect(share).toBeLessThan(0.16);
    }
  });

  it('players start with strength 8 on their corners, everything else empty', () => {
    const pos = newPosition({ ...DEFAULT_DICEWARS_OPTIONS, rules: 'strength', players: 3, size: 15 }, 's');
    for (const [seat, [q, r]] of startCells(15).slice(0, 3).entries()) {
      const t = pos.board.cellTerritory[r * 15 + q] as number;
      expect(pos.owner[t]).toBe(seat);
      expect(pos.dice[t]).toBe(8);
    }
    expect([...pos.owner].filter((o) => o >= 0)).toHaveLength(3);
    expect(pos.order).toEqual([0, 1, 2]);
  });
});
