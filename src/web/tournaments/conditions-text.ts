import { formatRating, t } from '../i18n/index.ts';
import { tournamentPage } from './addresses.ts';
import type { EntryConditions } from './api.ts';

/** An invitation-only tournament's players named by its organiser, as a visitor's page knows them. */
export interface NamedInvitees {
  /** Its organiser invited players by name (who, only they read). */
  readonly named: boolean;
  /** The reader is one of them. */
  readonly you: boolean;
}

/**
 * Who may join a tournament, a line a condition, in the player's language (none when anyone may).
 * By invitation: a player named says so plainly; with players named, a visitor reads it is by
 * invitation only (named, or with the link); without, that its organiser shares a link.
 */
export function conditionLines(c: EntryConditions | undefined, invitees: NamedInvitees = { named: false, you: false }): string[] {
  const lines: string[] = [];
  if (c?.inviteOnly)
    lines.push(
      t(
        invitees.you
          ? 'tournament.condition.invitedYou'
          : invitees.named
            ? 'tournament.condition.inviteNamed'
            : 'tournament.condition.invite',
      ),
    );
  if (c?.minRatedGames) lines.push(t('tournament.condition.ratedGames', { count: c.minRatedGames }));
  const low = c?.minRating;
  const high = c?.maxRating;
  if (low !== undefined && high !== undefined)
    lines.push(t('tournament.condition.ratingBetween', { min: formatRating(low), max: formatRating(high) }));
  else if (low !== undefined) lines.push(t('tournament.condition.ratingAtLeast', { rating: formatRating(low) }));
  else if (high !== undefined) lines.push(t('tournament.condition.ratingAtMost', { rating: formatRating(high) }));
  return lines;
}

/** The link an invitation-only tournament's organiser shares: its page, with the code the join sends. */
export const inviteLink = (origin: string, id: string, invite: string): string =>
  `${origin}${tournamentPage(id)}?invite=${encodeURIComponent(invite)}`;
