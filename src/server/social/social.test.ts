import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveInProcess } from '../in-process.testing.ts';
import { Browser, Client, type Message, request, signUp } from '../online.testing.ts';

/**
 * Blocks, follows and the search of players against a server on loopback, over HTTP and its sockets:
 * a block enforced for challenges, chat, pools and seeks, and told to nobody but the blocker.
 */
let server: Awaited<ReturnType<typeof serveInProcess>>;
let address = 20;

beforeAll(async () => {
  server = await serveInProcess('social', { rate: 100_000, pools: { waveMs: 20 }, maxFollows: 3, maxBlocks: 2 });
});
afterAll(async () => {
  await server?.close();
});

/** A player signed up from an address of their own. */
async function player(name: string): Promise<Browser> {
  const b = new Browser(server.base, `127.0.1.${address++}`);
  expect((await signUp(b, name)).status).toBe(201);
  return b;
}
const idOf = async (name: string): Promise<string> => (await server.store.accounts.byKey(name.toLowerCase()))?.id as string;
const gameSocket = (b: Browser, id: string): Promise<Client> =>
  Client.open(server.base, id, undefined, b.from, { origin: server.base, ...(b.cookie ? { cookie: b.cookie } : {}) });

describe('a block', () => {
  it('is private: only the blocker lists it, the profile tells only them, and it is lifted', async () => {
    const ann = await player('Blk_Ann');
    const bob = await player('Blk_Bob');
    expect((await ann.ask('POST', '/api/rel/block/blk_bob')).json).toEqual({ name: 'Blk_Bob', blocking: true });
    expect((await ann.ask('GET', '/api/rel/blocking')).json).toEqual({
      blocking: [{ name: 'Blk_Bob', since: expect.any(Number) }],
      before: null,
    });
    expect((await bob.ask('GET', '/api/rel/blocking')).json).toEqual({ blocking: [], before: null });
    expect((await ann.ask('GET', '/api/players/Blk_Bob')).json?.you).toEqual({ follows: false, notify: false, blocks: true });
    // Bob's view of Ann says nothing of it.
    expect((await bob.ask('GET', '/api/players/Blk_Ann')).json?.you).toEqual({ follows: false, notify: false, blocks: false });
    expect((await ann.ask('POST', '/api/rel/unblock/Blk_Bob')).json).toEqual({ name: 'Blk_Bob', blocking: false });
    expect((await ann.ask('GET', '/api/rel/blocking')).json?.blocking).toEqual([]);
    // Guests and strangers' names are refused in words.
    const guest = new Browser(server.base, '127.0.1.250');
    await guest.ask('POST', '/api/session/guest');
    // Each with its code (and the values its words name), for the app to say in its player's language.
    const refusal = async (b: Browser, path: string) => {
      const r = await b.ask('POST', path);
      return [r.status, r.json?.code, r.json?.values];
    };
    expect(await refusal(guest, '/api/rel/block/Blk_Ann')).toEqual([401, 'social.logIn', undefined]);
    expect(await refusal(ann, '/api/rel/block/Nobody_Here')).toEqual([404, 'social.noPlayer', { name: 'Nobody_Here' }]);
    expect(await refusal(ann, '/api/rel/block/Blk_Ann')).toEqual([400, 'social.yourself', undefined]);
  });

  it('is capped per account, and a follow does not lift it in passing: the blocker is told why, in words', async () => {
    const ann = await player('Cap_Ann');
    for (const name of ['Cap_Bob', 'Cap_Cid', 'Cap_Dee']) await player(name);
    expect((await ann.ask('POST', '/api/rel/block/Cap_Bob')).status).toBe(200);
    expect((await ann.ask('POST', '/api/rel/block/Cap_Cid')).status).toBe(200);
    // Two is this server's cap; blocking one already blocked is answered as before.
    expect(await ann.ask('POST', '/api/rel/block/Cap_Dee')).toMatchObject({
      status: 409,
      json: { error: 'you block 2 players already: unblock some first', code: 'social.tooManyBlocks', values: { count: 2 } },
    });
    expect((await ann.ask('POST', '/api/rel/block/Cap_Cid')).json).toEqual({ name: 'Cap_Cid', blocking: true });
    expect((await ann.ask('GET', '/api/rel/blocking')).json?.blocking).toHaveLength(2);
    expect(await ann.ask('POST', '/api/rel/follow/Cap_Bob')).toMatchObject({
      status: 409,
      json: { error: 'you block Cap_Bob: unblock them to follow them', code: 'social.youBlock', values: { name: 'Cap_Bob' } },
    });
    expect((await ann.ask('GET', '/api/players/Cap_Bob')).json?.you).toEqual({ follows: false, notify: false, blocks: true });
    expect((await ann.ask('POST', '/api/rel/unblock/Cap_Bob')).status).toBe(200);
    expect((await ann.ask('POST', '/api/rel/follow/Cap_Bob')).json).toEqual({ name: 'Cap_Bob', following: true, notify: false });
    expect((await ann.ask('POST', '/api/rel/block/Cap_Dee')).status).toBe(200);
  });

  it('declines a blocked player’s challenge quietly: they are answered as anyone is, and the blocker never hears of it', async () => {
    const ann = await player('Ch_Ann');
    const bob = await player('Ch_Bob');
    const cid = await player('Ch_Cid');
    await ann.ask('POST', '/api/rel/block/Ch_Bob');
    const annLobby = await ann.lobby();
    await annLobby.next((m) => m.type === 'challenges');
    const asked = { game: 'hex', options: {}, rated: false };
    const toAnn = await bob.ask('POST', '/api/challenges', { ...asked, to: 'Ch_Ann' });
    const control = await bob.ask('POST', '/api/challenges', { ...asked, to: 'Ch_Cid' });
    // The same answer, field for field, as a challenge to a player who does not block him.
    expect(toAnn.status).toBe(control.status);
    expect(Object.keys(toAnn.json ?? {})).toEqual(Object.keys(control.json ?? {}));
    expect(toAnn.json).toMatchObject({ to: 'Ch_Ann', status: 'open' });
    // Then it reads as declined, as a challenge its player declined at once.
    const bobs = (await bob.ask('GET', '/api/challenges')).json?.challenges as { to: string; status: string }[];
    expect(bobs.find((c) => c.to === 'Ch_Ann')?.status).toBe('declined');
    // Ann's socket hears Cid's challenge, sent after Bob's, and never Bob's.
    await cid.ask('POST', '/api/challenges', { ...asked, to: 'Ch_Ann' });
    await annLobby.next((m) => m.type === 'challenges' && (m.challenges as { from: string }[]).some((c) => c.from === 'Ch_Cid'));
    const heard = annLobby.messages.filter((m) => m.type === 'challenges').flatMap((m) => m.challenges as { from: string }[]);
    expect(heard.map((c) => c.from)).not.toContain('Ch_Bob');
    const annsList = (await ann.ask('GET', '/api/challenges')).json ?? {};
    expect((annsList.challenges as { from: string }[]).map((c) => c.from)).toEqual(['Ch_Cid']);
    // Ann cannot challenge Bob while she blocks him, and is told why: it is her own block.
    const back = await ann.ask('POST', '/api/challenges', { ...asked, to: 'Ch_Bob' });
    expect(back).toMatchObject({
      status: 403,
      json: { error: 'you block Ch_Bob: unblock them to challenge them', code: 'challenge.youBlock', values: { name: 'Ch_Bob' } },
    });
    annLobby.close();
  });

  it('keeps a blocked player’s chat lines from the blocker’s game socket, and tells the speaker nothing', async () => {
    const ann = await player('Chat_Ann');
    const bob = await player('Chat_Bob');
    const made = await ann.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
    const id = made.json?.id as string;
    expect((await bob.ask('POST', `/api/games/${id}/seats/1`, {})).status).toBe(201);
    const annSocket = await gameSocket(ann, id);
    const bobSocket = await gameSocket(bob, id);
    await annSocket.next((m) => m.type === 'chat');
    expect(await bobSocket.ask({ type: 'chat', text: 'before the block' })).toMatchObject({ type: 'done' });
    await annSocket.next((m) => m.type === 'chat' && (m.lines as { text: string }[]).some((l) => l.text === 'before the block'));
    await ann.ask('POST', '/api/rel/block/Chat_Bob');
    expect(await bobSocket.ask({ type: 'chat', text: 'after the block' })).toMatchObject({ type: 'done' });
    // Bob reads his own line; Ann's socket hears her own line, said after his, and never his.
    await bobSocket.next((m) => m.type === 'chat' && (m.lines as { text: string }[]).some((l) => l.text === 'after the block'));
    expect(await annSocket.ask({ type: 'chat', text: 'ann speaks' })).toMatchObject({ type: 'done' });
    await annSocket.next((m) => m.type === 'chat' && (m.lines as { text: string }[]).some((l) => l.text === 'ann speaks'));
    const annHeard = (c: Client) =>
      c.messages.filter((m) => m.type === 'chat').flatMap((m) => (m.lines as { text: string }[]).map((l) => l.text));
    expect(annHeard(annSocket)).not.toContain('after the block');
    // Opened again, her socket's chat leaves out every line of his, the older ones too.
    const again = await gameSocket(ann, id);
    const lines = await again.next((m) => m.type === 'chat');
    expect((lines.lines as { text: string }[]).map((l) => l.text)).toEqual(['ann speaks']);
    // Bob's does not: the block hides lines from the blocker only.
    const bobAgain = await gameSocket(bob, id);
    expect(((await bobAgain.next((m) => m.type === 'chat')).lines as { text: string }[]).map((l) => l.text)).toEqual([
      'before the block',
      'after the block',
      'ann speaks',
    ]);
    for (const c of [annSocket, bobSocket, again, bobAgain]) c.close();
  });

  it('keeps two players apart in a pool: passed over wave after wave, paired once unblocked', async () => {
    const ann = await player('Pool_Blk_Ann');
    const bob = await player('Pool_Blk_Bob');
    const [annId, bobId] = await Promise.all([idOf('Pool_Blk_Ann'), idOf('Pool_Blk_Bob')]);
    await bob.ask('POST', '/api/rel/block/Pool_Blk_Ann');
    // A wave that leaves both waiting, both in the pool: the pairing passed them over.
    let passedOver = (): void => undefined;
    const passed = new Promise<void>((resolve) => {
      passedOver = resolve;
    });
    const addMiss = server.store.lobby.addMiss.bind(server.store.lobby);
    const spy = vi.spyOn(server.store.lobby, 'addMiss').mockImplementation(async (pool, accounts) => {
      if (pool === 'nonaga-3+2' && accounts.includes(annId) && accounts.includes(bobId)) passedOver();
      return addMiss(pool, accounts);
    });
    const a = await ann.lobby();
    const b = await bob.lobby();
    a.send({ type: 'pool-join', pool: 'nonaga-3+2' });
    b.send({ type: 'pool-join', pool: 'nonaga-3+2' });
    await passed;
    spy.mockRestore();
    expect(a.messages.some((m) => m.type === 'paired')).toBe(false);
    expect(b.messages.some((m) => m.type === 'paired')).toBe(false);
    await bob.ask('POST', '/api/rel/unblock/Pool_Blk_Ann');
    const [pa, pb] = await Promise.all([a.next((m) => m.type === 'paired'), b.next((m) => m.type === 'paired')]);
    expect(pa.game).toBe(pb.game);
    a.close();
    b.close();
  });

  it('keeps either from taking the other’s seek, in the words a seat already taken gets', async () => {
    const ann = await player('Seek_Ann');
    const bob = await player('Seek_Bob');
    const cid = await player('Seek_Cid');
    const dan = await player('Seek_Dan');
    await ann.ask('POST', '/api/rel/block/Seek_Bob');
    const seek = async (by: Browser) =>
      (await by.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 })).json?.id as string;
    const annSeek = await seek(ann);
    const refused = await bob.ask('POST', `/api/games/${annSeek}/seats/1`, {});
    expect(refused.status).toBe(409);
    expect((await cid.ask('POST', `/api/games/${annSeek}/seats/1`, {})).status).toBe(201);
    const taken = await dan.ask('POST', `/api/games/${annSeek}/seats/1`, {});
    expect(refused.status).toBe(taken.status);
    expect(refused.json).toEqual(taken.json);
    expect(taken.json).toEqual({ error: 'Blue is taken', code: 'games.seatTaken', values: { nameSeat: 'Blue' } });
    // The blocker neither takes the blocked player's seek.
    const bobSeek = await seek(bob);
    expect((await ann.ask('POST', `/api/games/${bobSeek}/seats/1`, {})).status).toBe(409);
    expect((await dan.ask('POST', `/api/games/${bobSeek}/seats/1`, {})).status).toBe(201);
  });
});

describe('follows', () => {
  it('are made and undone, counted on the profile, capped, and listed with who is online and playing now', async () => {
    const fan = await player('Fol_Fan');
    const star = await player('Fol_Star');
    const rival = await player('Fol_Rival');
    await player('Fol_Quiet');
    await player('Fol_Extra');
    expect((await fan.ask('POST', '/api/rel/follow/fol_star', { notify: true })).json).toEqual({
      name: 'Fol_Star',
      following: true,
      notify: true,
    });
    expect((await fan.ask('POST', '/api/rel/follow/Fol_Quiet')).json).toEqual({ name: 'Fol_Quiet', following: true, notify: false });
    expect((await fan.ask('POST', '/api/rel/follow/Fol_Rival')).status).toBe(200);
    // Three is this server's cap.
    expect(await fan.ask('POST', '/api/rel/follow/Fol_Extra')).toMatchObject({
      status: 409,
      json: { error: 'you follow 3 players already: unfollow some first', code: 'social.tooManyFollows', values: { count: 3 } },
    });
    expect((await fan.ask('POST', '/api/rel/follow/Fol_Star', { loud: true })).status).toBe(400);
    const profile = (await fan.ask('GET', '/api/players/Fol_Star')).json;
    expect(profile).toMatchObject({ followers: 1, following: 0, you: { follows: true, notify: true, blocks: false } });
    expect((await fan.ask('GET', '/api/players/Fol_Fan')).json).toMatchObject({ followers: 0, following: 3 });

    // Star plays Rival; Star is online (a socket open).
    const made = await star.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
    const id = made.json?.id as string;
    await rival.ask('POST', `/api/games/${id}/seats/1`, {});
    const starLobby = await star.lobby();
    await starLobby.next((m) => m.type === 'pools');
    const list = (await fan.ask('GET', '/api/rel/following')).json;
    expect(list).toEqual({
      following: [
        { name: 'Fol_Rival', online: false, playing: id, notify: false, since: expect.any(Number) },
        { name: 'Fol_Star', online: true, playing: id, notify: true, since: expect.any(Number) },
        { name: 'Fol_Quiet', online: false, playing: null, notify: false, since: expect.any(Number) },
      ],
      after: null,
    });
    expect((await fan.ask('POST', '/api/rel/unfollow/Fol_Quiet')).json).toEqual({ name: 'Fol_Quiet', following: false });
    expect((await fan.ask('GET', '/api/players/Fol_Fan')).json).toMatchObject({ following: 2 });
    starLobby.close();
  });

  it('tell a follower who asked, on the lobby socket, when the player starts a rated game; a blocked player’s follow is answered and kept nowhere', async () => {
    const fan = await player('Note_Fan');
    const star = await player('Note_Star');
    const foe = await player('Note_Foe');
    await fan.ask('POST', '/api/rel/follow/Note_Star', { notify: true });
    const fanLobby = await fan.lobby();
    await fanLobby.next((m) => m.type === 'challenges');
    const sent = await star.ask('POST', '/api/challenges', {
      to: 'Note_Foe',
      game: 'hex',
      options: {},
      rated: true,
      clock: { initialMs: 300_000, incrementMs: 3_000 },
    });
    expect(sent.status).toBe(201);
    const accepted = await foe.ask('POST', `/api/challenges/${sent.json?.id as string}/accept`);
    expect(accepted.status).toBe(201);
    const told = await fanLobby.next((m) => m.type === 'following');
    expect(told).toEqual({ type: 'following', player: 'Note_Star', game: accepted.json?.game });
    fanLobby.close();

    await star.ask('POST', '/api/rel/block/Note_Foe');
    expect((await foe.ask('POST', '/api/rel/follow/Note_Star')).json).toEqual({ name: 'Note_Star', following: true, notify: false });
    expect((await star.ask('GET', '/api/players/Note_Star')).json).toMatchObject({ followers: 1 });
  });

  it('count blocks and follows on the account: past its allowance a player is told to wait', async () => {
    const busy = await player('Busy_One');
    await player('Busy_Two');
    // A burst of 30, then one every two seconds: sent until refused, the changes granted are the
    // burst and at most what the seconds taken refilled (a loaded machine is slow to send 31, and a
    // refill then grants the 31st: the count, not the 31st's answer, is what the allowance holds).
    const granted: number[] = [];
    let refused: unknown;
    const started = Date.now();
    for (let i = 0; i < 200 && refused === undefined; i++) {
      const r = await busy.ask('POST', `/api/rel/${i % 2 ? 'unblock' : 'block'}/Busy_Two`);
      if (r.status === 429) refused = r.json?.code;
      else granted.push(r.status);
    }
    const refilled = Math.floor(((Date.now() - started) / 1000) * 0.5);
    expect(refused).toBe('social.tooFast');
    expect(granted.every((s) => s === 200)).toBe(true);
    expect(granted.length).toBeGreaterThanOrEqual(30);
    expect(granted.length).toBeLessThanOrEqual(30 + refilled);
  });
});

describe('the search of players', () => {
  it('finds names by their beginning in any case, online players first, at most the limit', async () => {
    const names = ['Srch_Alpha', 'srch_beta', 'Srch_Gamma', 'Srch_Delta', 'Other_Srch'];
    const browsers: Browser[] = [];
    for (const n of names) browsers.push(await player(n));
    const gamma = await (browsers[2] as Browser).lobby();
    await gamma.next((m) => m.type === 'pools');
    const search = async (term: string, limit?: number) =>
      (await (browsers[0] as Browser).ask('GET', `/api/search/players?term=${term}${limit ? `&limit=${limit}` : ''}`)).json;
    expect(await search('SRCH_')).toEqual({
      players: [
        { name: 'Srch_Gamma', online: true },
        { name: 'Srch_Alpha', online: false },
        { name: 'srch_beta', online: false },
        { name: 'Srch_Delta', online: false },
      ],
    });
    expect(((await search('srch_', 2)) as { players: Message[] }).players.map((p) => p.name)).toEqual(['Srch_Gamma', 'Srch_Alpha']);
    expect(await search('srch_d')).toEqual({ players: [{ name: 'Srch_Delta', online: false }] });
    expect(await search('zzzz')).toEqual({ players: [] });
    expect((await (browsers[0] as Browser).ask('GET', '/api/search/players?term=a%20b')).status).toBe(400);
    // Past the address's burst of 20 (then 5 a second): refused with a code and the rate. A hundred at
    // once, so that however slowly a loaded machine answers them, the refills cannot keep up.
    const flood = await Promise.all(
      Array.from({ length: 100 }, () => (browsers[0] as Browser).ask('GET', '/api/search/players?term=srch_')),
    );
    expect(flood.find((r) => r.status === 429)?.json).toEqual({
      code: 'social.searchTooFast',
      error: 'too many searches: at most 5 a second',
      values: { rate: 5 },
    });
    gamma.close();
  });
});

describe('the games database', () => {
  it('finds finished games by player, opponent and opening, a page at a time, and exports them as records', async () => {
    await player('Db_Ann');
    await player('Db_Bob');
    const [ann, bob] = await Promise.all([idOf('Db_Ann'), idOf('Db_Bob')]);
    const store = server.store;
    for (let i = 0; i < 3; i++) {
      const id = `dbgame${i}`;
      await store.games.create({
        id,
        game: 'tictactoe',
        options: {},
        seed: `s${i}`,
        seats: ['open', 'open'],
        clock: null,
        createdAt: 1_000 + i,
      });
      await store.games.claimSeat(id, 0, `${id}-0`, 'Db_Ann', undefined, ann);
      await store.games.claimSeat(id, 1, `${id}-1`, 'Db_Bob', undefined, bob);
      for (const [ply, move] of ['b2', i === 0 ? 'a1' : 'c3'].entries())
        await store.games.append(id, { ply, move, at: 1_000 + i }, { deadline: null, due: null });
      await store.games.end(id, { result: { kind: 'win', winner: 0 }, termination: 'resignation', plies: 2 });
    }
    const ask = async (query: string) => (await request(server.base, `/api/search/games?${query}`)).json ?? {};
    const first = await ask('player=db_ann&vs=Db_Bob&limit=2');
    expect((first.games as { id: string }[]).map((g) => g.id)).toEqual(['dbgame2', 'dbgame1']);
    expect((first.games as unknown[])[0]).toMatchObject({
      game: 'tictactoe',
      winner: 0,
      termination: 'resignation',
      players: ['Db_Ann', 'Db_Bob'],
      opening: ['b2', 'c3'],
    });
    expect(first.next).toBe('1001:dbgame1');
    const second = await ask(`player=Db_Ann&limit=2&after=${first.next as string}`);
    expect((second.games as { id: string }[]).map((g) => g.id)).toEqual(['dbgame0']);
    expect(second.next).toBeNull();
    expect(((await ask('player=Db_Bob&outcome=loss&opening=b2,a1')).games as { id: string }[]).map((g) => g.id)).toEqual(['dbgame0']);
    expect(await ask('player=Nobody_At_All')).toEqual({ games: [], next: null });
    expect((await request(server.base, '/api/search/games?speed=warp')).status).toBe(400);
    const exported = await request(server.base, '/api/search/games.ndjson?player=Db_Ann&opening=b2,c3');
    const lines = exported.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; moves: string[]; game: string });
    expect(lines.map((l) => [l.id, l.game, l.moves])).toEqual([
      ['dbgame2', 'tictactoe', ['b2', 'c3']],
      ['dbgame1', 'tictactoe', ['b2', 'c3']],
    ]);
    // An export is thousands of records' work: two from an address, then one every 10 s; searches go on.
    expect((await request(server.base, '/api/search/games.ndjson?player=Db_Ann')).status).toBe(200);
    const third = await request(server.base, '/api/search/games.ndjson?player=Db_Ann');
    expect(third.status).toBe(429);
    expect(JSON.parse(third.text)).toEqual({ error: 'too many exports of games: 2 at once, then one every 10 s' });
    expect((await ask('player=Db_Ann')).games).toHaveLength(3);
  });

  it('finds finished games by a position they reached, in any order of moves, through the explorer’s keys; a position asked wrong is a 400 that says why', async () => {
    const ann = await player('Pos_Ann');
    const bob = await player('Pos_Bob');
    /** A game of Hex Ann (first) and Bob play over their sockets, ended by Ann's resignation: its id. */
    const played = async (moves: readonly string[]): Promise<string> => {
      const made = await ann.ask('POST', '/api/games', { game: 'hex', seats: ['open', 'open'], seat: 0 });
      const id = made.json?.id as string;
      const joined = await bob.ask('POST', `/api/games/${id}/seats/1`, {});
      expect(joined.status).toBe(201);
      const tokens = [made.json?.token as string, joined.json?.token as string];
      const sockets = [await gameSocket(ann, id), await gameSocket(bob, id)];
      for (const [ply, move] of moves.entries())
        expect(
          await (sockets[ply % 2] as Client).ask({ type: 'move', seat: ply % 2, move, version: ply, token: tokens[ply % 2] }),
        ).toMatchObject({
          ok: true,
        });
      expect(await (sockets[0] as Client).ask({ type: 'resign', seat: 0, token: tokens[0] })).toMatchObject({ ok: true });
      for (const c of sockets) c.close();
      return id;
    };
    // Ann's stones on b2 and c3, Bob's on a1: the same position by two orders of moves; the third game's is another.
    const inOrder = await played(['b2', 'a1', 'c3']);
    const transposed = await played(['c3', 'a1', 'b2']);
    const other = await played(['b2', 'c3', 'a1']);
    const found = async (query: string) => {
      // From an address of its own: the searches before this test's have spent the default address's allowance.
      const answer = await request(server.base, `/api/search/games?player=Pos_Ann&${query}`, { from: '127.0.2.1' });
      expect(answer.json?.error).toBeUndefined();
      return ((answer.json?.games ?? []) as { id: string }[]).map((g) => g.id);
    };
    // As moves, a prefix of the game's own order; as a position, every game that reached it.
    expect(await found('game=hex&opening=b2,a1,c3')).toEqual([inOrder]);
    expect(await found('game=hex&opening=b2,a1,c3&match=position')).toEqual([transposed, inOrder]);
    expect(await found('game=hex&opening=b2&match=position')).toEqual([other, inOrder]);
    expect(await found('game=hex&opening=b2,a1,c3&match=position&limit=1')).toEqual([transposed]);
    // The start is every game's.
    expect(await found('game=hex&match=position&opening=%20')).toEqual([other, transposed, inOrder]);
    // The explorer's own key of the position, as its answer names it, finds the same games.
    const explorer = (await request(server.base, '/api/explorer/hex?moves=c3;a1;b2')).json ?? {};
    expect(explorer.variant).toBe('hex');
    expect(await found(`game=hex&position=${explorer.position as string}`)).toEqual([transposed, inOrder]);
    expect(await found(`game=hex&variant=hex&position=${explorer.position as string}`)).toEqual([transposed, inOrder]);
    // The export takes it too.
    const exported = await request(
      server.base,
      `/api/search/games.ndjson?player=Pos_Ann&game=hex&position=${explorer.position as string}`,
      {
        from: '127.0.2.1',
      },
    );
    expect(
      exported.text
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id),
    ).toEqual([transposed, inOrder]);

    const refused = async (query: string) => {
      const answer = await request(server.base, `/api/search/games?${query}`, { from: '127.0.2.2' });
      expect(answer.status).toBe(400);
      return answer.json?.error as string;
    };
    expect(await refused('opening=b2&match=position')).toBe('a position is of one game: give "game" with it');
    expect(await refused('game=dicewars&opening=a&match=position')).toMatch(
      /^DiceWars is not in the opening explorer.*search its games by their first moves instead$/,
    );
    expect(await refused('game=chess&opening=e4&match=position')).toBe('no game is called "chess"');
    expect(await refused('game=hex&opening=b2,b2&match=position')).toMatch(/^the opening cannot be played: move 2 \(b2\)/);
    expect(await refused('game=hex&match=position')).toBe('match=position finds the position "opening" reaches: give its moves');
    expect(await refused(`game=hex&opening=${Array(30).fill('a1').join(',')}&match=position`)).toBe(
      'positions are searched within the first 29 moves of a game: this one is after 30',
    );
    expect(await refused(`game=hex&position=${explorer.position as string}&opening=b2&match=position`)).toMatch(/not both$/);
    expect(await refused(`game=hex&variant=nonaga&position=${explorer.position as string}`)).toBe(
      '"variant" nonaga is not a variant of Hex',
    );
    expect(await refused('game=hex&variant=hex')).toBe(
      '"variant" names the variant of a "position": give the position too, or name the variant of first moves by "options"',
    );
    expect(await refused('game=hex&opening=b2&match=position&variant=hex')).toMatch(/leave "variant" out$/);
    // Each carries a code beside its words, for the games database's page to say in its player's language; a
    // move refused wraps the replay's refusal, which wraps the move's own (engine/replay.ts): each coded.
    const coded = async (query: string) => (await request(server.base, `/api/search/games?${query}`, { from: '127.0.2.2' })).json;
    expect(await coded('game=hex&opening=b2,b2&match=position')).toMatchObject({
      code: 'search.opening',
      values: { game: 'Hex' },
      cause: {
        code: 'rules.replay',
        values: { unit: 'move', number: 2, move: 'b2' },
        cause: { code: 'hex.taken', values: { cell: 'b2' } },
      },
    });
    expect(await coded(`game=hex&opening=${Array(30).fill('a1').join(',')}&match=position`)).toMatchObject({
      code: 'search.tooDeep',
      values: { max: 29, count: 30 },
    });
    expect(await coded('game=dicewars&opening=a&match=position')).toMatchObject({
      code: 'search.notExplored',
      values: { game: 'DiceWars' },
    });
    expect(await coded('game=hex&match=position')).toMatchObject({ code: 'search.noMoves' });
    // Malformed keys and matches, by the schema.
    expect(await refused('game=hex&position=b2')).toMatch(/position/);
    expect(await refused('game=hex&opening=b2&match=prefix')).toMatch(/match/);
    expect((await request(server.base, '/api/search/games.ndjson?opening=b2&match=position')).status).toBe(400);
  });

  it('plays the moves of match=position under the options asked, and matches first moves within the variant they name: a Hive Base game is found by its moves', async () => {
    const ann = await player('Opt_Ann');
    const bob = await player('Opt_Bob');
    /** A game of Hive under `options` that Ann opens with the same three moves and resigns: its id. */
    const played = async (options: Record<string, string>): Promise<string> => {
      const made = await ann.ask('POST', '/api/games', { game: 'hive', options, seats: ['open', 'open'], seat: 0 });
      const id = made.json?.id as string;
      const joined = await bob.ask('POST', `/api/games/${id}/seats/1`, {});
      const tokens = [made.json?.token as string, joined.json?.token as string];
      const sockets = [await gameSocket(ann, id), await gameSocket(bob, id)];
      for (const [ply, move] of ['wG1', 'bG1 wG1-', 'wQ -wG1'].entries())
        expect(
          await (sockets[ply % 2] as Client).ask({ type: 'move', seat: ply % 2, move, version: ply, token: tokens[ply % 2] }),
        ).toMatchObject({
          ok: true,
        });
      expect(await (sockets[0] as Client).ask({ type: 'resign', seat: 0, token: tokens[0] })).toMatchObject({ ok: true });
      for (const c of sockets) c.close();
      return id;
    };
    const id = await played({ type: 'Base' });
    // The same opening, played with the expansions (the default options): another variant's game.
    const expanded = await played({});
    const answer = async (query: string) =>
      request(server.base, `/api/search/games?player=Opt_Ann&game=hive&${query}`, { from: '127.0.2.3' });
    const found = async (query: string) => (((await answer(query)).json?.games ?? []) as { id: string }[]).map((g) => g.id);
    const base = encodeURIComponent('{"type":"Base"}');
    const moves = encodeURIComponent('wG1,bG1 wG1-');
    // Played with the expansions in (the default options), the same moves are another variant's position: the other game's.
    expect(await found(`opening=${moves}&match=position`)).toEqual([expanded]);
    expect(await found(`opening=${moves}&match=position&options=${base}`)).toEqual([id]);
    // The explorer's key and variant of that position, under the same options, find it too.
    const explorer =
      (await request(server.base, `/api/explorer/hive?moves=${encodeURIComponent('wG1;bG1 wG1-')}&options=${base}`)).json ?? {};
    expect(explorer.variant).toMatch(/^hive:[0-9a-f]{8}$/);
    expect(await found(`position=${explorer.position as string}&variant=${explorer.variant as string}`)).toEqual([id]);
    const refused = async (query: string) => {
      const r = await answer(query);
      expect(r.status).toBe(400);
      return r.json?.error as string;
    };
    expect(await refused(`opening=${moves}&match=position&options=nope`)).toBe('"options" must be JSON, such as {"type":"Base"}');
    expect(await refused(`opening=${moves}&match=position&options=${encodeURIComponent('{"pieces":3}')}`)).toMatch(
      /^"options" are not options of Hive: unknown Hive option pieces/,
    );
    expect(await refused(`position=${explorer.position as string}&options=${base}`)).toMatch(/leave "options" out$/);

    // The first moves (match=moves) in any variant, or only in the one the options name.
    expect(await found(`opening=${moves}`)).toEqual([expanded, id]);
    expect(await found(`opening=${moves}&options=${base}`)).toEqual([id]);
    expect(await found(`opening=${moves}&options=${encodeURIComponent('{}')}`)).toEqual([expanded]);
    expect(await found(`opening=${encodeURIComponent('wG1,bG1 wG1-,wQ -wG1')}&options=${base}`)).toEqual([id]);
    // Still a prefix in order: the same stones placed the other way round are not this opening.
    expect(await found(`opening=${encodeURIComponent('wG1,bG1 -wG1')}&options=${base}`)).toEqual([]);
    // No moves: every game of the variant.
    expect(await found(`options=${base}`)).toEqual([id]);
    // Moves that cannot be played in the variant, or a variant of a game not explored, are refused.
    expect(await refused(`opening=${encodeURIComponent('wM')}&options=${base}`)).toMatch(/^the opening cannot be played: move 1 \(wM\)/);
    const noGame = await request(server.base, `/api/search/games?opening=wG1&options=${base}`, { from: '127.0.2.3' });
    expect(noGame.json?.error).toBe('a position is of one game: give "game" with it');
    const dice = await request(server.base, `/api/search/games?game=dicewars&options=${encodeURIComponent('{}')}`, { from: '127.0.2.3' });
    expect(dice.json?.error).toMatch(/^DiceWars is not in the opening explorer/);
  });

  it('serves each game found with its last position, as a spectator sees it, to draw it small', async () => {
    const found = (await request(server.base, '/api/search/games?player=Db_Ann&game=tictactoe')).json?.games as {
      id: string;
      position?: unknown;
    }[];
    expect(Object.fromEntries(found.map((g) => [g.id, g.position]))).toEqual({
      dbgame2: { board: '--o-x----' },
      dbgame1: { board: '--o-x----' },
      dbgame0: { board: '----x-o--' },
    });
  });
});
