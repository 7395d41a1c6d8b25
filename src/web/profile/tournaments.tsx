import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { fetchPlayerTournaments, type PlayedTournament } from '../tournaments/api.ts';
import { TournamentCard } from '../tournaments/parts.tsx';
import '../tournaments/tournaments.css';

/** A profile's tournaments: those the player entered, latest first, with the place they took in each finished one. */
export function ProfileTournaments({ name }: { name: string }) {
  const [played, setPlayed] = useState<readonly PlayedTournament[] | null>(null);
  useEffect(() => {
    let current = true;
    void fetchPlayerTournaments(name).then((r) => {
      if (current) setPlayed(r.ok ? r.value : []);
    });
    return () => {
      current = false;
    };
  }, [name]);
  if (played === null || played.length === 0) return null;
  return (
    <section class="profile-tournaments" aria-labelledby="profile-tournaments">
      <h3 id="profile-tournaments">{t('tournament.profileTitle')}</h3>
      <ul class="tournament-list">
        {played.map((p) => (
          <TournamentCard s={p} extra={p.place === null ? undefined : t('tournament.placeOf', { place: p.place, players: p.players })} />
        ))}
      </ul>
    </section>
  );
}
