import { describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { conditionLines, inviteLink } from './conditions-text.ts';

describe('who may join, said on a tournament’s page', () => {
  it('says each condition set, a rating range as one line, and nothing when anyone may join', () => {
    setCatalog('en', en);
    expect(conditionLines(undefined)).toEqual([]);
    expect(conditionLines({})).toEqual([]);
    expect(conditionLines({ inviteOnly: false, minRatedGames: 0 })).toEqual([]);
    expect(conditionLines({ minRatedGames: 1, minRating: 1400, maxRating: 1900, inviteOnly: true })).toEqual([
      'By invitation: from the link its organiser shares.',
      'At least 1 rated game of its kind.',
      'Rated from 1400 to 1900.',
    ]);
    expect(conditionLines({ minRatedGames: 12, minRating: 0 })).toEqual(['At least 12 rated games of its kind.', 'Rated 0 or more.']);
    expect(conditionLines({ maxRating: 1600 })).toEqual(['Rated 1600 or less.']);
  });

  it('by invitation with players named: says so plainly to one of them, and to anyone else that it is by invitation only', () => {
    setCatalog('en', en);
    const c = { inviteOnly: true, minRatedGames: 2 };
    expect(conditionLines(c, { named: true, you: true })).toEqual([
      'By invitation: you are invited.',
      'At least 2 rated games of its kind.',
    ]);
    expect(conditionLines(c, { named: true, you: false })[0]).toBe(
      'By invitation only: the players its organiser named, or with the link they share.',
    );
    expect(conditionLines(c, { named: false, you: false })[0]).toBe('By invitation: from the link its organiser shares.');
    // Open to all, nobody reads of an invitation, whatever the page knows.
    expect(conditionLines({ minRatedGames: 2 }, { named: true, you: true })).toEqual(['At least 2 rated games of its kind.']);
    setCatalog('es', es);
    expect(conditionLines(c, { named: true, you: true })[0]).toBe('Por invitación: tienes una invitación.');
    setCatalog('ru', ru);
    expect(conditionLines(c, { named: true, you: false })[0]).toMatch(/^Только по приглашению/);
    setCatalog('ja', ja);
    expect(conditionLines(c, { named: true, you: true })[0]).toBe('招待制：あなたは招待されています。');
    setCatalog('en', en);
  });

  it('in the player’s language, with its plurals', () => {
    setCatalog('es', es);
    expect(conditionLines({ minRatedGames: 3, maxRating: 1600 })).toEqual([
      'Al menos 3 partidas puntuadas de este tipo.',
      'Rating de 1600 o menos.',
    ]);
    setCatalog('ru', ru);
    expect(conditionLines({ minRatedGames: 3 })).toEqual(['Не меньше 3 рейтинговых партий этого вида.']);
    expect(conditionLines({ minRatedGames: 21 })).toEqual(['Не меньше 21 рейтинговой партии этого вида.']);
    setCatalog('ja', ja);
    expect(conditionLines({ minRating: 1400, maxRating: 1900 })).toEqual(['レーティング1400〜1900。']);
    setCatalog('en', en);
  });

  it('links its page with the invitation’s code', () => {
    expect(inviteLink('https://hexarena.example', 'Ab_1', 'x-Y_z')).toBe('https://hexarena.example/tournament/Ab_1?invite=x-Y_z');
  });
});
