import type { Player } from '@hexarena/engines/engine/game.ts';
import type { GameId } from './game.ts';
import type { SqlDb } from './sql.ts';

/**
 * Conditional premoves kept (game/forecast.ts): one forecast a seat of a correspondence game, read
 * by whichever instance takes the opponent's move, so a forecast left through one instance plays
 * through another. A forecast is a player's private plan: nothing but its seat's socket reads it.
 */
/** A seat's forecast: the lines it left, each a sequence of moves from ply `ply` on, in the game's notation as stored. */
export interface Forecast {
  readonly ply: number;
  readonly lines: readonly (readonly string[])[];
}

export interface ForecastsStore {
  /** The seat's forecast, or null. */
  read(id: GameId, seat: Player): Promise<Forecast | null>;
  /** The seat's forecast left (null: taken back, or played out). */
  write(id: GameId, seat: Player, forecast: Forecast | null): Promise<void>;
  /** Every forecast of a game that ended. */
  forget(id: GameId): Promise<void>;
}

/** Migration 29 of both stores: a seat's forecast, its lines as JSON from the ply it was left at. */
export const FORECASTS_MIGRATION = `CREATE TABLE game_forecasts (
     game_id TEXT NOT NULL,
     seat INTEGER NOT NULL,
     ply INTEGER NOT NULL,
     lines TEXT NOT NULL,
     PRIMARY KEY (game_id, seat)
   );`;

export class ForecastsSql implements ForecastsStore {
  constructor(private readonly sql: SqlDb) {}

  async read(id: GameId, seat: Player): Promise<Forecast | null> {
    const row = await this.sql.read((db) =>
      db.selectFrom('game_forecasts').select(['ply', 'lines']).where('game_id', '=', id).where('seat', '=', seat).executeTakeFirst(),
    );
    return row ? { ply: Number(row.ply), lines: JSON.parse(row.lines) as string[][] } : null;
  }

  async write(id: GameId, seat: Player, forecast: Forecast | null): Promise<void> {
    await this.sql.write(async (trx) => {
      if (forecast === null) {
        await trx.deleteFrom('game_forecasts').where('game_id', '=', id).where('seat', '=', seat).execute();
        return;
      }
      const row = { ply: forecast.ply, lines: JSON.stringify(forecast.lines) };
      await trx
        .insertInto('game_forecasts')
        .values({ game_id: id, seat, ...row })
        .onConflict((oc) => oc.columns(['game_id', 'seat']).doUpdateSet(row))
        .execute();
    });
  }

  async forget(id: GameId): Promise<void> {
    await this.sql.write((trx) => trx.deleteFrom('game_forecasts').where('game_id', '=', id).execute());
  }
}
