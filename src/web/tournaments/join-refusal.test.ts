import { describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import type { TournamentSummary } from './api.ts';
import { joinRefusalText } from './join-refusal.ts';

const cup = { conditions: { minRatedGames: 5, minRating: 1600, maxRating: 1900, inviteOnly: true } } as unknown as TournamentSummary;

describe('a refused join in the player’s language', () => {
  // The server's code → the sentence, in each of the four languages (its numbers from the conditions).
  const TABLE: [string, Parameters<typeof setCatalog>[1], Record<string, string>][] = [
    [
      'en',
      en,
      {
        'tournament-invite': 'This tournament is by invitation: join it from the link its organiser shares.',
        'tournament-rated-games': 'This tournament takes players with at least 5 rated games of its kind.',
        'tournament-rating-low': 'This tournament takes players rated 1600 or more.',
        'tournament-rating-high': 'This tournament takes players rated 1900 or less.',
      },
    ],
    [
      'es',
      es,
      {
        'tournament-rated-games': 'Este torneo admite jugadores con al menos 5 partidas puntuadas de este tipo.',
        'tournament-rating-low': 'Este torneo admite jugadores con un rating de 1600 o más.',
      },
    ],
    ['ru', ru, { 'tournament-rated-games': 'В этот турнир принимают игроков, сыгравших не меньше 5 рейтинговых партий этого вида.' }],
    ['ja', ja, { 'tournament-rating-high': 'この大会に参加できるのはレーティング1900以下のプレイヤーです。' }],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [code, text] of Object.entries(said)) expect(joinRefusalText({ code, error: 'server words' }, cup)).toBe(text);
      // A code it does not know: the server's words.
      expect(joinRefusalText({ code: 'new-one', error: 'server words' }, cup)).toContain('server words');
    });
});
