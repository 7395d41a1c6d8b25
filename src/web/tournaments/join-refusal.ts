import { formatRating, t } from '../i18n/index.ts';
import type { JoinRefusal, TournamentSummary } from './api.ts';
import { refusalError, tournamentProblem } from './tournament-refusals.ts';

/**
 * A join refused, in the player's language where its code is known (the conditions' words from the
 * tournament's own, the others' from the refusal's values), the server's words otherwise.
 */
export function joinRefusalText(refusal: JoinRefusal, s: TournamentSummary): string {
  const c = s.conditions ?? {};
  switch (refusal.code) {
    case 'tournament-invite':
      return t('tournament.refusal.invite');
    case 'tournament-rated-games':
      return t('tournament.refusal.ratedGames', { count: c.minRatedGames ?? 0 });
    case 'tournament-rating-low':
      return t('tournament.refusal.ratingLow', { rating: formatRating(c.minRating ?? 0) });
    case 'tournament-rating-high':
      return t('tournament.refusal.ratingHigh', { rating: formatRating(c.maxRating ?? 0) });
    case 'tournament-disqualified':
      return t('tournament.refusal.disqualified');
    default:
      return tournamentProblem(refusalError(refusal));
  }
}
