import { t } from '../i18n/index.ts';
import type { PlayedTournament } from '../tournaments/api.ts';
import { TournamentCard } from '../tournaments/parts.tsx';
import '../tournaments/tournaments.css';

/** A tournament as a profile lists it: where the player stands now, while it runs (null: nowhere yet). */
export type Entered = PlayedTournament & { readonly standing?: number | null };

/** What a tournament's line says of the player: the place they took, or where they stand while it runs. */
function placeText(p: Entered): string | undefined {
  if (p.place !== null) return t('tournament.placeOf', { place: p.place, players: p.players });
  if (p.standing !== undefined && p.standing !== null) return t('profile.tournamentStanding', { place: p.standing, players: p.players });
  return undefined;
}

/**
 * A profile's tournaments: those the player entered, latest first, with the place they took in each
 * finished one and where they stand in each running one (read with the profile: profile-page.tsx).
 */
export function ProfileTournaments({ played }: { played: readonly Entered[] }) {
  if (played.length === 0) return null;
  return (
    <section class="profile-tournaments" aria-labelledby="profile-tournaments">
      <h3 id="profile-tournaments">{t('tournament.profileTitle')}</h3>
      <ul class="tournament-list">
        {played.map((p) => (
          <TournamentCard s={p} extra={placeText(p)} />
        ))}
      </ul>
    </section>
  );
}
