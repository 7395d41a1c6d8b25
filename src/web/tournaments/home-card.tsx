import { Trophy } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { TOURNAMENTS_PAGE, tournamentPage } from './addresses.ts';
import './home-card.css';
import { fetchTournaments, type TournamentSummary } from './api.ts';

/** How many the home page's card shows: the running ones first, then the next to start. */
const SHOWN = 4;

/** The home page's card: tournaments being played and about to start, each a link, and the way to them all. */
export function TournamentsCard() {
  const [shown, setShown] = useState<readonly TournamentSummary[] | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([fetchTournaments('running'), fetchTournaments('upcoming')]).then(([running, upcoming]) => {
      if (!current) return;
      setShown([...(running.ok ? running.value : []), ...(upcoming.ok ? upcoming.value : [])].slice(0, SHOWN));
    });
    return () => {
      current = false;
    };
  }, []);
  // Drawn at once, its list's line held while the list is read: a card that appeared late pushed the games below it down.
  return (
    <section class="card home-tournaments" aria-labelledby="home-tournaments">
      <h2 id="home-tournaments">
        <Trophy class="icon" aria-hidden="true" /> {t('tournament.listTitle')}
      </h2>
      {shown === null ? (
        <p class="muted home-tournaments-waiting" aria-hidden="true" />
      ) : shown.length === 0 ? (
        <p class="muted">{t('tournament.homeNone')}</p>
      ) : (
        <ul class="home-tournament-list">
          {shown.map((s) => (
            <li>
              <a href={tournamentPage(s.id)}>{s.name}</a>{' '}
              <span class="muted">
                · {s.state === 'running' ? t('tournament.state.running') : t('tournament.state.created')} ·{' '}
                {t('tournament.players', { count: s.players })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <a href={TOURNAMENTS_PAGE}>{t('tournament.allTournaments')}</a>
    </section>
  );
}
