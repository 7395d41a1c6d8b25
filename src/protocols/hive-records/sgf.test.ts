import { parseRecord, replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importHiveRecord, parseBoardspaceSgf, sgfProperties } from './index.ts';
import { formatHivePgn, parseHivePgn } from './pgn.ts';
import { SGF_BASE, SGF_BASE_MOVES, SGF_MOSQUITO, SGF_MOSQUITO_MOVES } from './samples.testing.ts';

describe('boardspace.net SGF', () => {
  it('reads a game: a turn counts at its done, a drag, "." onto a stack, the pass left out, a resignation', () => {
    const game = unwrap(parseBoardspaceSgf(SGF_BASE));
    expect(game.record.moves).toEqual(SGF_BASE_MOVES);
    expect(game.record.options).toEqual({ type: 'Base', tournament: true, repetitionDraw: false });
    expect(game.record.players).toEqual(['ann', 'bob']);
    expect(game.record.result).toEqual({ kind: 'win', winner: 0 });
    expect(game.record.termination).toBe('resignation');
    expect(game.tags).toMatchObject({ White: 'ann', Black: 'bob', GameType: 'Base', Result: 'WhiteWins', SgfResult: 'ann wins' });
    expect(game.notes).toContain('1 pass the file leaves implicit were played');
    // hexarena's own record: it parses and replays as any other.
    expect(replay(hive, unwrap(parseRecord(JSON.parse(JSON.stringify(game.record))))).ok).toBe(true);
  });

  it('reads the older way: pieces without colour, M1 the Mosquito climbing and coming down; a turn without done is dropped', () => {
    const game = unwrap(parseBoardspaceSgf(SGF_MOSQUITO));
    expect(game.record.moves).toEqual(SGF_MOSQUITO_MOVES);
    expect(game.record.options).toMatchObject({ type: 'Base+M' });
    expect(game.record.result).toBeNull();
    expect(game.notes.some((n) => n.includes('has no "done"'))).toBe(true);
  });

  it('SGF → record → PGN → record: the same moves, players and result', () => {
    for (const sample of [SGF_BASE, SGF_MOSQUITO]) {
      const fromSgf = unwrap(parseBoardspaceSgf(sample));
      const pgn = unwrap(formatHivePgn(fromSgf.record, fromSgf.tags));
      const back = unwrap(parseHivePgn(pgn));
      expect(back.record).toEqual(fromSgf.record);
    }
  });

  it('a first player with black pieces plays White, colours exchanged', () => {
    const flip = (c: string) => (c === 'w' ? 'b' : 'w');
    const swapped = SGF_BASE.replace(/\b([wb])([QSBGAMLP]\d?)\b/g, (_, c: string, rest: string) => `${flip(c)}${rest}`).replace(
      /move ([wb]) /g,
      (_, c: string) => `move ${flip(c)} `,
    );
    expect(swapped).toContain('dropb bS1 N 13 .');
    const game = unwrap(parseBoardspaceSgf(swapped));
    expect(game.record.moves).toEqual(SGF_BASE_MOVES);
    expect(game.notes.some((n) => n.includes('colours exchanged'))).toBe(true);
  });

  it('refuses a record that breaks the rules at its first bad move, with the ply, the text and the reason', () => {
    // Black's mosquito touches only a grasshopper: it cannot climb onto the beetle.
    const bad = SGF_MOSQUITO.replace('; P1[20 move B G1 L 13 -wQ]', '; P1[20 move B M1 O 13 .]; P1[21 done]');
    const result = parseBoardspaceSgf(bad);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe("ply 10 (P1 move B M1 O 13 . = bM bB1): A Mosquito can't move there.");
    // A piece dropped away from the hive.
    const far = parseBoardspaceSgf(SGF_BASE.replace('dropb wA1 P 14 wQ/', 'dropb wA1 A 1 .'));
    expect(far.ok || far.error.message).toBe('ply 5 (P0 dropb wA1 A 1 . = wA1): that cell touches no other piece of the hive');
  });

  it('says what is wrong with a file that is not a Hive SGF', () => {
    const message = (text: string) => {
      const r = parseBoardspaceSgf(text);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(message('')).toBe('no SGF game tree "(; … )" in the file');
    expect(message('(;SU[hive-ultimate])')).toMatch(/not a Hive variant/);
    expect(message('(;SU[hive];P0[1 dropb wQ N 13 .')).toMatch(/never closed/);
    expect(message('(;SU[hive](;P0[1 done])(;P0[1 done]))')).toMatch(/variations/);
    expect(message('(;SU[hive];P0[2 dropb wX1 N 13 .];P0[3 done])')).toBe('turn 1 (P0 dropb wX1 N 13 .): "wX1" is not a Hive piece');
    expect(unwrap(sgfProperties('(;A[x\\]y]B[1][2])'))).toEqual([
      { id: 'A', value: 'x]y' },
      { id: 'B', value: '1' },
      { id: 'B', value: '2' },
    ]);
  });

  it('importHiveRecord tells the formats apart by name, else by the first character', () => {
    expect(unwrap(importHiveRecord(SGF_BASE, 'game.sgf')).record.moves).toEqual(SGF_BASE_MOVES);
    expect(unwrap(importHiveRecord(SGF_BASE)).record.moves).toEqual(SGF_BASE_MOVES);
    expect(importHiveRecord('{"game":"hive"}').ok).toBe(false);
  });

  it('never throws: random text, mutated samples and random steps come back as a failure or a game', () => {
    const mutate = (text: string, edits: [number, number, string][]) =>
      edits.reduce((t, [at, cut, put]) => {
        const i = at % (t.length + 1);
        return t.slice(0, i) + put + t.slice(i + cut);
      }, text);
    const edit = fc.tuple(
      fc.nat(),
      fc.nat({ max: 8 }),
      fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('[', ']', '(', ')', '\\', ';', ' done', ' .')),
    );
    fc.assert(
      fc.property(fc.constantFrom(SGF_BASE, SGF_MOSQUITO), fc.array(edit, { maxLength: 6 }), (sample, edits) => {
        expect(typeof parseBoardspaceSgf(mutate(sample, edits)).ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (text) => {
        expect(typeof parseBoardspaceSgf(text).ok).toBe('boolean');
        expect(typeof importHiveRecord(text).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    const word = fc.constantFrom(
      'dropb',
      'pdropb',
      'move',
      'pmove',
      'pick',
      'pickb',
      'drop',
      'done',
      'pass',
      'resign',
      'acceptdraw',
      'w',
      'b',
      'wQ',
      'bM1',
      'S1',
      'N',
      'O',
      '13',
      '14',
      '.',
      'wQ-',
    );
    const step = fc.tuple(fc.constantFrom('P0', 'P1'), fc.array(word, { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const text = `(;SU[hive-lmp]${steps.map(([p, w], i) => `;${p}[${i} ${w.join(' ')}]`).join('')})`;
        expect(typeof parseBoardspaceSgf(text).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
