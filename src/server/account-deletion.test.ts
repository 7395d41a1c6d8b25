import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRecord } from '@hexarena/engines/engine/record.ts';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, Client, type Message, request, type ServerProcess, signUp, startServer } from './online.testing.ts';
import { SqliteStore } from './sqlite-store.ts';

/**
 * Deleting an account over a real server (SQLite): nothing of its name is left in the store's files,
 * its challenges and seeks are gone, its games ended as lichess ends a closed account's, its bots
 * stop; and a deletion cut short by a crash is finished when the server starts again.
 */
let server: ServerProcess;
let dataDir: string;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-deletion-'));
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' });
});

afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Where `name` is in the raw bytes of the store's files (the database, its log and its index), in
 * any case: each place as file, offset and the bytes around it. None: no trace.
 */
function tracesOf(dir: string, name: string): string[] {
  const traces: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.startsWith('hexarena.sqlite'))) {
    const bytes = readFileSync(path.join(dir, file)).toString('latin1').toLowerCase();
    for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1))
      traces.push(`${file}@${at}: ${JSON.stringify(bytes.slice(Math.max(0, at - 24), at + name.length + 24))}`);
  }
  return traces;
}

type Game = {
  ending: { termination: string; result: { kind: string; winner?: number; reason?: string } } | null;
  seats: { name: string | null; left?: string }[];
  toMove: number | null;
  moves: string[];
};
const gameOf = async (b: Browser, id: string) => (await b.ask('GET', `/api/games/${id}`)).json as unknown as Game;

/** A socket of `b`'s on game `id`, once synced. */
async function socketOf(b: Browser, id: string): Promise<Client> {
  const c = await Client.open(server.base, id, undefined, b.from, { cookie: b.cookie as string, origin: server.base });
  await c.next((m) => m.type === 'sync');
  return c;
}

/** The ids of the open games the lobby lists. */
const lobbyIds = async (b: Browser): Promise<string[]> =>
  (((await b.ask('GET', '/api/games')).json?.games ?? []) as { id: string }[]).map((g) => g.id);

const ended = (m: Message) => m.type === 'event' && (m.event as { kind: string }).kind === 'end';

/**
 * A game of two begun (a move each) between `names`; the server killed; `close` run on the store
 * offline for the first player (the closing's first write, and nothing after it: the process died
 * before ending their games); the server started again: its sweep ends the game as `termination`.
 */
async function crashAfterClosing(
  names: [string, string],
  termination: string,
  close: (store: SqliteStore, account: string) => Promise<void>,
): Promise<void> {
  const sam = new Browser(server.base, '127.0.0.91');
  const tom = new Browser(server.base, '127.0.0.92');
  await signUp(sam, names[0]);
  await signUp(tom, names[1]);
  const id = (await sam.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
  await tom.ask('POST', `/api/games/${id}/seats/1`, {});
  const s = await socketOf(sam, id);
  const t = await socketOf(tom, id);
  expect(await s.ask({ type: 'move', seat: 0, move: 'a1', version: 0 })).toMatchObject({ ok: true });
  expect(await t.ask({ type: 'move', seat: 1, move: 'b2', version: 1 })).toMatchObject({ ok: true });
  s.close();
  t.close();
  await server.kill();
  const store = new SqliteStore(path.join(dataDir, 'hexarena.sqlite'));
  const account = await store.accounts.byKey(names[0].toLowerCase());
  await close(store, account?.id as string);
  expect((await store.games.read(id))?.ending).toBeNull();
  await store.close();
  server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' }, server.port);
  // The start's sweep ends it, before or after a watcher comes.
  const watcher = await Client.open(server.base, id);
  const sync = await watcher.next((m) => m.type === 'sync');
  if ((sync.game as Game).ending === null) await watcher.next(ended);
  watcher.close();
  expect((await gameOf(tom, id)).ending).toMatchObject({ termination, result: { kind: 'win', winner: 1 } });
}

describe('deleting an account', () => {
  it('leaves no trace of its name in the store, cancels its challenges and seeks, ends its games, and stops its bots', async () => {
    const quill = new Browser(server.base, '127.0.0.81');
    expect((await signUp(quill, 'Quillon')).status).toBe(201);
    const [ostara, pelagia, rowan] = ['Ostara', 'Pelagia', 'Rowanne'].map((_, i) => new Browser(server.base, `127.0.0.${82 + i}`)) as [
      Browser,
      Browser,
      Browser,
    ];
    for (const [b, name] of [
      [ostara, 'Ostara'],
      [pelagia, 'Pelagia'],
      [rowan, 'Rowanne'],
    ] as const)
      expect((await signUp(b, name)).status).toBe(201);

    // An untimed game of two, two moves made, hers to move: her opponent must not wait for ever.
    const untimed = (await quill.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await ostara.ask('POST', `/api/games/${untimed}/seats/1`, {})).status).toBe(201);
    const herSocket = await socketOf(quill, untimed);
    const theirSocket = await socketOf(ostara, untimed);
    expect(await herSocket.ask({ type: 'move', seat: 0, move: 'a1', version: 0 })).toMatchObject({ type: 'answer', ok: true });
    expect(await theirSocket.ask({ type: 'move', seat: 1, move: 'b2', version: 1 })).toMatchObject({ type: 'answer', ok: true });
    expect(await herSocket.ask({ type: 'chat', text: 'gg from Quillon' })).toMatchObject({ type: 'done' });

    // One move made: aborted, nobody wins.
    const oneMove = (await quill.ask('POST', '/api/games', { game: 'tictactoe', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    expect((await pelagia.ask('POST', `/api/games/${oneMove}/seats/1`, {})).status).toBe(201);
    const oneMoveSocket = await socketOf(quill, oneMove);
    expect(await oneMoveSocket.ask({ type: 'move', seat: 0, move: 'c3', version: 0 })).toMatchObject({ ok: true });
    oneMoveSocket.close();

    // A seek of hers in the lobby.
    const seek = (await quill.ask('POST', '/api/games', { game: 'hex', options: { size: 5 }, seats: ['open', 'open'], seat: 0 })).json
      ?.id as string;
    expect(await lobbyIds(quill)).toContain(seek);

    // A DiceWars table of three: it goes on without her.
    const dice = (
      await quill.ask('POST', '/api/games', {
        game: 'dicewars',
        options: { players: 3, map: 'small', maxRounds: 40 },
        seats: ['open', 'open', 'open'],
        seat: 0,
      })
    ).json?.id as string;
    expect((await ostara.ask('POST', `/api/games/${dice}/seats/1`, {})).status).toBe(201);
    expect((await pelagia.ask('POST', `/api/games/${dice}/seats/2`, {})).status).toBe(201);
    const diceWatcher = await socketOf(pelagia, dice);

    // Challenges sent and received.
    const sent = (await quill.ask('POST', '/api/challenges', { to: 'rowanne', game: 'tictactoe' })).json?.id as string;
    const received = (await rowan.ask('POST', '/api/challenges', { to: 'quillon', game: 'tictactoe' })).json?.id as string;
    expect(sent).toEqual(expect.any(String));
    expect(received).toEqual(expect.any(String));

    // Waiting in a pool.
    const lobby = await quill.lobby();
    lobby.send({ type: 'pool-join', pool: 'hex-5+3' });
    await lobby.next((m) => m.type === 'pool' && m.pool === 'hex-5+3');

    // A bot named after her, in a game of its own making, its move to come.
    const botToken = (await quill.ask('POST', '/api/bots', { name: 'QuillonBot' })).json?.token as string;
    const asBot = { authorization: `Bearer ${botToken}` };
    const botGame = (
      await request(server.base, '/api/games', {
        body: { game: 'tictactoe', seats: ['open', 'open'], seat: 0 },
        headers: asBot,
      })
    ).json?.id as string;
    expect((await rowan.ask('POST', `/api/games/${botGame}/seats/1`, {})).status).toBe(201);
    const botMove = (move: string) => request(server.base, `/api/bot/games/${botGame}/move`, { body: { move }, headers: asBot });
    expect((await botMove('a1')).status).toBe(200);
    const rowanSocket = await socketOf(rowan, botGame);
    expect(await rowanSocket.ask({ type: 'move', seat: 1, move: 'b2', version: 1 })).toMatchObject({ ok: true });

    expect(tracesOf(dataDir, 'quillon')).not.toEqual([]);
    expect((await quill.ask('POST', '/api/account/delete', { password: PASSWORD })).json).toEqual({ deleted: true });

    // Her opponent's game is over, won by them, and their socket was told.
    const told = await theirSocket.next(ended);
    expect(told.event).toMatchObject({ termination: 'closed', result: { kind: 'win', winner: 1, reason: 'X: account closed' } });
    expect((await gameOf(ostara, untimed)).ending).toMatchObject({ termination: 'closed', result: { kind: 'win', winner: 1 } });
    const record = parseRecord((await ostara.ask('GET', `/api/games/${untimed}/record`)).json);
    expect(record.ok && record.value.termination).toBe('closed');
    expect(record.ok && record.value.players?.[0]).toMatch(/^Deleted-/);
    // The socket she had open speaks no more.
    expect(await herSocket.ask({ type: 'chat', text: 'still here, Quillon' })).toMatchObject({ type: 'error', error: /deleted/ });
    herSocket.close();
    theirSocket.close();

    expect((await gameOf(pelagia, oneMove)).ending).toMatchObject({ termination: 'aborted', result: { kind: 'draw' } });
    expect((await gameOf(pelagia, seek)).ending).toMatchObject({ termination: 'aborted' });
    expect(await lobbyIds(pelagia)).not.toContain(seek);

    // The DiceWars table plays on, her seat passed.
    const table = await gameOf(pelagia, dice);
    expect(table.ending).toBeNull();
    expect(table.seats[0]?.left).toMatch(/account closed/);
    expect(table.toMove).not.toBe(0);
    await diceWatcher.next((m) => m.type === 'event' && (m.event as { kind: string; termination?: string }).termination === 'closed');
    diceWatcher.close();

    // Her challenges: gone from both lists, and the one she received cannot be accepted.
    const listed = (await rowan.ask('GET', '/api/challenges')).json?.challenges as { id: string; status: string }[];
    expect(listed.filter((c) => c.status === 'open')).toEqual([]);
    expect((await rowan.ask('POST', `/api/challenges/${sent}/accept`)).status).toBe(409);

    // Her bot plays no more: its token opens nothing, and its game is won by its opponent.
    expect((await botMove('c3')).status).toBe(401);
    expect((await gameOf(rowan, botGame)).ending).toMatchObject({ termination: 'closed', result: { kind: 'win', winner: 1 } });
    rowanSocket.close();

    // A pool joined again from the socket she had open: refused.
    lobby.send({ type: 'pool-join', pool: 'hex-5+3' });
    await lobby.next((m) => m.type === 'error' && /log in/.test(String(m.error)));
    lobby.close();

    // No trace of the name in the store's files as the server left them, nor once its log is folded in.
    expect(tracesOf(dataDir, 'quillon')).toEqual([]);
    await server.kill();
    const db = new Database(path.join(dataDir, 'hexarena.sqlite'));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(tracesOf(dataDir, 'quillon')).toEqual([]);
    server = await startServer(dataDir, { HEXARENA_API_RATE: '100000', HEXARENA_WS_RATE: '100000' }, server.port);
    expect((await signUp(new Browser(server.base, '127.0.0.89'), 'quillonbot')).status).toBe(409);
  });

  it('cut short by a crash after the account was marked, is finished when the server starts again', async () => {
    await crashAfterClosing(['Samphire', 'Tomasz'], 'closed', async (store, account) => {
      await store.accounts.delete(account, 'Deleted-crash1', null);
    });
  });

  it('a ban cut short by a crash after its write is finished, alike, when the server starts again', async () => {
    await crashAfterClosing(['Bramble', 'Ulrika'], 'banned', async (store, account) => {
      await store.moderation.sanction(account, 'ban', null, { at: 1, moderator: null, action: 'ban', target: account, note: 'crash test' });
    });
  });
});
