/**
 * Who may join a tournament (docs/tournaments.md), as lichess's and hivegame.com's organisers set
 * it: a least number of rated games in the tournament's kind of game, a rating range, and entry by
 * invitation: with the link's code, or named on its organiser's list. Each refusal has a stable code (the page says it in the player's
 * language) and the server's words.
 */

export interface EntryConditions {
  /** Rated games played in the tournament's rating (its game and clock's pool). */
  readonly minRatedGames?: number;
  readonly minRating?: number;
  readonly maxRating?: number;
  /** Only with the invitation link (its code, kept in the settings, is the organiser's to share). */
  readonly inviteOnly?: boolean;
}

export type EntryRefusalCode =
  | 'tournament-invite'
  | 'tournament-rated-games'
  | 'tournament-rating-low'
  | 'tournament-rating-high'
  /** Not a condition: its organiser or a moderator disqualified the player (routes.ts). */
  | 'tournament-disqualified';

export interface EntryRefusal {
  readonly code: EntryRefusalCode;
  readonly error: string;
}

/** Why `player` may not join `t`, or null when they may. */
export function entryRefusal(
  t: {
    readonly name: string;
    readonly settings: {
      readonly conditions?: EntryConditions;
      readonly invite?: string;
      readonly invited?: readonly { readonly account: string }[];
    };
  },
  player: { readonly account?: string; readonly ratedGames: number; readonly rating: number },
  invite: string | undefined,
): EntryRefusal | null {
  const c = t.settings.conditions ?? {};
  const named = player.account !== undefined && (t.settings.invited ?? []).some((i) => i.account === player.account);
  if (c.inviteOnly && !named && (invite === undefined || invite !== t.settings.invite))
    return { code: 'tournament-invite', error: `${t.name} is by invitation: join it from the link its organiser shares` };
  if (c.minRatedGames !== undefined && player.ratedGames < c.minRatedGames)
    return {
      code: 'tournament-rated-games',
      error: `${t.name} takes players with at least ${c.minRatedGames} rated games of its kind: you have ${player.ratedGames}`,
    };
  const rating = Math.round(player.rating);
  if (c.minRating !== undefined && rating < c.minRating)
    return { code: 'tournament-rating-low', error: `${t.name} takes players rated ${c.minRating} or more: you are rated ${rating}` };
  if (c.maxRating !== undefined && rating > c.maxRating)
    return { code: 'tournament-rating-high', error: `${t.name} takes players rated ${c.maxRating} or less: you are rated ${rating}` };
  return null;
}
