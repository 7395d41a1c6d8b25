import { Trophy } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { tournamentPage } from './addresses.ts';
import { fetchGameTournament, type GameTournament } from './api.ts';

/** Above a tournament's game: which tournament and round, its page a click away. */
export function TournamentGameLine({ game }: { game: string }) {
  const [of, setOf] = useState<GameTournament | null>(null);
  useEffect(() => {
    let current = true;
    void fetchGameTournament(game).then((r) => {
      if (current && r.ok) setOf(r.value);
    });
    return () => {
      current = false;
    };
  }, [game]);
  if (!of) return null;
  return (
    <p class="tournament-game-line" data-testid="tournament-game">
      <Trophy class="icon" aria-hidden="true" />{' '}
      <a href={tournamentPage(of.id)}>
        {t(of.kind === 'arena' ? 'tournament.gameOfArena' : 'tournament.gameOf', { name: of.name, round: of.round })}
      </a>
    </p>
  );
}

/** After a tournament's game: back to its page, in place of a rematch. */
export function BackToTournament({ id }: { id: string }) {
  return (
    <a href={tournamentPage(id)} class="button-link primary" data-testid="back-to-tournament">
      <Trophy class="icon" aria-hidden="true" /> {t('tournament.back')}
    </a>
  );
}
