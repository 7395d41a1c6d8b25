import type { Json } from '@hexarena/engines/engine/game.ts';
import { sql } from 'kysely';
import type { Pairing, PairingResult, StoredTournament, TournamentKind, TournamentState } from '../tournaments/store.ts';
import type { TournamentPairingsTable, TournamentsTable } from './schema.ts';
import type { Db } from './sql.ts';

/** A tournament as read from its row (with its count of players), for stores/tournaments.ts. */

export type TournamentRow = {
  [K in keyof TournamentsTable]: TournamentsTable[K] extends { __select__: infer S } ? S : TournamentsTable[K];
} & {
  players?: number | string | null;
};

export const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

export function tournamentOf(r: TournamentRow): StoredTournament {
  return {
    id: r.id,
    kind: r.kind as TournamentKind,
    name: r.name,
    game: r.game,
    options: JSON.parse(r.options) as Json,
    clock: r.clock === null ? null : (JSON.parse(r.clock) as StoredTournament['clock']),
    rated: Number(r.rated) === 1,
    organiser: r.organiser,
    organiserName: r.organiser_name,
    startsAt: num(r.starts_at),
    rounds: num(r.rounds),
    durationMs: num(r.duration_ms),
    settings: JSON.parse(r.settings) as StoredTournament['settings'],
    createdAt: Number(r.created_at),
    state: r.state as TournamentState,
    startedAt: num(r.started_at),
    endsAt: num(r.ends_at),
    finishedAt: num(r.finished_at),
    round: Number(r.round),
    standings: r.standings === null ? null : (JSON.parse(r.standings) as Json),
    players: Number(r.players ?? 0),
    version: Number(r.version),
  };
}

/** The tournaments with their count of entries still in (not withdrawn nor disqualified). */
export const withPlayers = (db: Db) =>
  db
    .selectFrom('tournaments as t')
    .selectAll('t')
    .select((e) =>
      e
        .selectFrom('tournament_entries as n')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('n.tournament_id', '=', 't.id')
        .where('n.state', 'not in', ['withdrawn', 'disqualified'])
        .as('players'),
    );

/** One more change to what a tournament's viewers see (StoredTournament.version), in the write that makes it. */
export const bump = (trx: Db, id: string) =>
  trx.updateTable('tournaments').set({ version: sql`version + 1` }).where('id', '=', id).execute();

/** A pairing as its row keeps it, with its game's berserk marks (an arena's: what its sheet scores a berserk win by). */
export const pairingOf = (r: TournamentPairingsTable & { berserk: string | null }): Pairing => ({
  round: Number(r.round),
  board: Number(r.board),
  white: r.white,
  black: r.black,
  ...(r.others ? { others: JSON.parse(r.others) as string[] } : {}),
  gameId: r.game_id,
  result: r.result as PairingResult | null,
  ...(r.winner !== null && r.winner !== undefined ? { winner: Number(r.winner) } : {}),
  plies: num(r.plies),
  endedAt: num(r.ended_at),
  ...(r.berserk && r.berserk !== '[]' ? { berserk: (JSON.parse(r.berserk) as { seat: number }[]).map((b) => b.seat) } : {}),
});
