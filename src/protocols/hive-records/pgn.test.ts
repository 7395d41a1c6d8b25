import { makeRecord } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHivePgn, parseHivePgn, splitHivePgn } from './pgn.ts';
import { PGN_INLINE, PGN_MZINGA, SGF_MOSQUITO_MOVES } from './samples.testing.ts';

const message = (text: string): string => {
  const r = parseHivePgn(text);
  return r.ok ? 'ok' : r.error.message;
};

describe('Hive PGN (Mzinga, hivegame.com)', () => {
  it('reads Mzinga’s layout: tags, one numbered move a line', () => {
    const game = unwrap(parseHivePgn(PGN_MZINGA));
    expect(game.record.moves).toEqual(SGF_MOSQUITO_MOVES);
    expect(game.record.options).toEqual({ type: 'Base+M', tournament: true, repetitionDraw: false });
    expect(game.record.players).toEqual(['cleo', 'dan']);
    expect(game.record.result).toBeNull();
    expect(game.tags).toMatchObject({ Date: '2024.03.02', Site: 'hexarena tests' });
  });

  it('reads moves on one line, a comment, a chess-style result and how the game ended', () => {
    const game = unwrap(parseHivePgn(PGN_INLINE));
    expect(game.record.moves).toEqual(['wS1', 'bS1 \\wS1', 'wQ wS1-', 'bS2 bS1/', 'wA1 wQ/']);
    expect(game.record.result).toEqual({ kind: 'win', winner: 0 });
    expect(game.record.termination).toBe('resignation');
  });

  it('a result the moves do not reach, and no Termination, is noted and the game kept unfinished', () => {
    const game = unwrap(parseHivePgn(PGN_INLINE.replace('[Termination "resignation"]\n', '')));
    expect(game.record.result).toBeNull();
    expect(game.notes.some((n) => n.includes('does not reach') || n.includes('do not reach'))).toBe(true);
  });

  it('format → parse → format is the same text, and parse gives back the record', () => {
    for (const sample of [PGN_MZINGA, PGN_INLINE]) {
      const game = unwrap(parseHivePgn(sample));
      const text = unwrap(formatHivePgn(game.record, game.tags));
      const again = unwrap(parseHivePgn(text));
      expect(again.record).toEqual(game.record);
      expect(unwrap(formatHivePgn(again.record, again.tags))).toBe(text);
    }
    // Mzinga's own layout comes back as written.
    const mzinga = unwrap(parseHivePgn(PGN_MZINGA));
    expect(unwrap(formatHivePgn(mzinga.record, mzinga.tags))).toBe(PGN_MZINGA);
  });

  it('round-trips games played to their end, with quotes and backslashes in the tags', () => {
    const moves = ['wS1', 'bS1 wS1-', 'wQ -wS1', 'bQ bS1-', 'wA1 \\wQ', 'bA1 bQ-'];
    const record = makeRecord(hive, { type: 'Base', tournament: true, repetitionDraw: false }, 'x', moves, null, {
      players: ['a "quoted" name', 'back\\slash'],
    });
    const text = unwrap(formatHivePgn(record, { Event: 'club night', Custom: 'yes' }));
    expect(text).toContain('[White "a \\"quoted\\" name"]');
    const back = unwrap(parseHivePgn(text));
    expect(back.record.moves).toEqual(moves);
    expect(back.record.players).toEqual(record.players);
    expect(back.tags).toMatchObject({ Event: 'club night', Custom: 'yes' });
  });

  it('names the first bad move with its ply and the engine’s reason', () => {
    expect(message('[GameType "Base"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n')).toBe(
      "ply 3 (wQ bS1-): You can't place a new piece next to one of your opponent's pieces.",
    );
    expect(message('1. wQ\n')).toBe('ok'); // a first-turn queen turns the tournament rule off
    expect(message('1. wS1\n2. wS2 wS1-\n')).toMatch(/^ply 2 \(wS2 wS1-\): It's Black's turn/);
    expect(message('1. wS1\n3. bS1 wS1-\n')).toBe('move number 3 where 2 was due');
    expect(message('1. wS1 bS1 wS1-\n')).toMatch(/not one move/);
    expect(message('[GameType "Base+X"]\n')).toMatch(/^GameType: /);
    expect(message('[Result "2-0"]\n')).toMatch(/is not a result/);
    expect(message('[Broken\n')).toMatch(/is not a tag pair/);
  });

  it('splits without playing', () => {
    expect(unwrap(splitHivePgn('1.wS1 2.bG1 -wS1 *'))).toEqual({ tags: {}, moves: ['wS1', 'bG1 -wS1'], result: '*' });
    expect(unwrap(splitHivePgn(''))).toEqual({ tags: {}, moves: [] });
  });

  it('never throws: random text and mutated samples come back as a failure or a game', () => {
    const mutate = (text: string, edits: [number, number, string][]) =>
      edits.reduce((t, [at, cut, put]) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + put + t.slice(i + cut);
      }, text);
    const edits = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.string({ maxLength: 6 })), { maxLength: 6 });
    fc.assert(
      fc.property(fc.constantFrom(PGN_MZINGA, PGN_INLINE), edits, (sample, e) => {
        const r = parseHivePgn(mutate(sample, e));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (text) => {
        expect(typeof parseHivePgn(text).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
