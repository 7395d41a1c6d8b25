import { afterAll, describe, expect, it } from 'vitest';
import { parseAnalysis } from './analysis/address.ts';
import { setCatalog } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import es from './i18n/messages/es.ts';
import ja from './i18n/messages/ja.ts';
import ru from './i18n/messages/ru.ts';
import { checkSetup, parseSetup, type Setup } from './setup.ts';

/**
 * A game's options the rules refuse (an address's `options`, the create dialog's): said by their
 * code (`options.*`, the engines' parseOptions) in the player's language, the option's name and
 * values as written.
 */
const base: Setup = { game: 'hex', options: {}, seats: ['human', 'human'], seed: 's', moves: [] };
const refused = (s: Partial<Setup>): string => {
  const checked = checkSetup({ ...base, ...s });
  return checked.ok ? 'accepted' : checked.error.message;
};

afterAll(() => setCatalog('en', en));

describe('options refused in the player’s language', () => {
  it('a game address in Russian: a size out of range, a flag, an unknown option, an unknown game', () => {
    setCatalog('ru', ru);
    expect(refused({ options: { size: 40 } })).toBe('Параметр «size» должен быть целым числом от 5 до 19.');
    expect(refused({ options: { pie: 'yes' } })).toBe('Параметр «pie» должен быть true или false.');
    expect(refused({ options: { colour: 'red' } })).toBe('У Hex нет параметра colour (его параметры: size, pie).');
    expect(refused({ game: 'chess' })).toBe('здесь нет игры «chess»');
    const resigned = parseSetup('?game=hive&resigned=x');
    expect(resigned?.ok === false && resigned.error.message).toBe('сдавшееся место указывается номером места, а не «x»');
  });

  it('in Japanese: DiceWars players for its rules, Nonaga’s choices, tic-tac-toe’s none, Hive’s type', () => {
    setCatalog('ja', ja);
    expect(refused({ game: 'dicewars', options: { rules: 'strength', players: 9 }, seats: [] })).toBe('強さルールは 2〜4 人用です。');
    expect(refused({ game: 'nonaga', options: { connectivity: 'loose' } })).toBe(
      'オプション「connectivity」は strict, final, none のいずれかにしてください。',
    );
    expect(refused({ game: 'tictactoe', options: { size: 4 } })).toBe('Tic-tac-toe にはオプションがありません（指定: size）。');
    expect(refused({ game: 'hive', options: { type: 7 } })).toBe('オプション「type」は「Base+MLP」のようなゲームタイプにしてください。');
  });

  it('an analysis address in Spanish', () => {
    setCatalog('es', es);
    const opened = parseAnalysis(`#analysis&game=nonaga&options=${encodeURIComponent('{"maxTurns":0}')}`);
    expect(opened.ok ? 'opened' : opened.error.message).toBe('La opción «maxTurns» debe ser un número entero no menor que 1.');
  });
});
