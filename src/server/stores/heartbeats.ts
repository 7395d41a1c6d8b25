import { sql } from 'kysely';
import { downtimeOf, type Heartbeats } from '../downtime.ts';
import type { Db, SqlDb } from './sql.ts';

/**
 * Instances not heard of for a month are forgotten at the next start (after the downtime is worked
 * out from them): instances named after hosts that come and go would otherwise pile up.
 */
const FORGET_AFTER_MS = 30 * 86_400_000;

/** Instances starting together take this lock (PostgreSQL) to resume the clocks: one of them moves them on, once. */
const RESUME_LOCK = 0x6865_7862;

const beat = (trx: Db, instance: string, seen: number, stopped: boolean) =>
  trx
    .insertInto('heartbeats')
    .values({ instance, seen, stopped: stopped ? 1 : 0 })
    .onConflict((oc) => oc.column('instance').doUpdateSet((eb) => ({ seen: eb.ref('excluded.seen'), stopped: eb.ref('excluded.stopped') })))
    .execute();

export class HeartbeatsSql implements Heartbeats {
  constructor(private readonly sql: SqlDb) {}

  async beat(instance: string, now: number, stopped = false): Promise<void> {
    await this.sql.write((trx) => beat(trx, instance, now, stopped));
  }

  resumeClocks(instance: string, now: number, staleMs: number): Promise<number> {
    // One write: nothing comes between reading the heartbeats and moving the clocks on.
    return this.sql.write(async (trx) => {
      // Held to the commit: an instance starting at the same moment reads the heartbeats after this
      // one's, finds it alive, and moves nothing (SQLite: its one writer already does so).
      if (this.sql.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${RESUME_LOCK})`.execute(trx);
      const beats = await trx.selectFrom('heartbeats').select(['instance', 'seen', 'stopped']).execute();
      // The newest move of a live game: the site was alive then. Looked up from the live games (an
      // index) into their moves, never by reading every move stored: SQLite's plan for a join reads
      // them all, a second with 100,000 finished games.
      const last = await trx
        .selectFrom('moves')
        .select((e) => e.fn.max('at').as('at'))
        .where('game_id', 'in', trx.selectFrom('games').select('id').where('termination', 'is', null))
        .executeTakeFirst();
      const lastMove = last?.at === null || last?.at === undefined ? null : Number(last.at);
      const down = downtimeOf(beats, instance, now, staleMs, lastMove);
      if (down > 0) await resume(trx, down, now);
      await trx
        .deleteFrom('heartbeats')
        .where('seen', '<', now - FORGET_AFTER_MS)
        .execute();
      await beat(trx, instance, now, false);
      return down;
    });
  }
}

/**
 * Every live game moved on by `down` milliseconds, paused at `now`: its moves' and departures'
 * times, its deadline and due time, and — before its first move, when that is what its timers count
 * from — when it was made. Finished games keep their times.
 */
async function resume(trx: Db, down: number, now: number): Promise<void> {
  const live = trx.selectFrom('games').select('id').where('termination', 'is', null);
  await trx
    .updateTable('moves')
    .set((eb) => ({ at: eb('at', '+', down) }))
    .where('game_id', 'in', live)
    .execute();
  await trx
    .updateTable('departures')
    .set((eb) => ({ at: eb('at', '+', down) }))
    .where('game_id', 'in', live)
    .execute();
  await trx
    .updateTable('games')
    .set((eb) => ({
      deadline: eb('deadline', '+', down),
      due: eb('due', '+', down),
      created_at: eb
        .case()
        .when('plies', '=', 0)
        .then(eb('created_at', '+', down))
        .else(eb.ref('created_at'))
        .end(),
      paused_at: now,
      paused_ms: down,
    }))
    .where('termination', 'is', null)
    .execute();
}
