import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { refusalOf } from '../refusal-of.ts';
import type { TournamentSummary } from './api.ts';
import { joinRefusalText } from './join-refusal.ts';
import { tournamentProblem } from './tournament-refusals.ts';

afterAll(() => setCatalog('en', en));

/** A refusal as the tournament pages get it: the server's body (src/server/tournaments) read as the API reads it. */
const refused = (body: Record<string, unknown>): Error => refusalOf(body) as Error;

const cup = { conditions: {} } as unknown as TournamentSummary;

describe('a tournament’s refusal in the player’s language', () => {
  // The server's body → the sentence (organising.test.ts and tournaments.test.ts hold the server to these codes and values).
  const TABLE: [string, Parameters<typeof setCatalog>[1], [Record<string, unknown>, string][]][] = [
    [
      'en',
      en,
      [
        [
          { error: '…', code: 'tournaments.organiserOnly', values: { organiser: 'orla', name: 'Spring cup' } },
          'Only orla, who organises Spring cup, may do that.',
        ],
        [
          { error: '…', code: 'tournaments.tooManyUnfinished', values: { count: 5 } },
          expect.stringMatching(/^You organise 5 tournaments that/),
        ],
        [
          { error: '…', code: 'tournaments.noInvitedPlayer', values: { names: 'ghost', count: 1 } },
          'There is no player named ghost: check the names you invited.',
        ],
        [{ error: '…', code: 'tournaments.noSuch', values: { id: 'Ab3' } }, 'There is no tournament Ab3: it may have been cancelled.'],
      ],
    ],
    [
      'es',
      es,
      [
        [
          { error: '…', code: 'tournaments.startedCancel', values: { name: 'Copa' } },
          'Copa ya ha empezado: termínalo en lugar de cancelarlo.',
        ],
        [{ error: '…', code: 'tournaments.notPlaying', values: { player: 'nadie', name: 'Copa' } }, 'nadie no juega en Copa.'],
        [
          { error: '…', code: 'tournaments.noInvitedPlayer', values: { names: 'ghost, nobody', count: 2 } },
          'No hay jugadores llamados ghost, nobody: revisa los nombres de los invitados.',
        ],
      ],
    ],
    [
      'ru',
      ru,
      [
        // Russian plurals: 1, 2–4, 5+.
        [
          { error: '…', code: 'tournaments.tooManyUnfinished', values: { count: 1 } },
          expect.stringMatching(/^У вас уже 1 незавершённый турнир:/),
        ],
        [
          { error: '…', code: 'tournaments.tooManyUnfinished', values: { count: 3 } },
          expect.stringMatching(/^У вас уже 3 незавершённых турнира:/),
        ],
        [
          { error: '…', code: 'tournaments.tooManyUnfinished', values: { count: 5 } },
          expect.stringMatching(/^У вас уже 5 незавершённых турниров:/),
        ],
        [
          { error: '…', code: 'tournaments.noInvitedPlayer', values: { names: 'ghost', count: 1 } },
          'Игрока с именем ghost нет: проверьте имена приглашённых.',
        ],
        [{ error: '…', code: 'tournaments.pausedAlready', values: { name: 'Весна' } }, 'Турнир «Весна» уже приостановлен.'],
      ],
    ],
    [
      'ja',
      ja,
      [
        [{ error: '…', code: 'tournaments.over', values: { name: '春の大会' } }, '「春の大会」は終了しています。'],
        [
          { error: '…', code: 'tournaments.tooManyUnfinished', values: { count: 5 } },
          '終わっていないトーナメントをすでに5件主催しています。どれかを終了するか、終わるまでお待ちください。',
        ],
      ],
    ],
  ];
  for (const [locale, catalog, said] of TABLE)
    it(locale, () => {
      setCatalog(locale as Parameters<typeof setCatalog>[0], catalog);
      for (const [body, text] of said) expect(tournamentProblem(refused(body)), JSON.stringify(body)).toEqual(text);
    });

  it('a join refused by a code of these pages is said by it, with its values; one they do not know in the page’s sentence with the server’s words', () => {
    setCatalog('es', es);
    expect(joinRefusalText({ code: 'tournaments.noLateEntries', error: '…', values: { name: 'Liga' } }, cup)).toBe(
      'Liga ya ha empezado: en un todos contra todos no se puede entrar tarde.',
    );
    expect(joinRefusalText({ code: 'tournaments.logInToPlay', error: '…' }, cup)).toBe('Inicia sesión primero para jugar en un torneo.');
    expect(tournamentProblem(refused({ error: 'a Swiss needs its rounds' }), 'tournament.refused')).toBe(
      'El servidor no ha creado el torneo: a Swiss needs its rounds.',
    );
    expect(tournamentProblem(refused({ error: 'server words', code: 'tournaments.notSwiss', values: { name: 'x' } }))).toBe(
      'No se ha podido: server words.',
    );
  });
});
