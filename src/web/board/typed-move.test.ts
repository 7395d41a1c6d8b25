import { ok, unwrap } from '@hexarena/engines/engine/result.ts';
import { hex } from '@hexarena/engines/games/hex/index.ts';
import { hive } from '@hexarena/engines/games/hive/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { chosenMove, readTypedMove, writtenMoves } from './typed-move.ts';

beforeAll(() => setCatalog('en', en));

/** Hive after `moves`, with its legal moves written out. */
function hiveAfter(...moves: string[]) {
  let state = hive.newGame(hive.defaultOptions, 'typed');
  for (const m of moves) state = hive.play(state, unwrap(hive.parseMove(state, m)));
  return { state, legal: writtenMoves(hive, state) };
}

describe('typed moves', () => {
  it('reads a Hive move written as the game writes it, in any case and spacing', () => {
    const { state, legal } = hiveAfter('wG1', 'bG1 -wG1');
    const read = readTypedMove(hive, state, legal, '  wq   wg1/ ');
    expect(read).toMatchObject({ kind: 'move' });
    expect(read.kind === 'move' && read.text).toBe(legal.find((w) => w.move === (read.kind === 'move' && read.move))?.text);
    expect(chosenMove(read)?.text).toMatch(/^wQ /);
  });

  it('reads another spelling the rules accept as the same move, and answers with the game’s own', () => {
    const { state, legal } = hiveAfter('wG1', 'bG1 -wG1', 'wA1 wG1-', 'bA1 -bG1');
    // The cell south-east of wG1 is also south-west of wA1: either piece may name it.
    expect(legal.some((w) => w.text === 'wS1 /wA1')).toBe(false);
    expect(readTypedMove(hive, state, legal, 'wS1 /wA1')).toMatchObject({ kind: 'move', text: 'wS1 wG1\\' });
  });

  it('offers every legal move a beginning can become, and Enter plays only an unambiguous one', () => {
    const { state, legal } = hiveAfter('wG1', 'bG1 -wG1');
    const read = readTypedMove(hive, state, legal, 'wa');
    expect(read.kind).toBe('partial');
    const completions = read.kind === 'partial' ? read.completions.map((w) => w.text) : [];
    expect(completions.length).toBeGreaterThan(1);
    expect(completions.every((t) => t.startsWith('wA1 '))).toBe(true);
    expect(completions).toEqual(legal.filter((w) => w.text.startsWith('wA1')).map((w) => w.text));
    expect(chosenMove(read)).toBeNull();
    // At the start only one beetle may enter: its beginning is enough.
    const start = hiveAfter();
    expect(chosenMove(readTypedMove(hive, start.state, start.legal, 'wb'))?.text).toBe('wB1');
  });

  it('refuses an unreadable or illegal move with the rules’ reason', () => {
    const { state, legal } = hiveAfter('wG1', 'bG1 -wG1');
    expect(readTypedMove(hive, state, legal, 'wX1')).toEqual({ kind: 'refused', reason: expect.stringContaining('is not a piece') });
    // The Queen may not be placed on the first turn, nor may Black's pieces be placed on White's turn.
    expect(readTypedMove(hive, state, legal, 'bA1 bG1-')).toEqual({ kind: 'refused', reason: expect.stringContaining('White’s turn') });
    expect(readTypedMove(hive, state, legal, '')).toEqual({ kind: 'empty' });
    expect(chosenMove(readTypedMove(hive, state, legal, 'zz'))).toBeNull();
  });

  it('reads Hex cells: a full name is the move even when longer names begin with it', () => {
    const state = hex.newGame({ size: 11, pie: true }, 'typed');
    const legal = writtenMoves(hex, state);
    expect(readTypedMove(hex, state, legal, 'C1')).toMatchObject({ kind: 'move', text: 'c1', move: { kind: 'place' } });
    const c = readTypedMove(hex, state, legal, 'c');
    expect(c.kind === 'partial' ? c.completions.map((w) => w.text) : []).toEqual(
      Array.from({ length: 11 }, (_, i) => `c${i + 1}`).sort(
        (a, b) => legal.findIndex((w) => w.text === a) - legal.findIndex((w) => w.text === b),
      ),
    );
    const taken = hex.play(state, unwrap(hex.parseMove(state, 'f6')));
    const after = writtenMoves(hex, taken);
    expect(readTypedMove(hex, taken, after, 'f6')).toEqual({ kind: 'refused', reason: 'f6 already holds a Red stone.' });
    expect(readTypedMove(hex, taken, after, 'swap')).toMatchObject({ kind: 'move', text: 'swap' });
    expect(readTypedMove(hex, taken, after, 'q99')).toMatchObject({ kind: 'refused' });
  });
});

describe("the move box's own words, in the player's language", () => {
  // Rules that read any text as a move (as a game's parseMove reads a move it then finds illegal).
  const rules = { formatMove: (_: null, m: string) => m, parseMove: (_: null, text: string) => ok(text) };

  it('a move read but not legal here, and a position with no move, are said in the catalog’s words', () => {
    const legal = [{ text: 'a1', move: 'a1' }];
    expect(readTypedMove(rules, null, legal, 'zz')).toEqual({ kind: 'refused', reason: 'zz is not a legal move here.' });
    expect(readTypedMove(rules, null, [], 'zz')).toEqual({ kind: 'refused', reason: 'There is no move to make here.' });
    setCatalog('ru', ru);
    expect(readTypedMove(rules, null, legal, 'zz')).toEqual({
      kind: 'refused',
      reason: ru['moveBox.notLegalHere'].replace('{move}', 'zz'),
    });
    expect(readTypedMove(rules, null, [], 'zz')).toEqual({ kind: 'refused', reason: ru['moveBox.noMoveHere'] });
    setCatalog('en', en);
  });

  it('the rules’ own refusals are said in the player’s language, with their particulars', () => {
    const { state, legal } = hiveAfter('wG1', 'bG1 -wG1');
    try {
      setCatalog('es', es);
      expect(readTypedMove(hive, state, legal, 'bA1 bG1-')).toEqual({
        kind: 'refused',
        reason: 'Juegan las blancas: no puedes colocar fichas de las negras.',
      });
      expect(readTypedMove(hive, state, legal, 'wX1')).toEqual({
        kind: 'refused',
        reason: expect.stringMatching(/^«wX1» no es una ficha/),
      });
      setCatalog('ru', ru);
      const hexState = hex.play(
        hex.newGame({ size: 11, pie: true }, 'typed'),
        unwrap(hex.parseMove(hex.newGame({ size: 11, pie: true }, 'typed'), 'f6')),
      );
      expect(readTypedMove(hex, hexState, writtenMoves(hex, hexState), 'f6')).toEqual({
        kind: 'refused',
        reason: 'На f6 уже стоит красный камень.',
      });
      setCatalog('ja', ja);
      expect(readTypedMove(hive, state, legal, 'wA1 -bG1')).toEqual({ kind: 'refused', reason: '新しい駒は相手の駒の隣には置けません。' });
    } finally {
      setCatalog('en', en);
    }
  });
});
