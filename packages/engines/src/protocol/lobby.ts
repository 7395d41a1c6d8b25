import type { Json } from '../engine/game.ts';
import { fail, ok, type Result } from '../engine/result.ts';
import { objectOf, plainValuesOf } from './parse.ts';

/**
 * The lobby's socket (`/api/lobby/ws`): a player joins a pool and waits there as long as the socket
 * is open; the server tells how many wait in each pool and, once paired, the game. One parse a
 * direction, as for a game's socket.
 */

/** A game waiting for players (a seek), as the lobby lists it. */
export interface OpenGame {
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  readonly seats: readonly ('open' | 'taken' | 'ai')[];
  /** Its time control, or null for a game without one. */
  readonly clock: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null;
  readonly createdAt: number;
  readonly rated?: boolean;
  /** Who may take a seat, by rating (rated seeks only). */
  readonly ratingRange?: { readonly min: number; readonly max: number };
  /** Who waits at the table (the first seat taken): a name, and for a rated seek their rating. */
  readonly host?: { readonly name: string; readonly rating?: number; readonly provisional?: boolean };
}

/** A game under way, as the home page offers it to watch. */
export interface LiveGame {
  readonly id: string;
  readonly game: string;
  readonly options: Json;
  readonly clock: OpenGame['clock'];
  readonly rated?: boolean;
  /** How many moves have been played. */
  readonly plies: number;
  /**
   * Seat by seat: who plays it (a person's name, or "AI (level)" for an AI seat, with the level in
   * `ai` for a page to name it in its reader's language), and their rating in this game.
   */
  readonly players: readonly { readonly name: string; readonly rating?: number; readonly ai?: string }[];
}

/** A challenge as its two players see it. */
export interface ChallengeView {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly game: string;
  readonly options: Json;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null;
  readonly rated: boolean;
  /** The challenger's seat, or null: drawn. */
  readonly seat: number | null;
  readonly expiresAt: number;
  readonly status: 'open' | 'accepted' | 'declined' | 'cancelled';
  /** The game, once accepted. */
  readonly gameId: string | null;
}

/** What a client asks in the lobby. */
export type LobbyIntent =
  | { readonly type: 'pool-join'; readonly pool: string }
  | { readonly type: 'pool-leave' }
  /** Hear a tournament's changes (its standings, pairings, entries) while the socket is open, or stop. */
  | { readonly type: 'tournament-follow'; readonly tournament: string }
  | { readonly type: 'tournament-unfollow'; readonly tournament: string };

/**
 * A tournament's change, as its followers hear it: the tournament, its entries and standings whole,
 * and the pairings of the rounds that changed since version `from` (each such round whole). A page
 * at version v with `from` <= v < `version` is brought up to `version` by it; one behind `from`
 * missed a change and reads the tournament again. Shapes as `GET /api/tournaments/ID` answers them.
 */
export interface TournamentNews {
  readonly type: 'tournament';
  readonly tournament: string;
  readonly from: number;
  readonly version: number;
  readonly summary: Readonly<Record<string, Json>>;
  readonly entries: readonly Json[];
  readonly standings: { readonly tiebreaks: readonly string[]; readonly rows: readonly Json[] };
  /** The rounds whose pairings are below, each whole. */
  readonly rounds: readonly number[];
  readonly pairings: readonly Json[];
}

/** A line of a tournament's chat, numbered in the order written (a page merges what it hears by the number). */
export interface TournamentChatLine {
  readonly n: number;
  readonly author: string;
  readonly text: string;
  readonly at: number;
}

/** What the server says in the lobby. */
export type LobbyMessage =
  /** How many wait in each pool (pools with nobody left out). */
  | { readonly type: 'pools'; readonly waiting: Readonly<Record<string, number>> }
  /** The pool this socket's player waits in, since when; null: none. */
  | { readonly type: 'pool'; readonly pool: string | null; readonly since?: number }
  /** The open games, whenever they change (newest first). */
  | { readonly type: 'seeks'; readonly seeks: readonly OpenGame[] }
  /** This player's challenges, sent and received (open, or answered a moment ago), whenever they change. */
  | { readonly type: 'challenges'; readonly challenges: readonly ChallengeView[] }
  /** The pairing found a game: go to it. */
  | { readonly type: 'paired'; readonly game: string; readonly seat: number }
  /** A player this one follows (and asked to hear of) started a rated game: its id, to watch. */
  | { readonly type: 'following'; readonly player: string; readonly game: string }
  /** Your game in a tournament was made: its page and the tournament's. */
  | { readonly type: 'tournament-game'; readonly tournament: string; readonly game: string }
  /** This socket follows the tournament from now on; it stands at `version`. */
  | { readonly type: 'tournament-following'; readonly tournament: string; readonly version: number }
  | TournamentNews
  /**
   * Lines of a followed tournament's chat: on following, the last ones (`recent`); then each new one
   * — but those of players the socket's player blocks — and the numbers of lines a moderator removed
   * (`removed`), which a page shows no more.
   */
  | {
      readonly type: 'tournament-chat';
      readonly tournament: string;
      readonly lines: readonly TournamentChatLine[];
      readonly recent?: boolean;
      readonly removed?: readonly number[];
    }
  | {
      readonly type: 'error';
      readonly error: string;
      /** A refusal a player can meet has a code that stays, and the values its words name (docs/protocol.md). */
      readonly code?: string;
      readonly values?: Readonly<Record<string, string | number>>;
    };

type Fields = Readonly<Record<string, unknown>>;
const isObject = (x: unknown): x is Fields => typeof x === 'object' && x !== null && !Array.isArray(x);
const POOL_ID = /^[a-z0-9+-]{1,32}$/;
const TOURNAMENT_ID = /^[A-Za-z0-9_-]{1,20}$/;
const isVersion = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0;

function isOpenGame(x: unknown): boolean {
  if (!isObject(x)) return false;
  const range = x.ratingRange;
  return (
    typeof x.id === 'string' &&
    typeof x.game === 'string' &&
    Array.isArray(x.seats) &&
    x.seats.every((s) => s === 'open' || s === 'taken' || s === 'ai') &&
    (x.clock === null || (isObject(x.clock) && Number.isFinite(x.clock.initialMs) && Number.isFinite(x.clock.incrementMs))) &&
    Number.isFinite(x.createdAt) &&
    (x.rated === undefined || x.rated === true) &&
    (range === undefined || (isObject(range) && Number.isInteger(range.min) && Number.isInteger(range.max)))
  );
}

/** A lobby intent, every field checked; else what is wrong, in words. */
export function parseLobbyIntent(text: string): Result<LobbyIntent> {
  const parsed = objectOf(text);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  const extra = Object.keys(o).find((k) => !['type', 'pool', 'tournament'].includes(k));
  if (extra !== undefined) return fail(`unknown field ${JSON.stringify(extra.slice(0, 40))}`);
  if (o.type === 'tournament-follow' || o.type === 'tournament-unfollow') {
    if (o.pool !== undefined) return fail(`a "${o.type}" message names a "tournament", no pool`);
    if (typeof o.tournament !== 'string' || !TOURNAMENT_ID.test(o.tournament))
      return fail('"tournament" names a tournament by its id (letters, digits, - and _, as in /tournament/ID)');
    return ok({ type: o.type, tournament: o.tournament });
  }
  if (o.tournament !== undefined) return fail(`a "${String(o.type).slice(0, 40)}" message names no tournament`);
  if (o.type === 'pool-leave') return ok({ type: 'pool-leave' });
  if (o.type === 'pool-join') {
    if (typeof o.pool !== 'string' || !POOL_ID.test(o.pool)) return fail('"pool" names a pool, such as "hive-5+3"');
    return ok({ type: 'pool-join', pool: o.pool });
  }
  return fail(
    `unknown message type ${JSON.stringify(String(o.type)).slice(0, 40)} (pool-join, pool-leave, tournament-follow or tournament-unfollow)`,
  );
}

/** A lobby message from the server, checked. */
export function parseLobbyMessage(text: string): Result<LobbyMessage> {
  const parsed = objectOf(text);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  switch (o.type) {
    case 'pools': {
      const w = o.waiting;
      if (!isObject(w) || !Object.values(w).every((n) => Number.isInteger(n) && (n as number) >= 0))
        return fail('a "pools" message counts the players waiting in each pool');
      return ok({ type: 'pools', waiting: w as Record<string, number> });
    }
    case 'pool':
      if (o.pool !== null && typeof o.pool !== 'string') return fail('a "pool" message names a pool or null');
      if (o.since !== undefined && !Number.isFinite(o.since)) return fail('a "pool" message’s "since" is a time');
      return ok({ type: 'pool', pool: o.pool as string | null, ...(o.since === undefined ? {} : { since: o.since as number }) });
    case 'seeks': {
      const seeks = o.seeks;
      if (!Array.isArray(seeks) || !seeks.every(isOpenGame)) return fail('a "seeks" message lists open games');
      return ok({ type: 'seeks', seeks: seeks as OpenGame[] });
    }
    case 'challenges': {
      const list = o.challenges;
      const valid = (c: unknown) =>
        isObject(c) &&
        typeof c.id === 'string' &&
        typeof c.from === 'string' &&
        typeof c.to === 'string' &&
        typeof c.game === 'string' &&
        typeof c.rated === 'boolean' &&
        ['open', 'accepted', 'declined', 'cancelled'].includes(c.status as string) &&
        (c.gameId === null || typeof c.gameId === 'string');
      if (!Array.isArray(list) || !list.every(valid)) return fail('a "challenges" message lists challenges');
      return ok({ type: 'challenges', challenges: list as ChallengeView[] });
    }
    case 'paired':
      if (typeof o.game !== 'string' || !Number.isInteger(o.seat)) return fail('a "paired" message names a game and a seat');
      return ok({ type: 'paired', game: o.game, seat: o.seat as number });
    case 'following':
      if (typeof o.player !== 'string' || typeof o.game !== 'string') return fail('a "following" message names a player and a game');
      return ok({ type: 'following', player: o.player, game: o.game });
    case 'tournament-game':
      if (typeof o.tournament !== 'string' || typeof o.game !== 'string')
        return fail('a "tournament-game" message names a tournament and a game');
      return ok({ type: 'tournament-game', tournament: o.tournament, game: o.game });
    case 'tournament-following':
      if (typeof o.tournament !== 'string' || !isVersion(o.version))
        return fail('a "tournament-following" message names a tournament and its version');
      return ok({ type: 'tournament-following', tournament: o.tournament, version: o.version });
    case 'tournament':
      return tournamentNewsOf(o);
    case 'tournament-chat':
      return tournamentChatOf(o);
    case 'error':
      return typeof o.error === 'string' ? ok(errorOf(o.error, o)) : fail('an "error" message says what in "error"');
    default:
      return fail(`unknown lobby message type ${JSON.stringify(String(o.type)).slice(0, 40)}`);
  }
}

function tournamentNewsOf(o: Fields): Result<TournamentNews> {
  const standings = o.standings;
  const valid =
    typeof o.tournament === 'string' &&
    isVersion(o.from) &&
    isVersion(o.version) &&
    o.from < o.version &&
    isObject(o.summary) &&
    Array.isArray(o.entries) &&
    isObject(standings) &&
    Array.isArray(standings.tiebreaks) &&
    standings.tiebreaks.every((k) => typeof k === 'string') &&
    Array.isArray(standings.rows) &&
    Array.isArray(o.rounds) &&
    o.rounds.every((r) => Number.isInteger(r)) &&
    Array.isArray(o.pairings) &&
    o.pairings.every((p) => isObject(p) && (o.rounds as unknown[]).includes(p.round));
  if (!valid)
    return fail(
      'a "tournament" message names a tournament, its versions from and to, and its summary, entries, standings and changed rounds',
    );
  return ok(o as unknown as TournamentNews);
}

const isChatLine = (l: unknown): l is TournamentChatLine =>
  isObject(l) && isVersion(l.n) && typeof l.author === 'string' && typeof l.text === 'string' && Number.isFinite(l.at);

function tournamentChatOf(o: Fields): Result<LobbyMessage> {
  const removed = o.removed === undefined ? [] : o.removed;
  if (
    typeof o.tournament !== 'string' ||
    !Array.isArray(o.lines) ||
    !o.lines.every(isChatLine) ||
    !Array.isArray(removed) ||
    !removed.every(isVersion)
  )
    return fail(
      'a "tournament-chat" message names a tournament and lists its lines (n, author, text, at) and the numbers of lines removed',
    );
  const lines = o.lines.map(({ n, author, text, at }) => ({ n, author, text, at }));
  return ok({
    type: 'tournament-chat',
    tournament: o.tournament,
    lines,
    ...(o.recent === true ? { recent: true } : {}),
    ...(removed.length > 0 ? { removed: [...removed] } : {}),
  });
}

/** An error message's words, with its code and plain values when it has them (anything else in them dropped). */
function errorOf(error: string, o: Fields): Extract<LobbyMessage, { type: 'error' }> {
  return { type: 'error', error, ...(typeof o.code === 'string' ? { code: o.code } : {}), ...plainValuesOf(o.values) };
}
