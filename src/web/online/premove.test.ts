import { afterEach, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { droppedText } from './premove.ts';

afterEach(() => setCatalog('en', en));

describe('a premove dropped when its turn comes', () => {
  it('says so in English as before: the rules’ reason, or that it is no move here', () => {
    setCatalog('en', en);
    expect(droppedText('a2', { kind: 'refused', reason: 'a2 is taken.' })).toBe('Premove a2 not played: a2 is taken.');
    expect(droppedText('wQ', { kind: 'partial', completions: [] })).toBe('Premove wQ not played: it is not a move here.');
  });

  it('says so in Spanish, Russian and Japanese, from their catalogs', () => {
    const cases = [
      ['es', es, 'La prejugada wQ no se jugó: aquí no es una jugada.'],
      ['ru', ru, 'Предход wQ не сыгран: здесь это не ход.'],
      ['ja', ja, '先行入力の wQ は指されませんでした: この局面では手になりません。'],
    ] as const;
    for (const [locale, catalog, said] of cases) {
      setCatalog(locale, catalog);
      expect(droppedText('wQ', { kind: 'partial', completions: [] }), locale).toBe(said);
      expect(droppedText('a2', { kind: 'refused', reason: 'R' }), locale).toContain('a2');
      expect(droppedText('a2', { kind: 'refused', reason: 'R' }), locale).not.toMatch(/Premove|not played/);
    }
  });
});
