import { CompiledQuery } from 'kysely';
import { type AfterMove, type AppendRefusal, type GameId, refusalOf, type StoredMove } from './game.ts';
import type { SqlDb } from './sql.ts';

interface PendingAppend {
  readonly id: GameId;
  readonly move: StoredMove;
  readonly after: AfterMove;
  readonly resolve: (refusal: AppendRefusal | null) => void;
  readonly reject: (e: unknown) => void;
}

/** Moves in one statement at most. */
const MAX_BATCH = 500;

/**
 * A tick's moves: each game's row is updated (and locked) only at the move count the move was made
 * at; its move is inserted only if it was. An untimed game keeps its due time as append-one.ts's
 * untimedDue says. A second writer of the same ply waits, then finds the
 * count moved on. The moves come as one array a column, so the text is the same for every batch and
 * is written once, not built each tick. Not a named statement: prepared, PostgreSQL may come to plan
 * it once for any number of moves (a generic plan, sized for a guessed 100) and then scan every game
 * a tick; unnamed, each batch is planned for its own moves.
 */
const APPEND_MOVES = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::bigint[],
      $9::text[], $10::int[], $11::int[], $12::text[])
      AS i (id, ply, move, at, deadline, due, lease_owner, lease_until, client_id, departed, undone, berserk)),
  counted AS (
    UPDATE games g SET plies = g.plies + 1, deadline = i.deadline,
        due = CASE WHEN i.deadline IS NULL AND g.due > i.at AND g.due <= i.due THEN g.due ELSE i.due END, lease_owner = i.lease_owner,
        lease_until = i.lease_until, offer = NULL
      FROM input i WHERE g.id = i.id AND g.plies = i.ply AND g.termination IS NULL
        AND (i.departed IS NULL OR g.departed = i.departed) AND (i.undone IS NULL OR g.undone = i.undone)
        AND (i.berserk IS NULL OR g.berserk = i.berserk)
      RETURNING i.id, i.ply, i.move, i.at, i.client_id)
  INSERT INTO moves (game_id, ply, move, at, client_id) SELECT id, ply, move, at, client_id FROM counted RETURNING game_id`;

/** PostgreSQL's SQLSTATE for a deadlock: one of the transactions is chosen to fail. */
const DEADLOCK = '40P01';

/**
 * PostgreSQL's group commit of moves: the moves of one tick (of different games) go to the database
 * in one statement, one round trip and one commit, where SQLite's share the tick's transaction
 * (stores/sql.ts). Each lands only at its game's expected move count, so a batch is all-or-nothing
 * for none: each move stands or falls alone, and is acknowledged once its statement has committed.
 */
export class PgAppends {
  /** Moves waiting for this tick's statement. */
  private pending: PendingAppend[] = [];

  constructor(private readonly sql: SqlDb) {}

  append(id: GameId, move: StoredMove, after: AfterMove): Promise<AppendRefusal | null> {
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ id, move, after, resolve, reject });
    });
  }

  private flush(): void {
    const waiting = this.pending;
    this.pending = [];
    // A game twice in one tick (two writers of one process) waits for the next: one move per game a statement.
    const games = new Set<GameId>();
    const batch: PendingAppend[] = [];
    for (const p of waiting) {
      if (games.has(p.id) || batch.length === MAX_BATCH) {
        if (this.pending.length === 0) setImmediate(() => this.flush());
        this.pending.push(p);
      } else {
        games.add(p.id);
        batch.push(p);
      }
    }
    if (batch.length > 0) void this.write(batch);
  }

  private async write(batch: readonly PendingAppend[]): Promise<void> {
    const parameters = [
      batch.map((p) => p.id),
      batch.map((p) => p.move.ply),
      batch.map((p) => p.move.move),
      batch.map((p) => p.move.at),
      batch.map((p) => p.after.deadline),
      batch.map((p) => p.after.due),
      batch.map((p) => p.after.claim?.owner ?? null),
      batch.map((p) => p.after.claim?.until ?? null),
      batch.map((p) => p.move.clientId ?? null),
      batch.map((p) => p.after.departed ?? null),
      batch.map((p) => p.after.undone ?? null),
      batch.map((p) => (p.after.berserked ? JSON.stringify(p.after.berserked) : null)),
    ];
    let landed: Set<string>;
    try {
      const { rows } = await this.sql.read((db) => db.executeQuery<{ game_id: string }>(CompiledQuery.raw(APPEND_MOVES, parameters)));
      landed = new Set(rows.map((r) => r.game_id));
    } catch (e) {
      // Two batches locking the same games in opposite orders (instances racing): one is chosen to
      // fail; its moves go again one by one.
      if ((e as { code?: string }).code === DEADLOCK && batch.length > 1) {
        for (const p of batch) void this.write([p]);
        return;
      }
      for (const p of batch) p.reject(e);
      return;
    }
    for (const p of batch) {
      if (landed.has(p.id)) p.resolve(null);
      else this.whyNot(p.id).then(p.resolve, p.reject);
    }
  }

  /** Why a move found its game's move count elsewhere. */
  private async whyNot(id: GameId): Promise<AppendRefusal> {
    const game = await this.sql.read((db) => db.selectFrom('games').select('termination').where('id', '=', id).executeTakeFirst());
    return refusalOf(game);
  }
}
