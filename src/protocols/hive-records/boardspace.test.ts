import { replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { cellOf } from '@hexarena/engines/games/hive/grid.ts';
import { type HiveState, hive, parsePiece } from '@hexarena/engines/games/hive/index.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseColumn, parseSetup } from './boardspace-notation.ts';
import * as B from './boardspace-samples.testing.ts';
import { parseBoardspaceSgf } from './index.ts';
import { formatHivePgn, parseHivePgn } from './pgn.ts';
import { SGF_BASE, SGF_BASE_MOVES, SGF_MOSQUITO, SGF_MOSQUITO_MOVES } from './samples.testing.ts';

/** The position a record's moves reach, by hexarena's engine. */
const finalState = (text: string): HiveState => unwrap(replay(hive, unwrap(parseBoardspaceSgf(text)).record)).state;
/** Where a piece stands, as hexarena's cell of axial (q, r) around white's first piece. */
const where = (state: HiveState, piece: string) => state.pos.where[unwrap(parsePiece(piece))];
const error = (text: string) => {
  const r = parseBoardspaceSgf(text);
  return r.ok ? 'accepted' : r.error.message;
};

// The three line games end with black's eleven pieces in a row from the first white piece, white's
// first ant at the end of it and two more ants beyond: twelve, thirteen and fourteen cells out.
const LINE_ENDS = {
  east: (k: number) => cellOf(k, 0),
  west: (k: number) => cellOf(-k, 0),
  north: (k: number) => cellOf(0, -k),
};

describe('boardspace.net SGF as boardspace writes it', () => {
  const variants: [string, string, readonly string[]][] = [
    ['human steps, a pass left out, Resign', SGF_BASE, SGF_BASE_MOVES],
    ['older steps without colours', SGF_MOSQUITO, SGF_MOSQUITO_MOVES],
    ['MoveDone / PassDone, columns past Z (1Z, 2Z), revision 101', B.SGF_EAST, B.EAST_MOVES],
    ['columns before A (1A), revision 101', B.SGF_WEST, B.WEST_MOVES],
    ['rows past 26, revision 101', B.SGF_NORTH, B.NORTH_MOVES],
    ['columns wrapping after Z to A on the 26 × 26 board', B.SGF_EAST_WRAPPED, B.EAST_MOVES],
    ['columns wrapping before A to Z', B.SGF_WEST_WRAPPED, B.WEST_MOVES],
    ['rows wrapping after 26 to 1', B.SGF_NORTH_WRAPPED, B.NORTH_MOVES],
    ['Pick/Dropb, Move, MoveDone, PMove, Pickb/Pdropb, PMoveDone, Resign + Done', B.SGF_PILLBUG, B.PILLBUG_MOVES],
    ['no step numbers, Drop back, a drop taken back, OfferDraw / AcceptDraw', B.SGF_HESITANT, B.HESITANT_MOVES],
  ];

  it.each(variants)('replays %s to its moves', (_, text, moves) => {
    const game = unwrap(parseBoardspaceSgf(text));
    expect(game.record.moves).toEqual(moves);
    // hexarena's own record replays as any other.
    expect(replay(hive, game.record).ok).toBe(true);
  });

  it('MoveDone and PassDone are a move (or pass) and its Done: every turn counts, the turns alternate', () => {
    const game = unwrap(parseBoardspaceSgf(B.SGF_EAST));
    expect(game.record.moves).toHaveLength(27);
    expect(game.record.moves.filter((m) => m === 'pass')).toHaveLength(2);
    expect(game.notes).toEqual([]);
    expect(game.tags).toMatchObject({ GameType: 'Base', White: 'ann', Black: 'bob', Result: 'InProgress' });
  });

  it('columns past Z and before A, rows past 26: the pieces stand where the file says, in a line 22 cells long', () => {
    for (const [text, at] of [
      [B.SGF_EAST, LINE_ENDS.east],
      [B.SGF_WEST, LINE_ENDS.west],
      [B.SGF_NORTH, LINE_ENDS.north],
      [B.SGF_EAST_WRAPPED, LINE_ENDS.east],
      [B.SGF_WEST_WRAPPED, LINE_ENDS.west],
      [B.SGF_NORTH_WRAPPED, LINE_ENDS.north],
    ] as const) {
      const state = finalState(text);
      expect(where(state, 'wS1')).toBe(at(0));
      expect(where(state, 'bS1')).toBe(at(1));
      expect(where(state, 'bS2')).toBe(at(11));
      expect(where(state, 'wA1')).toBe(at(12));
      expect(where(state, 'wA2')).toBe(at(13));
      expect(where(state, 'wA3')).toBe(at(14));
      expect(state.pos.piecesOnBoard).toBe(22);
    }
  });

  it('a wrapped cell is read beside the hive, and said so', () => {
    const game = unwrap(parseBoardspaceSgf(B.SGF_EAST_WRAPPED));
    expect(game.notes).toEqual(["2 cells written across the edge of boardspace's wrapping 26 × 26 board, read beside the hive"]);
    // The columns after Z are written A and B there, where revision 101 writes 1Z and 2Z.
    expect(B.SGF_EAST_WRAPPED).toContain('wA3 B 13');
    expect(B.SGF_EAST).toContain('wA3 2Z 13');
  });

  it('a board that no longer wraps (revision 101) does not read A as the column after Z', () => {
    const wrappedAs101 = B.SGF_EAST_WRAPPED.replace('SU[hive]', 'SU[hive 2 0 101]');
    expect(error(wrappedAs101)).toBe('ply 25 (P0 MoveDone W wA2 A 13 wA1- = wA2): that cell touches no other piece of the hive');
    // A revision before 101 still wraps.
    expect(unwrap(parseBoardspaceSgf(B.SGF_EAST_WRAPPED.replace('SU[hive]', 'SU[hive 2 0 100]'))).record.moves).toEqual(B.EAST_MOVES);
  });

  it('the Pillbug game: throws by PMove, Pdropb and PMoveDone, black resigns and confirms', () => {
    const game = unwrap(parseBoardspaceSgf(B.SGF_PILLBUG));
    expect(game.record.options).toEqual({ type: 'Base+P', tournament: true, repetitionDraw: false });
    expect(game.record.result).toEqual({ kind: 'win', winner: 0 });
    expect(game.record.termination).toBe('resignation');
    expect(game.record.players).toEqual(['cleo', 'dan']);
    const state = finalState(B.SGF_PILLBUG);
    // The black queen, thrown three times by the white Pillbug, ends east of it.
    expect(where(state, 'wP')).toBe(cellOf(1, -1));
    expect(where(state, 'bQ')).toBe(cellOf(2, -1));
    expect(where(state, 'bP')).toBe(cellOf(2, 0));
  });

  it('a hesitant player: only what is put down at Done counts; a draw accepted and confirmed', () => {
    const game = unwrap(parseBoardspaceSgf(B.SGF_HESITANT));
    expect(game.record.options).toMatchObject({ type: 'Base+ML', tournament: true });
    expect(game.record.result).toEqual({ kind: 'draw' });
    expect(game.record.termination).toBe('agreement');
    expect(game.tags).toMatchObject({ White: 'eve', Black: 'fay', Result: 'Draw' });
    const state = finalState(B.SGF_HESITANT);
    expect(where(state, 'wA1')).toBe(cellOf(0, 0));
    expect(where(state, 'bB1')).toBe(cellOf(-1, 0));
    expect(where(state, 'wQ')).toBe(cellOf(1, -1));
    expect(state.pos.piecesOnBoard).toBe(4);
  });

  it('a resignation withdrawn by a second Resign, then play on; WinOnTime', () => {
    const end = ';P1[31 Resign]\n;P1[32 Done]';
    expect(B.SGF_PILLBUG).toContain(end);
    const withdrawn = unwrap(
      parseBoardspaceSgf(B.SGF_PILLBUG.replace(end, ';P1[31 Resign];P1[32 Resign];P1[33 Move B bB1 Q 13 bP1-];P1[34 Done]')),
    );
    expect(withdrawn.record.moves).toEqual([...B.PILLBUG_MOVES, 'bB1 bP-']);
    expect(withdrawn.record.result).toBeNull();
    const onTime = unwrap(parseBoardspaceSgf(B.SGF_PILLBUG.replace(end, ';P1[31 WinOnTime]')));
    expect(onTime.record.result).toEqual({ kind: 'win', winner: 1 });
    expect(onTime.record.termination).toBe('time');
    expect(onTime.notes).toContain('P1 WinOnTime: read as a win on time for P1');
    // A winner named in RE comes first.
    const named = unwrap(parseBoardspaceSgf(B.SGF_PILLBUG.replace(end, ';P1[31 WinOnTime]').replace('SU[', 'RE[cleo wins]SU[')));
    expect(named.record.result).toEqual({ kind: 'win', winner: 0 });
    expect(named.notes).toContain('RE names P0 the winner: the win on time is theirs');
    expect(error(B.SGF_PILLBUG.replace(end, ';P1[31 Resign];P1[32 MoveDone B bB1 Q 13 bP1-]'))).toBe(
      'turn 16 (P1 MoveDone B bB1 Q 13 bP1-): a move after a resignation that was neither confirmed with Done nor withdrawn',
    );
  });

  it('the seat that places the first piece plays White', () => {
    const relabelled = SGF_BASE.replace(/P([01])\[/g, (_, p: string) => `P${1 - Number(p)}[`);
    expect(relabelled).toContain('P1[2 dropb wS1 N 13 .]');
    const game = unwrap(parseBoardspaceSgf(relabelled));
    expect(game.record.moves).toEqual(SGF_BASE_MOVES);
    expect(game.record.players).toEqual(['ann', 'bob']);
    expect(game.record.result).toEqual({ kind: 'win', winner: 0 });
    expect(game.notes).toContain('P1 places the first piece, so P1 plays White');
  });

  it('SGF → record → PGN → record keeps the moves, players and result', () => {
    for (const sample of [B.SGF_EAST, B.SGF_WEST_WRAPPED, B.SGF_PILLBUG, B.SGF_HESITANT]) {
      const fromSgf = unwrap(parseBoardspaceSgf(sample));
      expect(unwrap(parseHivePgn(unwrap(formatHivePgn(fromSgf.record, fromSgf.tags)))).record).toEqual(fromSgf.record);
    }
  });
});

describe("boardspace's setup line and cells", () => {
  it('reads every Hive variant, with or without players, random key and revision', () => {
    const read = (su: string) => unwrap(parseSetup(su));
    expect(read('hive')).toEqual({ type: 'Base', revision: null, wraps: true });
    expect(read('hive-m').type).toBe('Base+M');
    expect(read('hive-l').type).toBe('Base+L');
    expect(read('hive-p').type).toBe('Base+P');
    expect(read('hive-lm').type).toBe('Base+ML');
    expect(read('hive-pm').type).toBe('Base+MP');
    expect(read('hive-pl').type).toBe('Base+LP');
    expect(read('hive-plm').type).toBe('Base+MLP');
    expect(read('Hive-LMP').type).toBe('Base+MLP');
    expect(read('hive-plm 2 0 101')).toEqual({ type: 'Base+MLP', revision: 101, wraps: false });
    expect(read(' hive-pm 2 1234567 100 ')).toEqual({ type: 'Base+MP', revision: 100, wraps: true });
    expect(read('hive 2')).toEqual({ type: 'Base', revision: null, wraps: true });
  });

  it('refuses what is not a two-player Hive variant hexarena plays, in words', () => {
    const refused = (su: string) => {
      const r = parseSetup(su);
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(refused('hive-ultimate')).toMatch(/^"hive-ultimate" is not a Hive variant hexarena plays/);
    expect(refused('hive-mm')).toMatch(/is not a Hive variant/);
    expect(refused('chess')).toMatch(/is not a Hive variant/);
    expect(refused('hive-plm 3 0 101')).toBe('"hive-plm 3 0 101": a Hive game has 2 players, not 3');
    expect(refused('hive-plm 2 x')).toMatch(/numbers only/);
    expect(error('(;SU[hive-plm 2 0 101 7])')).toMatch(/more numbers than/);
  });

  it('columns: letters, and past Z or before A the count and the letter', () => {
    expect(['A', 'N', 'Z', 'a', '1Z', '2Z', '12Z', '1A', '3A'].map(parseColumn)).toEqual([0, 13, 25, 0, 26, 27, 37, -1, -3]);
    expect(['', '0Z', 'AA', '1B', 'Z1', '13', '-1A'].map(parseColumn)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('records that are truly wrong stay refused, with the ply and why', () => {
  it('a MoveDone the rules refuse', () => {
    expect(error(B.SGF_EAST.replace('MoveDone W wA3 2Z 13 wA2-', 'MoveDone W wA3 4Z 13 .'))).toBe(
      'ply 27 (P0 MoveDone W wA3 4Z 13 . = wA3): that cell touches no other piece of the hive',
    );
    expect(error(B.SGF_EAST.replace('MoveDone W wQ M 13 -wS1', 'MoveDone W wQ O 14 .'))).toBe(
      "ply 3 (P0 MoveDone W wQ O 14 . = wQ \\bS1): You can't place a new piece next to one of your opponent's pieces.",
    );
    expect(error(B.SGF_EAST.replace('MoveDone W wB1 I 13 -wG3', 'MoveDone W wB1 P 13 .'))).toBe(
      "ply 11 (P0 MoveDone W wB1 P 13 . = wB1 bQ): You can't place a piece on top of another.",
    );
  });

  it('a step that cannot be read says which turn and why', () => {
    expect(error(B.SGF_PILLBUG.replace('Pdropb bQ N 14', 'Pdropb Q N 14'))).toBe(
      'turn 13 (P0 Pdropb Q N 14 -wP): "Q": a Pdropb names the piece with its colour (w or b)',
    );
    expect(error(B.SGF_EAST.replace('MoveDone W wA2 1Z 13', 'MoveDone W wA2 1B 13'))).toBe(
      'turn 25 (P0 MoveDone W wA2 1B 13 wA1-): write a colour, a piece and a cell, such as "Move W wB1 M 14 ."',
    );
    expect(error(B.SGF_EAST.replace(';P1[24 PassDone]', ';P1[24 Edit]'))).toBe(
      'turn 24 (P1 Edit): the position is edited here (Edit): hexarena reads games, not set-up positions',
    );
    expect(error(B.SGF_PILLBUG.replace('Pick W 8 wP1', 'Pick W 8 wOP'))).toMatch(/original Pillbug/);
  });

  it('a pass where the player has a move is refused by the rules', () => {
    expect(error(B.SGF_EAST.replace(';P0[21 MoveDone W wA1 X 14 \\\\bB2]', ';P0[21 PassDone]'))).toBe(
      'ply 21 (P0 PassDone = pass): You can only pass when you have no other move.',
    );
  });

  it('never throws on random steps of every kind boardspace writes', () => {
    const word = fc.constantFrom(
      'Pick',
      'Pickb',
      'Drop',
      'Dropb',
      'Pdropb',
      'Move',
      'PMove',
      'MoveDone',
      'PMoveDone',
      'Pass',
      'PassDone',
      'Done',
      'Resign',
      'OfferDraw',
      'AcceptDraw',
      'DeclineDraw',
      'WinOnTime',
      'Edit',
      'Start',
      'W',
      'B',
      '0',
      '4',
      'wQ',
      'bP1',
      'wA1',
      'N',
      'O',
      '1Z',
      '2A',
      '13',
      '14',
      '.',
    );
    const step = fc.tuple(fc.constantFrom('P0', 'P1'), fc.array(word, { minLength: 1, maxLength: 6 }));
    fc.assert(
      fc.property(fc.constantFrom('hive-plm', 'hive-plm 2 0 101'), fc.array(step, { maxLength: 30 }), (su, steps) => {
        const text = `(;SU[${su}]${steps.map(([p, w], i) => `;${p}[${i} ${w.join(' ')}]`).join('')})`;
        expect(typeof parseBoardspaceSgf(text).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});
