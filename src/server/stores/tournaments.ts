import type { Json } from '@hexarena/engines/engine/game.ts';
import { sql } from 'kysely';
import type {
  Decided,
  EndedGame,
  Entry,
  EntryState,
  JoinOutcome,
  NewPairing,
  NewTournament,
  Pairing,
  StoredTournament,
  TournamentEdit,
  TournamentState,
  TournamentsStore,
} from '../tournaments/store.ts';
import { insertKept } from './lobby.ts';
import { keyTaken, type SqlDb } from './sql.ts';
import { botAccount, botTokens, editTournament, haltTournament, liveGamesOf } from './tournament-organising.ts';
import { bump, num, pairingOf, type TournamentRow, tournamentOf, withPlayers } from './tournament-rows.ts';

export class TournamentsSql implements TournamentsStore {
  constructor(private readonly sql: SqlDb) {}

  async create(t: NewTournament): Promise<void> {
    await this.sql.write((trx) =>
      trx
        .insertInto('tournaments')
        .values({
          id: t.id,
          kind: t.kind,
          name: t.name,
          game: t.game,
          options: JSON.stringify(t.options),
          clock: t.clock ? JSON.stringify(t.clock) : null,
          rated: t.rated ? 1 : 0,
          organiser: t.organiser,
          organiser_name: t.organiserName,
          state: 'created',
          starts_at: t.startsAt,
          rounds: t.rounds,
          duration_ms: t.durationMs,
          settings: JSON.stringify(t.settings),
          created_at: t.createdAt,
        })
        .execute(),
    );
  }

  async read(id: string): Promise<StoredTournament | null> {
    const row = await this.sql.read((db) => withPlayers(db).where('t.id', '=', id).executeTakeFirst());
    return row ? tournamentOf(row as TournamentRow) : null;
  }

  async unfinishedBy(organiser: string): Promise<number> {
    const row = await this.sql.read((db) =>
      db
        .selectFrom('tournaments')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('organiser', '=', organiser)
        .where('state', '!=', 'finished')
        .executeTakeFirst(),
    );
    return Number(row?.n ?? 0);
  }

  async list(state: TournamentState, limit: number): Promise<StoredTournament[]> {
    const rows = await this.sql.read((db) => {
      const q = withPlayers(db).where('t.state', '=', state);
      return (
        state === 'finished'
          ? q.orderBy('t.finished_at', 'desc')
          : state === 'running'
            ? q.orderBy('t.started_at', 'asc')
            : q.orderBy(sql`t.starts_at IS NULL`).orderBy('t.starts_at', 'asc').orderBy('t.created_at', 'asc')
      )
        .orderBy('t.id')
        .limit(limit)
        .execute();
    });
    return rows.map((r) => tournamentOf(r as TournamentRow));
  }

  async due(now: number): Promise<StoredTournament[]> {
    const rows = await this.sql.read((db) =>
      withPlayers(db)
        .where((e) => e.or([e('t.state', '=', 'running'), e.and([e('t.state', '=', 'created'), e('t.starts_at', '<=', now)])]))
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute(),
    );
    return rows.map((r) => tournamentOf(r as TournamentRow));
  }

  join(id: string, entry: Omit<Entry, 'seed' | 'state'>): Promise<JoinOutcome> {
    return this.sql.write(async (trx) => {
      const t = await trx.selectFrom('tournaments').select(['state', 'kind']).where('id', '=', id).executeTakeFirst();
      if (!t) return 'unknown';
      if (t.state === 'finished' || (t.state === 'running' && t.kind === 'round-robin')) return 'closed';
      const had = await trx
        .selectFrom('tournament_entries')
        .select(['state', 'seed'])
        .where('tournament_id', '=', id)
        .where('account_id', '=', entry.account)
        .executeTakeFirst();
      if (had?.state === 'active') return 'already';
      if (had?.state === 'disqualified') return 'disqualified';
      if (had) {
        await trx
          .updateTable('tournament_entries')
          .set({ state: 'active' })
          .where('tournament_id', '=', id)
          .where('account_id', '=', entry.account)
          .execute();
        await bump(trx, id);
        return 'joined';
      }
      // A late entry is seeded after everyone seeded so far.
      const seed =
        t.state === 'running'
          ? Number(
              (
                await trx
                  .selectFrom('tournament_entries')
                  .select((e) => e.fn.max('seed').as('m'))
                  .where('tournament_id', '=', id)
                  .executeTakeFirst()
              )?.m ?? 0,
            ) + 1
          : null;
      await trx
        .insertInto('tournament_entries')
        .values({
          tournament_id: id,
          account_id: entry.account,
          name: entry.name,
          rating: entry.rating,
          seed,
          joined_at: entry.joinedAt,
          state: 'active',
        })
        .execute();
      await bump(trx, id);
      return 'joined';
    });
  }

  setEntry(id: string, account: string, state: EntryState): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const changed = await trx
        .updateTable('tournament_entries')
        .set({ state })
        .where('tournament_id', '=', id)
        .where('account_id', '=', account)
        // A disqualification stands: the player's own pause or withdrawal does not undo it.
        .where('state', '<>', 'disqualified')
        .where((e) => e.exists(e.selectFrom('tournaments').select('id').where('id', '=', id).where('state', '<>', 'finished')))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      await bump(trx, id);
      return true;
    });
  }

  async entries(id: string): Promise<Entry[]> {
    const rows = await this.sql.read((db) =>
      db.selectFrom('tournament_entries').selectAll().where('tournament_id', '=', id).orderBy('joined_at').orderBy('account_id').execute(),
    );
    const entries = rows.map(
      (r): Entry => ({
        account: r.account_id,
        name: r.name,
        rating: Number(r.rating),
        seed: num(r.seed),
        joinedAt: Number(r.joined_at),
        state: r.state as EntryState,
      }),
    );
    return entries.sort((a, b) => (a.seed ?? Number.MAX_SAFE_INTEGER) - (b.seed ?? Number.MAX_SAFE_INTEGER));
  }

  start(
    id: string,
    at: number,
    seeds: readonly { account: string; seed: number }[],
    rounds: number | null,
    endsAt: number | null,
  ): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const started = await trx
        .updateTable('tournaments')
        .set((e) => ({ state: 'running', started_at: at, ends_at: endsAt, rounds: rounds === null ? e.ref('rounds') : rounds }))
        .where('id', '=', id)
        .where('state', '=', 'created')
        .executeTakeFirst();
      if (Number(started.numUpdatedRows) !== 1) return false;
      await bump(trx, id);
      for (const s of seeds)
        await trx
          .updateTable('tournament_entries')
          .set({ seed: s.seed })
          .where('tournament_id', '=', id)
          .where('account_id', '=', s.account)
          .execute();
      return true;
    });
  }

  cancel(id: string): Promise<boolean> {
    return this.sql.write(async (trx) => {
      // Only before its start: no round, pairing or game refers to it yet, so nothing else is left behind.
      const r = await trx.deleteFrom('tournaments').where('id', '=', id).where('state', '=', 'created').executeTakeFirst();
      if (Number(r.numDeletedRows) !== 1) return false;
      await trx.deleteFrom('tournament_entries').where('tournament_id', '=', id).execute();
      return true;
    });
  }

  async ofPlayer(account: string, limit: number): Promise<StoredTournament[]> {
    const rows = await this.sql.read((db) =>
      withPlayers(db)
        .where('t.id', 'in', (e) => e.selectFrom('tournament_entries').select('tournament_id').where('account_id', '=', account))
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => tournamentOf(r as TournamentRow));
  }

  startAt(id: string, at: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx
        .updateTable('tournaments')
        .set({ starts_at: at, version: sql`version + 1` })
        .where('id', '=', id)
        .where('state', '=', 'created')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  endAt(id: string, at: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx
        .updateTable('tournaments')
        .set({ ends_at: at, version: sql`version + 1` })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  async pairRound(id: string, round: number, pairings: readonly NewPairing[], at: number): Promise<boolean> {
    try {
      return await this.sql.write(async (trx) => {
        const t = await trx
          .selectFrom('tournaments')
          .select(['round', 'state'])
          .where('id', '=', id)
          // PostgreSQL: a second pairing of the same round waits here for the first's commit, then sees it.
          .$if(this.sql.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirst();
        if (t?.state !== 'running' || Number(t.round) !== round - 1) return false;
        // The round's key: whatever got past the check above in the same instant fails here.
        await trx.insertInto('tournament_rounds').values({ tournament_id: id, round, paired_at: at }).execute();
        for (const p of pairings) {
          if (p.game) await insertKept(trx, p.game.game, p.game.seats);
          await trx
            .insertInto('tournament_pairings')
            .values({
              tournament_id: id,
              round,
              board: p.board,
              white: p.white,
              black: p.black,
              others: p.others && p.others.length > 0 ? JSON.stringify(p.others) : null,
              game_id: p.game?.game.id ?? null,
              result: p.result,
              plies: p.result === null ? null : 0,
              ended_at: p.result === null ? null : at,
            })
            .execute();
        }
        await trx.updateTable('tournaments').set({ round, version: sql`version + 1` }).where('id', '=', id).execute();
        return true;
      });
    } catch (e) {
      if (keyTaken(e)) return false;
      throw e;
    }
  }

  async pairings(id: string): Promise<Pairing[]> {
    // With each game's berserk marks (an arena's): what its sheet scores a berserk win by.
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('tournament_pairings as p')
        .leftJoin('games as g', 'g.id', 'p.game_id')
        .selectAll('p')
        .select('g.berserk')
        .where('p.tournament_id', '=', id)
        .orderBy('p.round')
        .orderBy('p.board')
        .execute(),
    );
    return rows.map(pairingOf);
  }

  async ended(id: string): Promise<EndedGame[]> {
    const rows = await this.sql.read((db) =>
      db
        .selectFrom('tournament_pairings as p')
        .innerJoin('games as g', 'g.id', 'p.game_id')
        .select(['p.round', 'p.board', 'p.game_id', 'p.others', 'g.ended_result', 'g.termination', 'g.plies'])
        .where('p.tournament_id', '=', id)
        .where('p.result', 'is', null)
        .where('g.termination', 'is not', null)
        .orderBy('p.round')
        .orderBy('p.board')
        .execute(),
    );
    return rows.map((r) => ({
      round: Number(r.round),
      board: Number(r.board),
      gameId: r.game_id as string,
      result: JSON.parse(r.ended_result ?? 'null') as Json,
      termination: r.termination as string,
      plies: Number(r.plies),
      ...(r.others ? { table: true as const } : {}),
    }));
  }

  record(id: string, round: number, board: number, decided: Decided, plies: number, at: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx
        .updateTable('tournament_pairings')
        .set({ result: decided.result, winner: decided.result === 'table' ? decided.winner : null, plies, ended_at: at })
        .where('tournament_id', '=', id)
        .where('round', '=', round)
        .where('board', '=', board)
        .where('result', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await bump(trx, id);
      return true;
    });
  }

  finish(id: string, standings: Json, at: number): Promise<boolean> {
    return this.sql.write(async (trx) => {
      const r = await trx
        .updateTable('tournaments')
        .set({ state: 'finished', finished_at: at, standings: JSON.stringify(standings), version: sql`version + 1` })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  async ofGame(gameId: string): Promise<{ readonly tournament: string; readonly round: number } | null> {
    const row = await this.sql.read((db) =>
      db.selectFrom('tournament_pairings').select(['tournament_id', 'round']).where('game_id', '=', gameId).executeTakeFirst(),
    );
    return row ? { tournament: row.tournament_id, round: Number(row.round) } : null;
  }

  botTokens(accounts: readonly string[]): Promise<Map<string, string>> {
    return botTokens(this.sql, accounts);
  }

  botAccount(tokenHash: string): Promise<string | null> {
    return botAccount(this.sql, tokenHash);
  }

  liveGamesOf(tokenHashes: readonly string[]): Promise<{ readonly id: string; readonly tokenHash: string }[]> {
    return liveGamesOf(this.sql, tokenHashes);
  }

  edit(id: string, edit: TournamentEdit, ratings: ReadonlyMap<string, number>): Promise<boolean> {
    return editTournament(this.sql, id, edit, ratings);
  }

  halt(id: string, halted: boolean): Promise<boolean> {
    return haltTournament(this.sql, id, halted);
  }
}
