import type { Json } from '@hexarena/engines/engine/game.ts';
import { err, fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { ChallengeRequest, ChallengeView, NewGameRequest, OpenGame } from '@hexarena/engines/protocol/index.ts';
import { t } from '../i18n/index.ts';
import { refusalOf } from '../refusal-of.ts';
import { gameStatePath, takeEarly } from './early-read.ts';
import { type PublicGame, readPublicGame } from './protocol.ts';

/**
 * The server's REST calls as the browser makes them (docs/protocol.md). Every failure is a Result
 * with the server's own words, or says in the player's language that the server could not be
 * reached or sent what the page cannot read.
 */

/** A new game, as POST /api/games takes it. */
export type NewGame = NewGameRequest;

/** A game waiting for players, as the lobby lists it. */
export type LobbyGame = OpenGame;

export async function call(path: string, init?: { method: 'POST' | 'DELETE'; body?: Json }): Promise<Result<unknown>> {
  let response: Response;
  try {
    response = await ((init ? undefined : takeEarly(path)) ??
      fetch(
        path,
        init && {
          method: init.method,
          ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
        },
      ));
  } catch {
    return fail(serverUnreachable());
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // An answer that is not JSON (a proxy's error page): its status says enough.
  }
  if (response.ok) return ok(body);
  const refused = refusalOf(body);
  return refused ? err(refused) : fail(serverAnswered(response.status));
}

/**
 * What a call says when no server answered at all (a static copy of the app, or the network down),
 * in the player's language as every failure the client words itself; the server's own words (its
 * `error`) are shown as it sent them.
 */
export const serverUnreachable = (): string => t('api.unreachable');
/** An answer with no words of its own (a proxy's error page): its status. */
export const serverAnswered = (status: number): string => t('api.status', { status });
/** What the server sent that the page cannot read: a game, a lobby, a list… */
export type Unreadable =
  | 'game'
  | 'lobby'
  | 'liveGame'
  | 'games'
  | 'players'
  | 'list'
  | 'channels'
  | 'record'
  | 'reports'
  | 'log'
  | 'player'
  | 'review'
  | 'profile'
  | 'bots'
  | 'tokens'
  | 'leaderboard'
  | 'ratingHistory'
  | 'ladder'
  | 'tournaments';
export const unreadable = (what: Unreadable): string => t('api.unreadable', { what });
/** An answer that lacks what was asked for. */
export const sentNo = (what: 'rematch' | 'account' | 'token'): string => t('api.sentNo', { what });
/** A thing made whose id the answer did not give. */
export const notMade = (what: 'game' | 'tournament' | 'challenge'): string => t('api.notMade', { what });

const gamePath = gameStatePath;

export async function fetchGame(id: string): Promise<Result<PublicGame>> {
  const r = await call(gamePath(id));
  if (!r.ok) return r;
  const game = readPublicGame(r.value);
  return game ? ok(game) : fail(unreadable('game'));
}

/** Answers read before their page first rendered, by game id: each is taken once. */
const readFirst = new Map<string, Result<PublicGame>>();

/**
 * Reads game `id` as its page loads, beside the page's code (app.tsx): the page's first render then
 * draws the game, not a "Loading" line painted for the moment the answer takes to be read.
 */
export async function readGameFirst(id: string): Promise<void> {
  readFirst.set(id, await fetchGame(id));
}

/** The answer readGameFirst read for game `id`, once; undefined when there is none (the page asks itself). */
export function takeGameRead(id: string): Result<PublicGame> | undefined {
  const answer = readFirst.get(id);
  readFirst.delete(id);
  return answer;
}

/** A new game; the seat the request names is taken for this browser's account (a guest's, if need be). */
export async function createGame(request: NewGame): Promise<Result<{ id: string }>> {
  if (request.seat !== undefined) {
    const session = await ensureSession();
    if (!session.ok) return session;
  }
  const r = await call('/api/games', { method: 'POST', body: request });
  if (!r.ok) return r;
  const { id } = r.value as { id?: unknown };
  return typeof id === 'string' ? ok({ id }) : fail(notMade('game'));
}

/** Takes an open seat for this browser's account (a guest's, if need be). */
export async function claimSeat(id: string, seat: number, name: string | null): Promise<Result<number>> {
  const session = await ensureSession();
  if (!session.ok) return session;
  const r = await call(`${gamePath(id)}/seats/${seat}`, { method: 'POST', body: name ? { name } : {} });
  return r.ok ? ok(seat) : r;
}

/** Games with a seat still open, newest first. */
export async function openGames(): Promise<Result<readonly LobbyGame[]>> {
  const r = await call('/api/games');
  if (!r.ok) return r;
  const games = (r.value as { games?: unknown } | null)?.games;
  return Array.isArray(games) ? ok(games as LobbyGame[]) : fail(unreadable('lobby'));
}

/** The rematch of a finished game (made by whoever asks first), this account's seat in it taken. */
/** A moderator removes line `n` of the game's chat: every page reading that chat drops it (its socket says so). */
export const removeChatLine = (id: string, n: number): Promise<Result<unknown>> => call(`${gamePath(id)}/chat/${n}`, { method: 'DELETE' });

export async function requestRematch(id: string, seat: number): Promise<Result<{ id: string }>> {
  const r = await call(`${gamePath(id)}/rematch`, { method: 'POST', body: { seat } });
  if (!r.ok) return r;
  const { id: next } = r.value as { id?: unknown };
  return typeof next === 'string' ? ok({ id: next }) : fail(sentNo('rematch'));
}

/** An account as the server shows it to its owner. */
export interface AccountInfo {
  readonly name: string;
  readonly kind: 'guest' | 'player';
  readonly createdAt: number;
  /** Whether the session is a moderator's, as the server says beside the account (false when it does not say). */
  readonly moderator: boolean;
}

function accountOf(x: unknown): AccountInfo | null {
  const answer = x as { account?: unknown; moderator?: unknown } | null;
  const a = answer?.account as Partial<AccountInfo> | null | undefined;
  return a && typeof a.name === 'string' && (a.kind === 'guest' || a.kind === 'player') && typeof a.createdAt === 'number'
    ? { name: a.name, kind: a.kind, createdAt: a.createdAt, moderator: answer?.moderator === true }
    : null;
}

/** Who this browser plays as: null before it has a session. */
export async function fetchAccount(): Promise<Result<AccountInfo | null>> {
  const r = await call('/api/session');
  return r.ok ? ok(accountOf(r.value)) : r;
}

/** This browser's account, a new guest's if it has none: what seats are taken for. */
export async function ensureSession(): Promise<Result<AccountInfo>> {
  const r = await call('/api/session/guest', { method: 'POST', body: {} });
  if (!r.ok) return r;
  const account = accountOf(r.value);
  return account ? ok(account) : fail(sentNo('account'));
}

export async function signUp(username: string, password: string): Promise<Result<AccountInfo>> {
  const r = await call('/api/account', { method: 'POST', body: { username, password } });
  if (!r.ok) return r;
  const account = accountOf(r.value);
  return account ? ok(account) : fail(sentNo('account'));
}

export async function logIn(username: string, password: string): Promise<Result<AccountInfo>> {
  const r = await call('/api/session', { method: 'POST', body: { username, password } });
  if (!r.ok) return r;
  const account = accountOf(r.value);
  return account ? ok(account) : fail(sentNo('account'));
}

export async function logOut(everywhere = false): Promise<Result<unknown>> {
  return call(everywhere ? '/api/sessions' : '/api/session', { method: 'DELETE' });
}

export async function changePassword(current: string, password: string): Promise<Result<unknown>> {
  return call('/api/account/password', { method: 'POST', body: { current, password } });
}

export async function deleteAccount(password: string): Promise<Result<unknown>> {
  return call('/api/account/delete', { method: 'POST', body: { password } });
}

/** A game in a player's lists, as the server summarises it. */
export interface GameSummary {
  readonly id: string;
  readonly game: string;
  readonly createdAt: number;
  readonly players: readonly (string | null)[];
  readonly seats: readonly number[];
  readonly result: 'win' | 'draw' | 'loss' | null;
  /** How it ended (`termination`: `aborted` has no result), once over. */
  readonly ending?: { readonly termination: string } | null;
  readonly yourMove?: boolean;
}

const summaries = (x: unknown): GameSummary[] | null =>
  Array.isArray(x) && x.every((g) => typeof g?.id === 'string' && typeof g.game === 'string' && Array.isArray(g.players))
    ? (x as GameSummary[])
    : null;

/** This browser's account's games: those in progress (its move first) and the recent ones. */
export async function fetchMyGames(): Promise<Result<{ live: GameSummary[]; recent: GameSummary[] }>> {
  const r = await call('/api/account/games');
  if (!r.ok) return r;
  const o = r.value as { live?: unknown; recent?: unknown } | null;
  const live = summaries(o?.live);
  const recent = summaries(o?.recent);
  return live && recent ? ok({ live, recent }) : fail(unreadable('games'));
}

/** A rating as a profile shows it. */
export interface ShownRating {
  readonly perf: string;
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
}

export interface Profile {
  readonly name: string;
  readonly ratings: readonly ShownRating[];
  readonly createdAt: number;
  readonly online: boolean;
  /** The site's moderators banned the account. */
  readonly banned: boolean;
  readonly stats: Readonly<Record<string, { readonly wins: number; readonly draws: number; readonly losses: number }>>;
  readonly games: readonly GameSummary[];
  /** Where the next page starts, or null at the end. */
  readonly before: number | null;
  /** How many follow the player, and how many they follow. */
  readonly followers: number;
  readonly following: number;
  /** The asker's relation to the player (a signed-in player's, on another's profile), else null. */
  readonly you: { readonly follows: boolean; readonly notify: boolean; readonly blocks: boolean } | null;
}

export async function fetchProfile(name: string, filter: { game?: string; result?: string; before?: number }): Promise<Result<Profile>> {
  const query = new URLSearchParams();
  if (filter.game) query.set('game', filter.game);
  if (filter.result) query.set('result', filter.result);
  if (filter.before !== undefined) query.set('before', String(filter.before));
  const r = await call(`/api/players/${encodeURIComponent(name)}${query.size > 0 ? `?${query}` : ''}`);
  if (!r.ok) return r;
  const p = r.value as Partial<Profile> | null;
  const games = summaries(p?.games);
  return p && typeof p.name === 'string' && games && typeof p.stats === 'object' && p.stats !== null
    ? ok({
        name: p.name,
        ratings: Array.isArray(p.ratings) ? p.ratings : [],
        createdAt: Number(p.createdAt),
        online: p.online === true,
        banned: p.banned === true,
        stats: p.stats,
        games,
        before: p.before ?? null,
        followers: Number(p.followers ?? 0),
        following: Number(p.following ?? 0),
        you: p.you ?? null,
      })
    : fail(unreadable('profile'));
}

export interface OwnedBot {
  readonly name: string;
  readonly createdAt: number;
}

export async function fetchBots(): Promise<Result<OwnedBot[]>> {
  const r = await call('/api/account/bots');
  if (!r.ok) return r;
  const bots = (r.value as { bots?: unknown } | null)?.bots;
  return Array.isArray(bots) ? ok(bots as OwnedBot[]) : fail(unreadable('bots'));
}

/** A new bot, or a bot's new token: its token, shown once. */
export async function makeBot(name: string, renew = false): Promise<Result<string>> {
  const r = await call(renew ? `/api/account/bots/${encodeURIComponent(name)}/token` : '/api/bots', {
    method: 'POST',
    body: renew ? {} : { name },
  });
  if (!r.ok) return r;
  const token = (r.value as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? ok(token) : fail(sentNo('token'));
}

export interface ApiToken {
  readonly id: string;
  readonly label: string;
  readonly scope: string;
  readonly createdAt: number;
}

export async function fetchApiTokens(): Promise<Result<ApiToken[]>> {
  const r = await call('/api/account/tokens');
  if (!r.ok) return r;
  const tokens = (r.value as { tokens?: unknown } | null)?.tokens;
  return Array.isArray(tokens) ? ok(tokens as ApiToken[]) : fail(unreadable('tokens'));
}

export async function makeApiToken(label: string): Promise<Result<string>> {
  const r = await call('/api/account/tokens', { method: 'POST', body: { label } });
  if (!r.ok) return r;
  const token = (r.value as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? ok(token) : fail(sentNo('token'));
}

export async function revokeApiToken(id: string): Promise<Result<unknown>> {
  return call(`/api/account/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** A place on a leaderboard. */
export interface LeaderboardEntry {
  readonly rank: number;
  readonly name: string;
  readonly bot: boolean;
  readonly rating: number;
  readonly games: number;
}

export interface Leaderboard {
  readonly perf: string;
  /** The top 100, best first: established ratings only (deviation under 75). */
  readonly players: readonly LeaderboardEntry[];
  /** Where this browser's account stands, when it is established there; else null. */
  readonly you: { readonly rank: number; readonly rating: number } | null;
}

/** The best players of a perf (a game, or a game at a speed: hive, hive:blitz). */
export async function fetchLeaderboard(perf: string): Promise<Result<Leaderboard>> {
  const r = await call(`/api/leaderboard/${encodeURIComponent(perf)}`);
  if (!r.ok) return r;
  const b = r.value as { players?: unknown; you?: unknown } | null;
  const players = b?.players;
  const you = b?.you as { rank?: unknown; rating?: unknown } | null | undefined;
  return Array.isArray(players) && players.every((p) => typeof p?.name === 'string' && typeof p.rating === 'number')
    ? ok({
        perf,
        players: players as LeaderboardEntry[],
        you: you && typeof you.rank === 'number' && typeof you.rating === 'number' ? { rank: you.rank, rating: you.rating } : null,
      })
    : fail(unreadable('leaderboard'));
}

/** A player's rating after a rated game. */
export interface RatingPoint {
  /** When the game ended, in milliseconds. */
  readonly at: number;
  readonly rating: number;
  /** The game's id. */
  readonly game: string;
}

/** A player's rating after each rated game of a perf, oldest first (the latest 500 at most). */
export async function fetchRatingHistory(name: string, perf: string): Promise<Result<readonly RatingPoint[]>> {
  const r = await call(`/api/players/${encodeURIComponent(name)}/ratings/${encodeURIComponent(perf)}`);
  if (!r.ok) return r;
  const points = (r.value as { points?: unknown } | null)?.points;
  return Array.isArray(points) && points.every((p) => typeof p?.at === 'number' && typeof p.rating === 'number')
    ? ok(points as RatingPoint[])
    : fail(unreadable('ratingHistory'));
}

/** A challenge to a named player (POST /api/challenges). */
export async function sendChallenge(request: ChallengeRequest): Promise<Result<ChallengeView>> {
  const r = await call('/api/challenges', { method: 'POST', body: request as unknown as Json });
  if (!r.ok) return r;
  const c = r.value as Partial<ChallengeView> | null;
  return typeof c?.id === 'string' ? ok(c as ChallengeView) : fail(notMade('challenge'));
}

/** Accepts (the game's id), declines or cancels a challenge. */
export async function answerChallenge(id: string, answer: 'accept' | 'decline' | 'cancel'): Promise<Result<{ game?: string }>> {
  const r = await call(`/api/challenges/${encodeURIComponent(id)}/${answer}`, { method: 'POST', body: {} });
  if (!r.ok) return r;
  const game = (r.value as { game?: unknown } | null)?.game;
  return ok(typeof game === 'string' ? { game } : {});
}

/** An engine's place on the ladder: its rating with a 95% interval. */
export interface LadderEntry {
  readonly name: string;
  /** Its level, or "outside" for an outside program. */
  readonly seat: string;
  readonly rating: number;
  readonly deviation: number;
  readonly interval: readonly [number, number];
  readonly games: number;
}

/** The engines' ladder of a game, highest first. */
export async function fetchLadder(game: string): Promise<Result<readonly LadderEntry[]>> {
  const r = await call(`/api/ladder/${encodeURIComponent(game)}`);
  if (!r.ok) return r;
  const engines = (r.value as { engines?: unknown } | null)?.engines;
  return Array.isArray(engines) ? ok(engines as LadderEntry[]) : fail(unreadable('ladder'));
}
