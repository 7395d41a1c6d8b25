import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { searchRefusal } from './search-refusal.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the page gets it: the server's body (src/server/social/games-search.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

/** A search by a position whose second move takes the first one's cell, as the server answers it (the social route test holds it to this). */
const takenTwice = {
  error: 'the opening cannot be played: move 2 (b2): b2 holds a red stone',
  code: 'search.opening',
  values: { game: 'Hex' },
  cause: {
    error: 'move 2 (b2): b2 holds a red stone',
    code: 'rules.replay',
    values: { unit: 'move', number: 2, move: 'b2' },
    cause: { error: 'b2 holds a red stone', code: 'hex.taken', values: { cell: 'b2', side: 'red' } },
  },
};
const tooDeep = {
  error: 'positions are searched within the first 29 moves of a game: this one is after 30',
  code: 'search.tooDeep',
  values: { max: 29, count: 30 },
};

describe('a search by position refused, in the player’s language', () => {
  it('says the move refused, and why, each part from the catalog (Spanish, Russian, Japanese)', () => {
    setCatalog('es', es);
    expect(searchRefusal(refused(takenTwice))).toMatch(/^Las primeras jugadas no se pueden jugar: Jugada 2 \(b2\): /);
    expect(searchRefusal(refused(takenTwice))).not.toMatch(/\b(holds|stone|move)\b/);
    expect(searchRefusal(refused(tooDeep))).toBe(
      'Las posiciones se buscan entre las primeras 29 jugadas de una partida: esta viene después de 30.',
    );
    setCatalog('ru', ru);
    expect(searchRefusal(refused(takenTwice))).toMatch(/^Первые ходы сыграть нельзя: Ход 2 \(b2\): /);
    expect(searchRefusal(refused(tooDeep))).toBe('Позиции ищутся только среди первых 29 ходов партии, а эта — после 30 ходов.');
    setCatalog('ja', ja);
    expect(searchRefusal(refused({ error: '…', code: 'search.notExplored', values: { game: 'DiceWars' } }))).toBe(
      'DiceWars はオープニング・エクスプローラーの対象外です。最初の手で対局を検索してください。',
    );
  });

  it('English says it too; a code it does not know, or none, is left to the page (the server’s words)', () => {
    setCatalog('en', en);
    expect(searchRefusal(refused(tooDeep))).toBe('Positions are searched within the first 29 moves of a game: this one is after 30.');
    expect(searchRefusal(refused({ error: 'a new refusal', code: 'search.newOne' }))).toBeNull();
    expect(searchRefusal(refused({ error: 'too many searches' }))).toBeNull();
  });
});
