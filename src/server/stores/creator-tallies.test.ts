import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PgStore } from '../pg-store.ts';
import { sharedPostgres } from '../postgres.testing.ts';
import { SQLITE_FILE, SqliteStore } from '../sqlite-store.ts';
import type { NewGame } from './game.ts';

/**
 * The creators' caps are answered from memory on SQLite (stores/creator-tallies.ts): these tests ask
 * the database file itself, through a connection of its own, what the store's count query says,
 * and fail when the memory says anything else — after each write that changes it, and after a restart.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-tallies-'));
  dirs.push(dir);
  return dir;
}

const game = (id: string, creator: string | null, seats: string[]): NewGame => ({
  id,
  game: 'tictactoe',
  options: {},
  seed: `seed-${id}`,
  seats,
  clock: null,
  createdAt: 1,
  creator,
});

/** The counts as the store's own query makes them (LobbySql's countLive), read from the file. */
function fromFile(dir: string, creator: string): { open: number; aiOnly: number } {
  const db = new Database(path.join(dir, SQLITE_FILE), { readonly: true });
  try {
    const count = (extra: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM games WHERE creator = ? AND termination IS NULL AND ${extra}`).get(creator) as { n: number })
        .n;
    return { open: count('open_seats > 0'), aiOnly: count(`seats NOT LIKE '%"open"%'`) };
  } finally {
    db.close();
  }
}

async function fromMemory(store: SqliteStore, creator: string): Promise<{ open: number; aiOnly: number }> {
  return { open: await store.lobby.openBy(creator), aiOnly: await store.lobby.aiOnlyBy(creator) };
}

async function expectInStep(store: SqliteStore, dir: string, creators: readonly string[]): Promise<void> {
  for (const creator of creators) expect(await fromMemory(store, creator), creator).toEqual(fromFile(dir, creator));
}

const draw = (plies = 0) => ({ result: { kind: 'draw' }, termination: 'agreement', plies });

describe('each creator’s live games, kept in memory on SQLite', () => {
  it('says what the store says after games are made, seats taken, games ended, and after a restart', async () => {
    const dir = folder();
    let store = SqliteStore.inFolder(dir);
    const creators = ['address:a', 'account:b', 'bot:c'];
    try {
      await store.games.create(game('a1', 'address:a', ['open', 'open']));
      await store.games.create(game('a2', 'address:a', ['open', 'random']));
      await store.games.create(game('a3', 'address:a', ['random', 'random']));
      await store.games.create(game('b1', 'account:b', ['open', 'open', 'open']));
      await store.games.create(game('n1', null, ['open', 'open']));
      expect(await fromMemory(store, 'address:a')).toEqual({ open: 3 - 1, aiOnly: 1 });
      await expectInStep(store, dir, creators);

      // The creator sits: one seat of two still open. The other fills it: the game is open no more.
      expect(await store.games.claimSeat('a1', 0, 'tok-0', 'Ann')).toBe(true);
      await expectInStep(store, dir, creators);
      expect(await store.games.claimSeat('a1', 1, 'tok-1', 'Bo')).toBe(true);
      expect(await fromMemory(store, 'address:a')).toEqual({ open: 1, aiOnly: 1 });
      // A seat taken twice is not counted twice; an AI's seat (taken by an outside program) leaves the open count.
      expect(await store.games.claimSeat('a1', 1, 'tok-2', 'Cy')).toBe(false);
      expect(await store.games.claimSeat('a2', 1, 'tok-3', 'Dee')).toBe(true);
      await expectInStep(store, dir, creators);

      // Ended: counted no more; an end that loses (already over, or at a stale count) changes nothing.
      expect(await store.games.end('a3', draw())).toBe(true);
      expect(await store.games.end('a3', draw())).toBe(false);
      expect(await store.games.end('b1', draw(5))).toBe(false);
      await expectInStep(store, dir, creators);
      expect(await store.games.end('a2', draw())).toBe(true);
      expect(await fromMemory(store, 'address:a')).toEqual({ open: 0, aiOnly: 0 });
      await expectInStep(store, dir, creators);

      // A restart reads them from the file again.
      await store.games.create(game('c1', 'bot:c', ['random', 'random']));
      await store.close();
      store = SqliteStore.inFolder(dir);
      expect(await fromMemory(store, 'account:b')).toEqual({ open: 1, aiOnly: 0 });
      expect(await fromMemory(store, 'bot:c')).toEqual({ open: 0, aiOnly: 1 });
      await expectInStep(store, dir, creators);
    } finally {
      await store.close();
    }
  });

  it('a closed bot’s games are counted under its placeholder, as the store renames them', async () => {
    const dir = folder();
    const store = SqliteStore.inFolder(dir);
    try {
      await store.accounts.register('o1', 'Wren', 'wren', 'hash-wren', '$argon2id$w', 1);
      expect(await store.bots.registerOwned('b1', 'o1', 'WrenBot', 'wrenbot', 'hash-wrenbot', 'tok-bot', 2)).toBe(true);
      await store.games.create(game('w1', 'bot:wrenbot', ['open', 'open']));
      await store.games.create(game('w2', 'bot:wrenbot', ['random', 'random']));
      await store.accounts.delete('o1', 'deleted-1', 'hash-wren');
      await expectInStep(store, dir, ['bot:wrenbot', 'bot:deleted-1']);
      expect(await fromMemory(store, 'bot:wrenbot')).toEqual({ open: 0, aiOnly: 0 });
    } finally {
      await store.close();
    }
  });

  it('stays in step through a long run of makes, seats and ends in any order', async () => {
    const dir = folder();
    const store = SqliteStore.inFolder(dir);
    const creators = ['address:x', 'address:y', 'account:z'];
    const kinds = [
      ['open', 'open'],
      ['open', 'random'],
      ['random', 'random'],
      ['open', 'open', 'open'],
    ];
    // A fixed stream of choices (a linear congruential generator): the same run every time.
    let state = 44;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const made: { id: string; seats: number }[] = [];
    try {
      for (let step = 0; step < 150; step++) {
        const op = next(3);
        if (op === 0 || made.length === 0) {
          const seats = kinds[next(kinds.length)] as string[];
          const id = `g${step}`;
          await store.games.create(game(id, creators[next(creators.length)] as string, seats));
          made.push({ id, seats: seats.length });
        } else {
          const { id, seats } = made[next(made.length)] as { id: string; seats: number };
          if (op === 1) await store.games.claimSeat(id, next(seats), `tok-${step}`, null);
          else await store.games.end(id, draw());
        }
        await expectInStep(store, dir, creators);
      }
    } finally {
      await store.close();
    }
  });
});

describe('each creator’s live games on PostgreSQL, shared by instances', () => {
  const databases = sharedPostgres();

  it('are counted by the store: one instance’s caps see the games, seats and ends of another', async () => {
    const url = await databases.createMigratedDatabase();
    const [here, there] = [await PgStore.open(url), await PgStore.open(url)];
    try {
      await here.games.create(game('p1', 'address:p', ['open', 'open']));
      await here.games.create(game('p2', 'address:p', ['open', 'open']));
      await here.games.create(game('p3', 'address:p', ['random', 'random']));
      expect(await there.lobby.openBy('address:p')).toBe(2);
      expect(await there.lobby.aiOnlyBy('address:p')).toBe(1);
      // Seats taken and games ended elsewhere free the creator here.
      expect(await there.games.claimSeat('p1', 0, 'tok-0', 'Ann')).toBe(true);
      expect(await there.games.claimSeat('p1', 1, 'tok-1', 'Bo')).toBe(true);
      expect(await there.games.end('p3', draw())).toBe(true);
      expect(await here.lobby.openBy('address:p')).toBe(1);
      expect(await here.lobby.aiOnlyBy('address:p')).toBe(0);
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
