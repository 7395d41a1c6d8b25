import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type ClientMessage,
  messageId,
  type PublicGame,
  parseBotStreamMessage,
  parseClientMessage,
  parseServerMessage,
  publicGame,
  REFUSALS,
  readClientMessage,
  type ServerMessage,
} from './index.ts';

const game: PublicGame = {
  id: 'g1',
  game: 'dicewars',
  options: { players: 3, map: 'small' },
  seats: [
    { kind: 'taken', name: 'Ann' },
    { kind: 'open', name: null },
    { kind: 'ai', level: 'hard', name: null, left: 'C resigned' },
  ],
  version: 4,
  toMove: 1,
  legalMoves: ['attack 3 4', 'end'],
  clock: { initialMs: 60_000, incrementMs: 1_000, remainingMs: [59_000, 60_000, 60_000], running: 1, since: 10, deadline: 60_010 },
  moves: ['end', 'end', 'end'],
  ending: null,
  view: { owner: [0, 1, 2] },
  start: { owner: [0, 1, 2] },
  now: 20,
};

const SERVER_MESSAGES: readonly ServerMessage[] = [
  { type: 'sync', game },
  // After an outage: the clock was paused eleven minutes, resumed at 15.
  { type: 'sync', game: { ...game, paused: { at: 15, ms: 660_000 } } },
  // A tournament's game names its tournament; an arena's says who berserked.
  { type: 'sync', game: { ...game, tournament: 'Xa1b2c' } },
  { type: 'sync', game: { ...game, tournament: 'Xa1b2c', berserk: [1] } },
  {
    type: 'sync',
    game: {
      ...game,
      clock: null,
      ending: { result: { kind: 'win', winner: 0, ranking: [0, 2, 1], reason: 'B resigned' }, termination: 'resignation' },
    },
  },
  {
    type: 'events',
    events: [
      { version: 2, kind: 'move', ply: 1, seat: 1, move: 'a1', at: 5 },
      {
        version: 3,
        kind: 'move',
        ply: 2,
        seat: 2,
        move: 'end',
        at: 6,
        view: { dice: [1] },
        clock: { remainingMs: [1, 2, 3], running: 0, since: 6, deadline: 7 },
      },
      { version: 4, kind: 'leave', seat: 2, termination: 'time', reason: 'C ran out of time' },
      { version: 5, kind: 'end', result: { kind: 'draw', reason: 'board full' }, termination: 'rules' },
    ],
  },
  { type: 'event', event: { version: 6, kind: 'end', result: { kind: 'win', winner: 1 }, termination: 'abandoned' } },
  { type: 'seats', seats: game.seats },
  { type: 'rematch', id: 'r2' },
  {
    type: 'answer',
    id: 'm-1',
    ok: true,
    version: 2,
    event: { version: 2, kind: 'move', ply: 1, seat: 1, move: 'a1', at: 5 },
    duplicate: true,
  },
  ...REFUSALS.map((refusal): ServerMessage => ({ type: 'answer', ok: false, refusal, error: `refused: ${refusal}`, version: 3 })),
  { type: 'error', id: 'm-2', error: 'a message must be JSON' },
  { type: 'error', error: 'too many messages' },
  {
    type: 'error',
    id: 'c-3',
    code: 'chat-unshowable',
    error: 'a chat line may not hold U+FEFF (control or format characters, or an unpaired surrogate)',
  },
  { type: 'event', event: { version: 9, kind: 'takeback', ply: 3 } },
  {
    type: 'event',
    event: { version: 2, kind: 'berserk', seat: 1, clock: { remainingMs: [60_000, 30_000], running: 1, since: 5, deadline: 30_005 } },
  },
  { type: 'error', id: 'b-1', code: 'berserk-too-late', error: 'B has moved already: a berserk comes before your first move' },
  {
    type: 'error',
    id: 'c-4',
    code: 'muted',
    error: "the site's moderators have muted you until 2026-12-08 10:30 UTC: your chat lines are not shown to anyone",
    values: { until: 1796725815000 },
  },
  { type: 'event', event: { version: 10, kind: 'end', result: { kind: 'draw', reason: 'agreed' }, termination: 'agreement' } },
  { type: 'offer', offer: { kind: 'draw', seat: 1 } },
  { type: 'offer', offer: null },
  {
    type: 'presence',
    seats: [
      { connected: true, goneSince: null },
      { connected: false, goneSince: 12 },
    ],
    watching: 3,
    claimAfterMs: 30_000,
  },
  { type: 'chat', room: 'players', lines: [{ n: 0, author: 'Ann', text: 'good luck', at: 4 }] },
  { type: 'chat', room: 'spectators', lines: [], recent: true },
  { type: 'chat', room: 'spectators', lines: [{ n: 5, author: 'Cy', text: 'hi', at: 9 }], removed: [2, 3] },
  { type: 'done', id: 'o-1' },
  { type: 'done' },
];

const CLIENT_MESSAGES: readonly ClientMessage[] = [
  { type: 'move', seat: 1, token: 't', move: 'attack 3 4', version: 7, id: 'm-17' },
  { type: 'move', seat: 0, token: 't', move: 'b2', version: 0 },
  { type: 'resign', seat: 2, token: 't', id: 'r-1' },
  { type: 'resign', seat: 0 },
  { type: 'offer', offer: 'draw', seat: 1, id: 'o-1' },
  { type: 'offer', offer: 'takeback', seat: 0, token: 't' },
  { type: 'reply', offer: 'takeback', accept: false, seat: 1 },
  { type: 'abort', seat: 0 },
  { type: 'berserk', seat: 1, id: 'b-1' },
  { type: 'claim', result: 'draw', seat: 1 },
  { type: 'chat', text: 'hello' },
  { type: 'chat', text: 'gg', seat: 0, token: 't', id: 'c-1' },
];

describe('the online protocol, both ways', () => {
  it('every message the server sends reads back the same, and so does every one a player sends', () => {
    for (const m of SERVER_MESSAGES) expect(parseServerMessage(JSON.stringify(m))).toEqual({ ok: true, value: m });
    for (const m of CLIENT_MESSAGES) expect(parseClientMessage(JSON.stringify(m))).toEqual({ ok: true, value: m });
  });

  it('a player’s message that is not one is said to be wrong in words, and its id still read', () => {
    const wrong = (m: unknown) => {
      const parsed = parseClientMessage(typeof m === 'string' ? m : JSON.stringify(m));
      return parsed.ok ? null : parsed.error.message;
    };
    expect(wrong('{oops')).toBe('a message must be JSON');
    expect(wrong([1])).toBe('a message is a JSON object with a "type"');
    expect(wrong({ type: 'move', seat: '1', token: 't' })).toBe('"seat" must be a seat number');
    expect(wrong({ type: 'move', seat: 1, token: 5 })).toBe('"token" must be your seat token (or none, for your session\'s seats)');
    expect(wrong({ type: 'draw', seat: 1, token: 't' })).toBe(
      'unknown message type "draw" (move, resign, offer, reply, abort, claim, berserk, forecast or chat)',
    );
    expect(wrong({ type: 'move', seat: 1, token: 't', move: 5, version: 1 })).toBe('"move" must be a move in the game’s notation');
    expect(wrong({ type: 'move', seat: 1, token: 't', move: 'b2', version: '1' })).toBe(
      '"version" must be the version of the game you saw',
    );
    expect(messageId(JSON.stringify({ type: 'move', id: 'm-3' }))).toBe('m-3');
    // Read once, as the server reads each: the id of a wrong message, and what is wrong with it.
    expect(readClientMessage(JSON.stringify({ type: 'move', id: 'm-4', seat: '1' }))).toEqual({
      id: 'm-4',
      message: { ok: false, error: new Error('"seat" must be a seat number') },
    });
    expect(readClientMessage('{oops')).toEqual({ id: undefined, message: { ok: false, error: new Error('a message must be JSON') } });
    for (const m of CLIENT_MESSAGES)
      expect(readClientMessage(JSON.stringify(m))).toEqual({ id: 'id' in m ? m.id : undefined, message: { ok: true, value: m } });
    expect(messageId(JSON.stringify({ id: 'x'.repeat(65) }))).toBeUndefined();
    // An id too long is not one: the move is still read, without it.
    expect(parseClientMessage(JSON.stringify({ ...CLIENT_MESSAGES[1], id: 'x'.repeat(65) }))).toEqual({
      ok: true,
      value: CLIENT_MESSAGES[1],
    });
  });

  it("an error's values are kept when plain (text, numbers), anything else in them dropped", () => {
    const told = { type: 'error', code: 'muted', error: 'muted', values: { until: 5, by: 'Mira', list: [1], nested: { a: 1 } } };
    expect(parseServerMessage(JSON.stringify(told))).toEqual({
      ok: true,
      value: { type: 'error', code: 'muted', error: 'muted', values: { until: 5, by: 'Mira' } },
    });
    expect(parseServerMessage(JSON.stringify({ type: 'error', error: 'no', values: [1] }))).toEqual({
      ok: true,
      value: { type: 'error', error: 'no' },
    });
  });

  it('a server message that is not whole is refused, not half read', () => {
    const broken: unknown[] = [
      { type: 'sync', game: { ...game, legalMoves: undefined } },
      { type: 'sync', game: { ...game, seats: [{ kind: 'robot', name: null }] } },
      { type: 'sync', game: { ...game, paused: { at: 15 } } },
      { type: 'sync', game: { ...game, tournament: 7 } },
      { type: 'event', event: { version: 1, kind: 'move', ply: 0, seat: 0, move: 'b2' } },
      { type: 'event', event: { version: 1, kind: 'end', result: { kind: 'win' }, termination: 'rules' } },
      { type: 'event', event: { version: 1, kind: 'leave', seat: 1, termination: 'time' } },
      { type: 'answer', ok: false, refusal: 'nope', error: 'x', version: 1 },
      { type: 'answer', ok: true, version: 1 },
      // A chat line without its number (a moderator could not remove it), a removal that is no number.
      { type: 'chat', room: 'players', lines: [{ author: 'Ann', text: 'gl', at: 4 }] },
      { type: 'chat', room: 'players', lines: [], removed: ['2'] },
      { type: 'telepathy' },
    ];
    for (const m of broken) expect(parseServerMessage(JSON.stringify(m)), JSON.stringify(m)).toMatchObject({ ok: false });
  });

  it('docs/protocol.md’s examples are messages of the protocol', () => {
    const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/protocol.md'), 'utf8');
    const section = (title: string) => {
      const from = doc.indexOf(`\n## ${title}`);
      const to = doc.indexOf('\n## ', from + 1);
      return doc.slice(from, to < 0 ? undefined : to);
    };
    /** The one-line examples of a section; one cut short says so ("…": "as GET /api/games/:id"). */
    const examples = (title: string) =>
      [...section(title).matchAll(/```json\n([\s\S]*?)```/g)]
        .flatMap((m) => (m[1] as string).split('\n'))
        .filter((l) => l.startsWith('{') && !l.includes('"…":'));
    const live = examples('Live play');
    expect(live.length).toBeGreaterThanOrEqual(7);
    for (const line of live) expect(parseServerMessage(line).ok || parseClientMessage(line).ok, line).toBe(true);
    // A bot's stream: its lines, beside the section's REST bodies (which have no "type").
    const bots = examples('Bots').filter((l) => l.includes('"type"'));
    expect(bots.length).toBeGreaterThanOrEqual(2);
    for (const line of bots) expect(parseBotStreamMessage(line), line).toMatchObject({ ok: true });
    const get = doc.slice(doc.indexOf("### A game's public state"));
    const example = /```json\n([\s\S]*?)```/.exec(get)?.[1] as string;
    expect(publicGame(JSON.parse(example))).not.toBeNull();
  });
});
