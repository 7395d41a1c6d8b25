import type { Json } from '@hexarena/engines/engine/game.ts';
import type { Account } from '../identity/store.ts';
import type { GameStore } from '../store.ts';
import type { Standings } from '../tournaments/standings.ts';
import type { StoredTournament } from '../tournaments/store.ts';
import { summaryOf, type TournamentViews } from '../tournaments/views.ts';

/**
 * A player's tournaments as their profile lists them (`GET /api/players/:name/tournaments`), latest
 * first: each with the place they took (`place`, once it is finished: its standings as written at the
 * end) or where they stand now (`standing`, while it runs: the live standings, read from the view a
 * tournament's page reads too, made once a version — a profile read adds no computation). Null where
 * there is none: a tournament not begun, or an entry withdrawn before playing.
 */
export async function tournamentsOf(
  store: GameStore,
  views: TournamentViews,
  account: Pick<Account, 'id' | 'name'>,
  limit: number,
): Promise<Json[]> {
  const played = await store.tournaments.ofPlayer(account.id, limit);
  return Promise.all(
    played.map(async (t): Promise<Json> => {
      const rows = t.state === 'finished' ? (t.standings as unknown as Standings | null)?.rows : undefined;
      const place = rows?.find((r) => r.account === account.id)?.place ?? null;
      return { ...summaryOf(t), place, ...(t.state === 'running' ? { standing: await standingNow(views, t, account.name) } : {}) };
    }),
  );
}

/**
 * The player's place in a running tournament's live standings, or null. A view names its rows by
 * the name each player entered under (it tells no account ids): a player's name is theirs for good
 * (an account is renamed only when deleted, and then it has no profile).
 */
async function standingNow(views: TournamentViews, t: StoredTournament, name: string): Promise<number | null> {
  const view = await views.view(t.id);
  const row = view?.standings.rows.find((r) => (r as { name?: Json }).name === name) as { place?: Json } | undefined;
  return typeof row?.place === 'number' ? row.place : null;
}
