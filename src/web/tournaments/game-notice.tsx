import { Swords } from 'lucide-preact';
import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import { tournamentPage } from './addresses.ts';
import './home-card.css';

/**
 * The home page's notice that a game of yours in a tournament was made (the lobby's socket tells it):
 * one click to play it. Nothing while there is none.
 */
export function TournamentGameNotice({ games }: { games: readonly { readonly tournament: string; readonly game: string }[] }) {
  return (
    <section class="tournament-notice card" aria-label={t('tournament.noticeTitle')} hidden={games.length === 0}>
      <ul role="status">
        {games.map((g) => (
          <li data-game-id={g.game}>
            {t('tournament.noticeStarted')}{' '}
            <a class="button-link primary" href={gamePage(g.game)}>
              <Swords class="icon" aria-hidden="true" /> {t('tournament.playYourGame')}
            </a>{' '}
            <a href={tournamentPage(g.tournament)}>{t('tournament.noticeTournament')}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
