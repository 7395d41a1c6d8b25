import { webGameOf } from '../games/index.ts';
import { formatDateTime, t } from '../i18n/index.ts';
import { timeControl } from '../online/clock-text.ts';
import { tournamentPage } from './addresses.ts';
import type { TournamentKind, TournamentSummary } from './api.ts';

/** What the tournament pages, the home card and the profile say of a tournament alike. */

export const kindWord = (kind: TournamentKind): string => t(`tournament.kind.${kind}`);

export const gameTitle = (game: string): string => webGameOf(game)?.game.title ?? game;

/** Its game, kind, clock and whether rated: "Hive · Swiss · 5 min + 3 s · rated". */
export function settingsLine(s: TournamentSummary): string {
  return t('tournament.line', { game: gameTitle(s.game), kind: kindWord(s.kind), clock: timeControl(s.clock), rated: String(s.rated) });
}

/** When it starts, how far it is, or when it finished. */
export function whenLine(s: TournamentSummary): string {
  if (s.state === 'finished' && s.finishedAt !== null) return t('tournament.finishedAt', { time: formatDateTime(s.finishedAt) });
  if (s.state === 'running')
    return s.kind === 'arena'
      ? s.endsAt === null
        ? t('tournament.runningNow')
        : t('tournament.endsAt', { time: formatDateTime(s.endsAt) })
      : t('tournament.roundOf', { round: s.round, rounds: s.rounds ?? '?' });
  return s.startsAt === null ? t('tournament.startsManually') : t('tournament.startsAt', { time: formatDateTime(s.startsAt) });
}

/** A tournament as one card of a list: its name (its page's link), what it is, when, how many play. */
export function TournamentCard({ s, extra }: { s: TournamentSummary; extra?: string }) {
  return (
    <li class="card tournament-card" data-tournament={s.id}>
      <h3>
        <a href={tournamentPage(s.id)}>{s.name}</a>
      </h3>
      <p class="muted">{settingsLine(s)}</p>
      <p>
        {whenLine(s)} · {t('tournament.players', { count: s.players })}
        {extra && (
          <>
            {' '}
            · <strong>{extra}</strong>
          </>
        )}
      </p>
    </li>
  );
}
