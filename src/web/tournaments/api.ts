import type { Json } from '@hexarena/engines/engine/game.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { StandingRow, Standings } from '@hexarena/engines/protocol/standings.ts';
import { call, notMade, serverAnswered, serverUnreachable, unreadable } from '../online/api.ts';

/** The server's tournament calls as the pages make them (docs/tournaments.md). */

export type TournamentKind = 'arena' | 'swiss' | 'round-robin';
export type TournamentState = 'created' | 'running' | 'finished';
export type ListState = 'upcoming' | 'running' | 'finished';
/** `table`: a table of more than two (an arena's DiceWars), won by the seat its `winner` names. */
export type PairingResult = 'white' | 'black' | 'draw' | 'bye' | 'white-forfeit' | 'black-forfeit' | 'void' | 'table';

/** A tournament as the list and its page show it. */
export interface TournamentSummary {
  readonly id: string;
  readonly kind: TournamentKind;
  readonly name: string;
  readonly game: string;
  /** The game's options (DiceWars: how many play each game). */
  readonly options?: Json;
  readonly clock: { readonly initialMs: number; readonly incrementMs: number } | null;
  readonly rated: boolean;
  readonly organiser: string;
  readonly state: TournamentState;
  readonly startsAt: number | null;
  readonly startedAt: number | null;
  readonly endsAt: number | null;
  readonly finishedAt: number | null;
  readonly rounds: number | null;
  readonly durationMs: number | null;
  readonly round: number;
  readonly players: number;
  readonly cycles?: number;
  readonly byePoints?: number;
  /** Who may join. */
  readonly conditions?: EntryConditions;
  /** Paused by its organiser or a moderator: nothing is paired until it resumes. */
  readonly halted?: boolean;
  /** Invitation-only, with players its organiser invited by name (who, only they read). */
  readonly invitesByName?: boolean;
}

/** Who may join a tournament (the server's conditions.ts): each absent is no condition. */
export interface EntryConditions {
  readonly minRatedGames?: number;
  readonly minRating?: number;
  readonly maxRating?: number;
  readonly inviteOnly?: boolean;
}

export type { StandingRow };

export interface TournamentEntry {
  readonly name: string;
  readonly rating: number;
  readonly seed: number | null;
  readonly state: 'active' | 'paused' | 'withdrawn' | 'disqualified';
}

export interface TournamentPairing {
  readonly round: number;
  readonly board: number;
  readonly white: string | null;
  readonly black: string | null;
  /** A table of more than two: the names at its third seat and after. */
  readonly others?: readonly (string | null)[];
  readonly game: string | null;
  readonly result: PairingResult | null;
  /** A table's result: the seat that won (0 the first). */
  readonly winner?: number;
}

/** A tournament with its entries, standings and pairings, at a version (the lobby socket's events follow it). */
export interface TournamentShown {
  readonly version: number;
  readonly tournament: TournamentSummary;
  readonly entries: readonly TournamentEntry[];
  readonly standings: Standings;
  readonly pairings: readonly TournamentPairing[];
}

/** A tournament on a player's profile: where they placed once it is over. */
export interface PlayedTournament extends TournamentSummary {
  readonly place: number | null;
}

export async function fetchTournaments(state?: ListState): Promise<Result<readonly TournamentSummary[]>> {
  const r = await call(`/api/tournaments${state ? `?state=${state}` : ''}`);
  if (!r.ok) return r;
  const list = (r.value as { tournaments?: unknown } | null)?.tournaments;
  return Array.isArray(list) ? ok(list as TournamentSummary[]) : fail(unreadable('tournaments'));
}

export async function fetchTournament(id: string): Promise<Result<TournamentShown>> {
  const r = await call(`/api/tournaments/${encodeURIComponent(id)}`);
  if (!r.ok) return r;
  const v = r.value as Partial<TournamentShown> | null;
  return v?.tournament &&
    typeof v.version === 'number' &&
    Array.isArray(v.entries) &&
    Array.isArray(v.pairings) &&
    Array.isArray(v.standings?.rows)
    ? ok(v as TournamentShown)
    : fail(unreadable('tournaments'));
}

export async function fetchPlayerTournaments(name: string): Promise<Result<readonly PlayedTournament[]>> {
  const r = await call(`/api/players/${encodeURIComponent(name)}/tournaments`);
  if (!r.ok) return r;
  const list = (r.value as { tournaments?: unknown } | null)?.tournaments;
  return Array.isArray(list) ? ok(list as PlayedTournament[]) : fail(unreadable('tournaments'));
}

/** Which tournament and round a game was paired in. */
export interface GameTournament {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentKind;
  readonly round: number;
  readonly state: TournamentState;
}

export async function fetchGameTournament(game: string): Promise<Result<GameTournament>> {
  const r = await call(`/api/games/${encodeURIComponent(game)}/tournament`);
  if (!r.ok) return r;
  const v = r.value as Partial<GameTournament> | null;
  return typeof v?.id === 'string' && typeof v.round === 'number' ? ok(v as GameTournament) : fail(unreadable('tournaments'));
}

/** What POST /api/tournaments takes. */
export interface NewTournament {
  readonly kind: TournamentKind;
  readonly name: string;
  readonly game: string;
  /** A game of more than two (DiceWars): how many play each game. */
  readonly options?: { readonly players: number };
  readonly clock?: { readonly initialMs: number; readonly incrementMs: number } | null;
  readonly rated: boolean;
  readonly startsAt: number | null;
  readonly rounds?: number;
  readonly cycles?: number;
  readonly durationMs?: number;
  readonly conditions?: EntryConditions;
  /** Usernames invited by name (an invitation-only tournament's list). */
  readonly invited?: readonly string[];
}

/** What its organiser may change before its start: all but its kind and game (with the game's options). */
export type TournamentEdit = Omit<NewTournament, 'kind' | 'game' | 'options'>;

export async function createTournament(t: NewTournament): Promise<Result<{ id: string }>> {
  const r = await call('/api/tournaments', { method: 'POST', body: t as unknown as Json });
  if (!r.ok) return r;
  const id = (r.value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? ok({ id }) : fail(notMade('tournament'));
}

export const editTournament = (id: string, edit: TournamentEdit): Promise<Result<unknown>> =>
  call(`/api/tournaments/${encodeURIComponent(id)}/edit`, { method: 'POST', body: edit as unknown as Json });

export const disqualify = (id: string, player: string): Promise<Result<unknown>> =>
  call(`/api/tournaments/${encodeURIComponent(id)}/disqualify`, { method: 'POST', body: { player } });

/** An invitation-only tournament's code and the players it invited by name, which the server tells its organiser alone. */
export interface Invitation {
  readonly invite: string;
  readonly invited: readonly string[];
}

/** Its invitation (null for anyone but its organiser, or when it is open to all). */
export async function fetchInvite(id: string): Promise<Invitation | null> {
  const r = await call(`/api/tournaments/${encodeURIComponent(id)}/invite`);
  const v = r.ok ? (r.value as { invite?: unknown; invited?: unknown } | null) : null;
  if (typeof v?.invite !== 'string') return null;
  return { invite: v.invite, invited: Array.isArray(v.invited) ? v.invited.filter((n): n is string => typeof n === 'string') : [] };
}

/** Whether the signed-in reader is among the players invited by name (false on any failure: the page then asks for the link). */
export async function fetchInvited(id: string): Promise<boolean> {
  const r = await call(`/api/tournaments/${encodeURIComponent(id)}/invited`);
  return r.ok && (r.value as { invited?: unknown } | null)?.invited === true;
}

/** What a player or its organiser does to a tournament. */
export type TournamentAction = 'join' | 'withdraw' | 'pause' | 'start' | 'finish' | 'cancel' | 'halt' | 'resume';

export const act = (id: string, action: TournamentAction): Promise<Result<unknown>> =>
  call(`/api/tournaments/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

/** A join (or a chat line) refused: the server's words, and its stable code when it gave one (the page says it in the player's language). */
export interface JoinRefusal {
  readonly error: string;
  readonly code?: string;
  /** What its words name (a tournament's name…), for the page's sentence. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** Joins (with the invitation's code from the page's link, if any): null when in, else why not. */
export const joinTournament = (id: string, invite: string | null): Promise<JoinRefusal | null> =>
  refusalOf(`/api/tournaments/${encodeURIComponent(id)}/join`, invite ? { invite } : {});

/** Says a line in the tournament's chat: null when said (every follower hears it), else why not. */
export const sayInChat = (id: string, text: string): Promise<JoinRefusal | null> =>
  refusalOf(`/api/tournaments/${encodeURIComponent(id)}/chat`, { text });

/** A moderator removes line `n` of the tournament's chat: every follower's page drops it (the socket says so). */
export const removeChatLine = (id: string, n: number): Promise<Result<unknown>> =>
  call(`/api/tournaments/${encodeURIComponent(id)}/chat/${n}`, { method: 'DELETE' });

/** Posts `body`: null when the server took it, else its words and code (or why it was not reached). */
async function refusalOf(path: string, body: Json): Promise<JoinRefusal | null> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return { error: serverUnreachable() };
  }
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown; values?: unknown } | null;
  const values = answer?.values;
  return {
    error: typeof answer?.error === 'string' ? answer.error : serverAnswered(response.status),
    ...(typeof answer?.code === 'string' ? { code: answer.code } : {}),
    ...(typeof values === 'object' && values !== null && !Array.isArray(values) ? { values: values as Record<string, unknown> } : {}),
  };
}
