import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import ja from './i18n/messages/ja.ts';
import ru from './i18n/messages/ru.ts';
import { readRecord } from './record-file.ts';

/**
 * "Open a record" with a record it refuses: its shape, its game, its options and its result said by
 * code (`record.*`, engine/record.ts) in the player's language, not in the engines' English.
 */
const opened = async (record: unknown, name = 'game.json'): Promise<string> => {
  const read = await readRecord(new File([JSON.stringify(record)], name));
  return read.ok ? 'opened' : read.error.message;
};
/** A file of another program (SGF, PGN, or neither) as Open a record reads it. */
const imported = async (text: string, name: string): Promise<string> => {
  const read = await readRecord(new File([text], name));
  return read.ok ? 'opened' : read.error.message;
};
const hive = { game: 'hive', options: {}, seed: '', moves: ['wS1', 'bS1 wS1-'], result: null };

afterAll(() => setCatalog('en', en));

describe('a record refused, in the player’s language', () => {
  it('Russian: its shape, its game, its rules version, its options', async () => {
    setCatalog('ru', ru);
    expect(await opened([])).toBe('game.json: Запись партии — это объект JSON.');
    expect(await opened({ ...hive, moves: 'wQ' })).toBe('game.json: Поле «moves» в записи должно быть списком ходов, каждый — строка.');
    expect(await opened({ ...hive, termination: 'lost' })).toMatch(
      /^game\.json: Поле «termination» в записи должно быть одним из: rules, /,
    );
    expect(await opened({ ...hive, game: 'chess' })).toBe(
      'game.json: Здесь нет игры «chess» (игры: dicewars, hive, nonaga, tictactoe, hex).',
    );
    expect(await opened({ ...hive, rulesVersion: 9 })).toMatch(
      /^game\.json: Эта партия сыграна по версии 9 правил Hive, а этот сайт играет по версии \d+:/,
    );
    expect(await opened({ ...hive, options: { type: 'Base', mosquito: true } })).toBe(
      'game.json: Параметры в записи: У Hive нет параметра mosquito (его параметры: type, tournament, repetitionDraw).',
    );
  });

  it('Japanese: a result its moves do not lead to, and one no seat of the game can have', async () => {
    setCatalog('ja', ja);
    expect(await opened({ ...hive, result: { kind: 'win', winner: 0 } })).toBe(
      'game.json: 棋譜の結果は白の勝ちですが、手順どおりだと未決着になります。',
    );
    expect(await opened({ ...hive, result: { kind: 'win', winner: 3 } })).toBe(
      'game.json: 棋譜の勝者の席 3 はこのゲームにありません（席は 0 から 1 まで）。',
    );
    expect(await opened({ ...hive, termination: 'resignation' })).toBe('game.json: 「resignation」で終局した対局には結果が必要です。');
    expect(await opened({ ...hive, result: 'won' })).toBe(
      'game.json: 棋譜の結果は null（対局中）、引き分け、または勝者の席を書いた勝ちにしてください。',
    );
  });

  it('another program’s file: a PGN, an SGF, a move refused in one', async () => {
    setCatalog('es', es);
    expect(await imported('[GameType "Base"]\n[Oops]\n1. wS1\n', 'a.pgn')).toBe(
      'a.pgn: Línea 2: «[Oops]» no es un par de etiqueta como [GameType "Base+MLP"].',
    );
    expect(await imported('1. wS1\n3. bS1 wS1-\n', 'b.pgn')).toBe('b.pgn: Número de jugada 3 donde tocaba el 2.');
    expect(await imported('[GameType "Chess"]\n1. wS1\n', 'c.pgn')).toMatch(/^c\.pgn: Etiqueta GameType: [^A-Za-z]*«Chess»/);
    expect(await imported('(;GM[27]', 'd.sgf')).toBe('d.sgf: El archivo termina dentro de un árbol de juego: está cortado.');
    expect(await imported('(;SU[hive-ultimate])', 'g.sgf')).toMatch(
      /^g\.sgf: «hive-ultimate» no es una variante de Hive que hexarena juegue/,
    );
    expect(await imported('(;SU[hive];P0[2 dropb wX1 N 13 .];P0[3 done])', 'h.sgf')).toBe(
      'h.sgf: Turno 1 (P0 dropb wX1 N 13 .): «wX1» no es una ficha de Hive.',
    );
    setCatalog('ru', ru);
    expect(await imported('(;SU[hive];P0[2 dropb wS N 13 .];P0[3 done])', 'i.sgf')).toBe(
      'i.sgf: Ход 1 (P0 dropb wS N 13 .): «wS»: укажите, какой паук (S1, S2…).',
    );
    // The move's own refusal in Russian too, under the ply that names it.
    expect(await imported('1. wS1\n2. wS2 wS1-\n', 'f.pgn')).toMatch(/^f\.pgn: Ход 2 \(wS2 wS1-\): [^A-Za-z]*$/);
  });
});
