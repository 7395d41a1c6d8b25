import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import { relationProblem } from './relation-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the profile gets it: the server's body (src/server/social/routes.ts) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

describe('a block’s or a follow’s refusal in the player’s language', () => {
  // The server's body → the sentence (social.test.ts holds the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          { error: 'you block Bob: unblock them to follow them', code: 'social.youBlock', values: { name: 'Bob' } },
          'You block Bob: unblock them to follow them.',
        ],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: 'you follow 1 players already: unfollow some first', code: 'social.tooManyFollows', values: { count: 1 } },
          'Ya sigues a 1 jugador: deja de seguir a alguno antes.',
        ],
        [{ error: 'that is you', code: 'social.yourself' }, 'Ese eres tú.'],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+.
        [
          { error: '…', code: 'social.tooManyBlocks', values: { count: 1 } },
          'Вы уже заблокировали 1 игрока: сначала разблокируйте кого-нибудь.',
        ],
        [
          { error: '…', code: 'social.tooManyBlocks', values: { count: 2 } },
          'Вы уже заблокировали 2 игроков: сначала разблокируйте кого-нибудь.',
        ],
        [
          { error: '…', code: 'social.tooManyFollows', values: { count: 500 } },
          'Вы уже подписаны на 500 игроков: сначала отпишитесь от кого-нибудь.',
        ],
        [{ error: 'there is no player Nobody', code: 'social.noPlayer', values: { name: 'Nobody' } }, 'Игрока Nobody нет.'],
      ],
    ],
    [
      'ja',
      ja,
      [
        [
          { error: 'too many blocks and follows at once: try again in a moment', code: 'social.tooFast' },
          '短い間にブロックやフォローをしすぎです。少し待ってからもう一度お試しください。',
        ],
        [
          { error: 'log in first: blocks and follows are a player’s', code: 'social.logIn' },
          '先にログインしてください。ブロックとフォローはアカウントのあるプレイヤーの機能です。',
        ],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(relationProblem(refused(body))).toBe(text);
      // A code it does not know, and a refusal with none: the server's words, after the page's "that did not work".
      const failed = catalog['social.relation.failed'] as string;
      expect(relationProblem(refused({ error: 'a new refusal', code: 'social.newOne' }))).toBe(
        failed.replace('{problem}', 'a new refusal'),
      );
      expect(relationProblem(refused({ error: 'the server is away' }))).toBe(failed.replace('{problem}', 'the server is away'));
    });
});
