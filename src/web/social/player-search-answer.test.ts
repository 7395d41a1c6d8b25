import { err, ok } from '@hexarena/engines/engine/result.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { serverAnswered } from '../online/api.ts';
import { refusalOf } from '../refusal-of.ts';
import { searchAnswer } from './player-search-answer.ts';

afterAll(() => setCatalog('en', en));

/** The server's 429 to a search too fast, as the API reads it (social.test.ts holds the server to this body). */
const tooFast = err(
  refusalOf({ error: 'too many searches: at most 5 a second', code: 'social.searchTooFast', values: { rate: 5 } }) as Error,
);

describe('the players’ search box reads the server’s answer', () => {
  it('shows the names found; an empty answer is "nobody" (no problem to say)', () => {
    setCatalog('en', en);
    const found = [{ name: 'Srch_Alpha', online: true }];
    expect(searchAnswer(ok(found))).toEqual({ found, problem: null });
    expect(searchAnswer(ok([]))).toEqual({ found: [], problem: null });
  });

  it('says a search refused for its rate in the player’s language, with the rate (Russian counts it), never as "nobody"', () => {
    const said: Record<string, string | null> = {};
    for (const [locale, catalog] of [
      ['en', en],
      ['es', es],
      ['ru', ru],
      ['ja', ja],
    ] as const) {
      setCatalog(locale, catalog);
      const answer = searchAnswer(tooFast);
      expect(answer.found).toEqual([]);
      expect(answer.problem).not.toBe(catalog['social.search.none']);
      said[locale] = answer.problem;
    }
    expect(said).toEqual({
      en: 'Searching too fast: at most 5 searches a second. Try again in a moment.',
      es: 'Demasiadas búsquedas seguidas: como mucho 5 búsquedas por segundo. Vuelve a intentarlo en un momento.',
      ru: 'Слишком частый поиск: не больше 5 запросов в секунду. Попробуйте чуть позже.',
      ja: '検索が速すぎます。検索は 1 秒に 5 回までです。少し待ってからもう一度お試しください。',
    });
    // Russian's other counts: one, few (and English's one).
    setCatalog('ru', ru);
    const rate = (n: number) =>
      searchAnswer(err(refusalOf({ error: '…', code: 'social.searchTooFast', values: { rate: n } }) as Error)).problem;
    expect([rate(1), rate(2), rate(21)]).toEqual([
      'Слишком частый поиск: не больше 1 запроса в секунду. Попробуйте чуть позже.',
      'Слишком частый поиск: не больше 2 запросов в секунду. Попробуйте чуть позже.',
      'Слишком частый поиск: не больше 21 запроса в секунду. Попробуйте чуть позже.',
    ]);
    setCatalog('en', en);
    expect(rate(1)).toBe('Searching too fast: at most 1 search a second. Try again in a moment.');
  });

  it('says any other failure as one, in the server’s words or the client’s (no code, a code it does not know, no answer)', () => {
    setCatalog('es', es);
    expect(searchAnswer(err(refusalOf({ error: 'a new refusal', code: 'social.newOne' }) as Error))).toEqual({
      found: [],
      problem: 'La búsqueda no funcionó: a new refusal.',
    });
    expect(searchAnswer(err(new Error(serverAnswered(502)))).problem).toBe(`La búsqueda no funcionó: ${serverAnswered(502)}.`);
    setCatalog('en', en);
    expect(searchAnswer(err(new Error('the term is a name’s beginning'))).problem).toBe(
      'The search did not work: the term is a name’s beginning.',
    );
  });
});
