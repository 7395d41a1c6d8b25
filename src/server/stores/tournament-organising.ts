import { sql as raw } from 'kysely';
import type { TournamentEdit, TournamentSettings } from '../tournaments/store.ts';
import type { SqlDb } from './sql.ts';

/**
 * What stores/tournaments.ts asks beside its rounds and entries, for both databases: a tournament
 * edited by its organiser before it starts, paused and resumed while it runs, and the bots' tokens
 * its games are seated with.
 */

/**
 * Its settings changed, only while it has not started (false once it has, or when there is none):
 * `ratings`, its entries' ratings in its kind of game when the clock changed that kind.
 */
export function editTournament(sql: SqlDb, id: string, edit: TournamentEdit, ratings: ReadonlyMap<string, number>): Promise<boolean> {
  return sql.write(async (trx) => {
    const r = await trx
      .updateTable('tournaments')
      .set({
        name: edit.name,
        clock: edit.clock ? JSON.stringify(edit.clock) : null,
        rated: edit.rated ? 1 : 0,
        starts_at: edit.startsAt,
        rounds: edit.rounds,
        duration_ms: edit.durationMs,
        settings: JSON.stringify(edit.settings),
        version: raw`version + 1`,
      })
      .where('id', '=', id)
      .where('state', '=', 'created')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    for (const [account, rating] of ratings)
      await trx
        .updateTable('tournament_entries')
        .set({ rating })
        .where('tournament_id', '=', id)
        .where('account_id', '=', account)
        .execute();
    return true;
  });
}

/** Paused or resumed while it runs (its settings' `halted`), in one write that counts a version. */
export function haltTournament(sql: SqlDb, id: string, halted: boolean): Promise<boolean> {
  return sql.write(async (trx) => {
    const row = await trx.selectFrom('tournaments').select(['settings', 'state']).where('id', '=', id).executeTakeFirst();
    if (row?.state !== 'running') return false;
    const { halted: was, ...settings } = JSON.parse(row.settings) as TournamentSettings;
    if ((was === true) === halted) return false;
    const r = await trx
      .updateTable('tournaments')
      .set({ settings: JSON.stringify(halted ? { ...settings, halted } : settings), version: raw`version + 1` })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('settings', '=', row.settings)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  });
}

export async function botTokens(sql: SqlDb, accounts: readonly string[]): Promise<Map<string, string>> {
  if (accounts.length === 0) return new Map();
  const rows = await sql.read((db) =>
    db
      .selectFrom('bots')
      .select(['account_id', 'token_hash'])
      .where('account_id', 'in', [...accounts])
      .execute(),
  );
  return new Map(rows.map((r) => [r.account_id as string, r.token_hash]));
}

export async function botAccount(sql: SqlDb, tokenHash: string): Promise<string | null> {
  const row = await sql.read((db) => db.selectFrom('bots').select('account_id').where('token_hash', '=', tokenHash).executeTakeFirst());
  return row?.account_id ?? null;
}

export async function liveGamesOf(
  sql: SqlDb,
  tokenHashes: readonly string[],
): Promise<{ readonly id: string; readonly tokenHash: string }[]> {
  if (tokenHashes.length === 0) return [];
  const rows = await sql.read((db) =>
    db
      .selectFrom('seats as s')
      .innerJoin('games as g', 'g.id', 's.game_id')
      .innerJoin('tournament_pairings as p', 'p.game_id', 'g.id')
      .select(['g.id', 's.token_hash'])
      .where('s.token_hash', 'in', [...tokenHashes])
      .where('g.termination', 'is', null)
      .orderBy('g.created_at')
      .orderBy('g.id')
      .execute(),
  );
  return rows.map((r) => ({ id: r.id, tokenHash: r.token_hash }));
}
