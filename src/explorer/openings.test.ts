import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGame } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { countedOf, explorable, OPENING_PLIES, openingOf, variantOf } from './openings.ts';

const gameOf = (id: string) => {
  const found = findGame(id);
  if (!found.ok) throw found.error;
  return found.value;
};
const hive = gameOf('hive');
const hex = gameOf('hex');

/** White's queen and ant placed in either order: the same position after six plies. */
const QUEEN_FIRST = ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wA1 \\wS1', 'bA1 bQ-'];
const ANT_FIRST = ['wS1', 'bS1 wS1-', 'wA1 \\wS1', 'bQ bS1-', 'wQ -wS1', 'bA1 bQ-'];

const opening = (game = hive, moves: readonly string[] = QUEEN_FIRST, ended: boolean | 'asked' = false) => {
  const read = openingOf(game, {}, 'seed', moves, ended === 'asked' ? undefined : ended);
  if (!read.ok) throw read.error;
  return read.value;
};

describe('openings as the explorer keys them', () => {
  it('a transposition reaches the same key; the positions on the way differ, and so do their keys', () => {
    const a = opening(hive, QUEEN_FIRST);
    const b = opening(hive, ANT_FIRST);
    expect(a.key).toBe(b.key);
    expect(a.steps[2]?.key).toBe(b.steps[2]?.key);
    expect(a.steps[3]?.key).not.toBe(b.steps[3]?.key);
    const keys = a.steps.map((s) => s.key);
    expect(new Set([...keys, a.key]).size).toBe(keys.length + 1);
    // Hex too: four stones in another order.
    expect(opening(hex, ['a1', 'b2', 'c3', 'd4']).key).toBe(opening(hex, ['c3', 'd4', 'a1', 'b2']).key);
    expect(opening(hex, ['a1', 'b2']).key).not.toBe(opening(hex, ['b2', 'a1']).key);
  });

  it('names the side to move in the key, and writes each move as the game formats it', () => {
    const { steps, key } = opening(hive, ANT_FIRST);
    expect(steps.map((s) => s.key.slice(-2))).toEqual([':0', ':1', ':0', ':1', ':0', ':1']);
    expect(key).toMatch(/^[0-9a-f]{16}:0$/);
    // Written "wQ -wS1" by the player, formatted by the game as it writes that placement.
    expect(steps[4]?.move).toBe('wQ /wA1');
  });

  it('keys are the games’ own seeded hashes: the same in another process, and as they were when first stored', () => {
    const here = [opening(hive).key, opening(hex, ['a1', 'b2']).key];
    const script = `import { findGame } from './packages/engines/src/games/index.ts'; import { openingOf } from './src/explorer/openings.ts';
      const key = (id, moves) => openingOf(findGame(id).value, {}, 'other seed', moves).value.key;
      console.log(JSON.stringify([key('hive', ${JSON.stringify(QUEEN_FIRST)}), key('hex', ['a1', 'b2'])]));`;
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const there = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
    );
    expect(there).toEqual(here);
    // Pinned: a change to a game's Zobrist keys would silently empty the stored index (it must be rebuilt).
    expect(here).toEqual(['8e08c43eb4b8a3ae:0', '8044d7200245b801:0']);
    expect(opening(hive, []).key).toBe('86b8e65dbc3835e5:0');
  });

  it('counts the first plies only, with the position a game ended in', () => {
    const many = Array.from({ length: 40 }, (_, i) => `${'abcdefghijk'[i % 11]}${Math.floor(i / 11) + 1}`);
    const long = opening(hex, many, true);
    expect(long.steps).toHaveLength(OPENING_PLIES);
    expect(long.key).toBeNull();
    const short = opening(hex, ['a1', 'b2'], true);
    expect(short.steps.map((s) => s.move)).toEqual(['a1', 'b2', '']);
    expect(short.steps[2]?.key).toBe(short.key);
    // A question about a position makes its key alone.
    expect(opening(hex, ['a1', 'b2'], 'asked')).toEqual({ variant: 'hex', steps: [], key: short.key, plies: 2 });
  });

  it('names the first bad move; DiceWars and tic-tac-toe are not explored; options other than the defaults are another variant', () => {
    const bad = openingOf(hive, {}, 's', ['wS1', 'bS1 wS1-', 'wQ wS1-']);
    expect(bad.ok ? '' : bad.error.message).toMatch(/^move 3 \(wQ wS1-\)/);
    expect(explorable(gameOf('dicewars'))).toBe(false);
    expect(explorable(gameOf('tictactoe'))).toBe(false);
    expect([hive, hex, gameOf('nonaga')].map(explorable)).toEqual([true, true, true]);
    const refused = openingOf(gameOf('dicewars'), {}, 's', []);
    expect(refused.ok ? '' : refused.error.message).toMatch(/DiceWars is not in the opening explorer/);
    expect(variantOf(hive, {})).toEqual({ ok: true, value: 'hive' });
    expect(variantOf(hive, { type: 'Base+MLP' })).toEqual({ ok: true, value: 'hive' });
    expect(variantOf(hive, { type: 'Base' })).toMatchObject({ ok: true, value: expect.stringMatching(/^hive:[0-9a-f]{8}$/) });
    expect(variantOf(hex, { size: 13 })).not.toEqual(variantOf(hex, {}));
  });

  it('counts an outcome by seat', () => {
    expect(countedOf({ kind: 'win', winner: 0 })).toBe('first');
    expect(countedOf({ kind: 'win', winner: 1 })).toBe('second');
    expect(countedOf({ kind: 'draw' })).toBe('draw');
  });
});
