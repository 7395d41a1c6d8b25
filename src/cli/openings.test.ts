import { readFileSync } from 'node:fs';
import path from 'node:path';
import { balancedOpenings } from '@hexarena/engines/ai/openings.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hex } from '@hexarena/engines/games/hex/index.ts';
import { hive, loadGameString } from '@hexarena/engines/games/hive/index.ts';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { captureIo, scratchFolder } from './testing.ts';

describe('a balanced opening set', () => {
  const start = hive.newGame(hive.defaultOptions, 'x');
  const limits = { count: 6, plies: 6, depth: 2, margin: 60 };

  it('keeps distinct, unfinished lines the search finds near even, the same for the same seed', () => {
    const set = balancedOpenings(hive, start, limits, Rng.fromSeed('o'));
    expect(set).toHaveLength(6);
    expect(new Set(set.map((o) => o.moves.join(';'))).size).toBe(6);
    for (const o of set) {
      expect(Math.abs(o.score)).toBeLessThanOrEqual(60);
      expect(o.moves).toHaveLength(6);
      const state = o.moves.reduce((s, t) => hive.play(s, unwrap(hive.parseMove(s, t))), start);
      expect(hive.result(state)).toBeNull();
    }
    expect(balancedOpenings(hive, start, limits, Rng.fromSeed('o'))).toEqual(set);
  });

  it('says so when the margin leaves too few', () => {
    // Hex's first stone on an open board is never exactly even to a 2-ply search with the pie rule off.
    const open = hex.newGame({ size: 5, pie: false }, 'x');
    expect(() => balancedOpenings(hex, open, { count: 3, plies: 1, depth: 2, margin: 0, tries: 1 }, Rng.fromSeed('o'))).toThrow(
      /only \d of 3 balanced openings in 3 lines of 1 plies: widen the margin or draw more/,
    );
  });
});

describe('the opening set shipped for engine matches (bench/openings/hive.txt)', () => {
  it('is fifty GameStrings of eight plies, each a game still on, and hexarena match plays from it', async () => {
    const lines = readFileSync('bench/openings/hive.txt', 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'));
    expect(lines).toHaveLength(50);
    for (const line of lines) {
      const state = unwrap(loadGameString(line));
      expect(state.pos.history()).toHaveLength(8);
      expect(hive.result(state)).toBeNull();
    }
    const run = captureIo(scratchFolder());
    const file = path.resolve('bench/openings/hive.txt');
    expect(
      await main(
        ['match', 'hive', '--a', 'random', '--b', 'random', '--games', '2', '--openings', file, '--max-moves', '20', '--json'],
        run.io,
      ),
    ).toBe(0);
  });

  it('hexarena openings writes a set the match reads, with how it was made', async () => {
    const dir = scratchFolder();
    const run = captureIo(dir);
    expect(
      await main(['openings', 'hex', '--count', '3', '--plies', '2', '--depth', '1', '--margin', '1000', '--out', 'hex.txt'], run.io),
    ).toBe(0);
    expect(run.out()).toMatch(/^3 openings within ±\d+ of even, written to hex\.txt\n$/);
    const written = readFileSync(path.join(dir, 'hex.txt'), 'utf8').split('\n');
    expect(written[1]).toBe('# Made by: hexarena openings hex --count 3 --plies 2 --depth 1 --margin 1000 --seed openings');
    for (const line of written.slice(2, 5)) expect(line).toMatch(/^[a-k]\d{1,2};([a-k]\d{1,2}|swap)$/);
    const dice = captureIo(dir);
    expect(await main(['openings', 'dicewars', '--out', 'd.txt'], dice.io)).not.toBe(0);
    expect(dice.err()).toMatch(/use match --random-opening/);
  });
});
