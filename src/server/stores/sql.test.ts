import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DiskState } from './failures.ts';
import { compiledOnce, rowsChanged, sqliteDb } from './sql.ts';

describe('a statement compiled once', () => {
  it('runs again with each call’s values in their places, the query builder’s own values kept', async () => {
    const raw = new Database(':memory:');
    raw.exec('CREATE TABLE moves (game_id TEXT, ply INTEGER, move TEXT, at INTEGER, client_id TEXT)');
    const { db } = sqliteDb(raw, new DiskState(':memory:'));
    let built = 0;
    const insert = compiledOnce((d, v: { id: string; ply: number; move: string }) => {
      built++;
      return d.insertInto('moves').values({ game_id: v.id, ply: v.ply, move: v.move, at: 7, client_id: null });
    });
    expect(rowsChanged(await insert(db, { id: 'g', ply: 0, move: 'b2' }))).toBe(1);
    expect(rowsChanged(await insert(db, { id: 'h', ply: 1, move: 'a1' }))).toBe(1);
    expect(built).toBe(1);
    expect(raw.prepare('SELECT game_id, ply, move, at FROM moves ORDER BY ply').all()).toEqual([
      { game_id: 'g', ply: 0, move: 'b2', at: 7 },
      { game_id: 'h', ply: 1, move: 'a1', at: 7 },
    ]);
    const advance = compiledOnce((d, v: { id: string; ply: number }) =>
      d
        .updateTable('moves')
        .set((e) => ({ ply: e('ply', '+', 1) }))
        .where('game_id', '=', v.id)
        .where('ply', '=', v.ply),
    );
    expect(rowsChanged(await advance(db, { id: 'g', ply: 5 }))).toBe(0);
    expect(rowsChanged(await advance(db, { id: 'g', ply: 0 }))).toBe(1);
    raw.close();
  });
});
