import { randomBytes } from 'node:crypto';
import type { Json } from '@hexarena/engines/engine/game.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { parseClockRequest } from '@hexarena/engines/protocol/requests.ts';
import { addressId } from '../address-id.ts';
import { usernameKey } from '../identity/usernames.ts';
import { type RefusalBody, refusalBody } from '../refusal-body.ts';
import type { GameStore } from '../store.ts';
import type { EntryConditions } from './conditions.ts';
import type { Asker } from './desk.ts';
import type { NewTournament, StoredTournament, TournamentEdit, TournamentKind, TournamentSettings } from './store.ts';

/**
 * What a tournament is made or edited with (`POST /api/tournaments`, `POST /api/tournaments/ID/edit`):
 * the bodies' schemas, checked at the edge, then what a schema cannot say (the game and its options,
 * the clock, what each kind needs, the invited players named).
 *
 * A field refused is said in English alone, with no code: the site's form checks each field as this
 * does before it sends (web/tournaments/new-tournament.ts), so only a bot or an API client meets these
 * words. A name invited that is nobody's is what a player can type, and is coded (`tournaments.noInvitedPlayer`).
 */

const DAY_MS = 86_400_000;
/** Players one tournament may invite by name: a list its organiser keeps by hand. */
export const INVITED_MAX = 100;

/** The settings a tournament is made with and edited to (all but its kind, game and options on an edit). */
const SETTINGS = {
  name: { type: 'string', minLength: 1, maxLength: 60 },
  clock: { type: ['object', 'null'] },
  rated: { type: 'boolean' },
  startsAt: { type: ['integer', 'null'], minimum: 0 },
  rounds: { type: 'integer', minimum: 1, maximum: 30 },
  durationMs: { type: 'integer', minimum: 60_000, maximum: DAY_MS },
  cycles: { type: 'integer', minimum: 1, maximum: 4 },
  byePoints: { enum: [0, 0.5, 1] },
  conditions: {
    type: 'object',
    additionalProperties: false,
    properties: {
      minRatedGames: { type: 'integer', minimum: 0, maximum: 1000 },
      minRating: { type: 'integer', minimum: 0, maximum: 4000 },
      maxRating: { type: 'integer', minimum: 0, maximum: 4000 },
      inviteOnly: { type: 'boolean' },
    },
  },
  // Usernames (an invitation-only tournament's list): each looked up, unknown ones refused by name.
  invited: { type: 'array', maxItems: INVITED_MAX, items: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const CREATE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name', 'game'],
  properties: {
    kind: { enum: ['arena', 'swiss', 'round-robin'] },
    game: { type: 'string', minLength: 1, maxLength: 20 },
    options: { type: 'object' },
    ...SETTINGS,
  },
} as const;

/** An edit names what changes; what it leaves out stays. */
export const EDIT_BODY = { type: 'object', additionalProperties: false, minProperties: 1, properties: SETTINGS } as const;

/** A body's bound: a hundred names of 64 characters fit. */
export const BODY_LIMIT = 16_384;

export type EditBody = {
  name?: string;
  clock?: unknown;
  rated?: boolean;
  startsAt?: number | null;
  rounds?: number;
  durationMs?: number;
  cycles?: number;
  byePoints?: number;
  conditions?: EntryConditions;
  invited?: string[];
};
export type CreateBody = EditBody & { kind: TournamentKind; name: string; game: string; options?: Json };

/** The tournament a body asks for, checked beyond its schema (the game, its options and clock, what its kind needs). */
export function tournamentOf(body: CreateBody, organiser: Asker, now: number): NewTournament | string {
  const found = findGame(body.game);
  if (!found.ok) return found.error.message;
  const options = found.value.parseOptions(body.options);
  if (!options.ok) return options.error.message;
  // Two a game; an arena also seats a game of more (DiceWars) at tables of its players.
  const seats = found.value.seatNames(options.value).length;
  if (seats < 2 || (seats > 2 && body.kind !== 'arena'))
    return `a Swiss and a round robin are played by two players a game, an arena by two or more: ${body.game} with these options is not`;
  const clock = body.clock === undefined ? { ok: true as const, value: null } : parseClockRequest(body.clock);
  if (!clock.ok) return clock.error.message;
  if (body.kind === 'swiss' && body.rounds === undefined) return 'a Swiss needs its number of "rounds"';
  if (body.kind === 'arena' && body.durationMs === undefined) return 'an arena needs its "durationMs"';
  if (body.startsAt !== undefined && body.startsAt !== null && (body.startsAt < now || body.startsAt > now + 30 * DAY_MS))
    return '"startsAt" is a time within the next 30 days';
  const conditions = body.conditions ?? {};
  if (conditions.minRating !== undefined && conditions.maxRating !== undefined && conditions.minRating > conditions.maxRating)
    return '"conditions": "minRating" is at most "maxRating"';
  if (body.invited && body.invited.length > 0 && !conditions.inviteOnly)
    return '"invited" names players of an invitation-only tournament: set "conditions": {"inviteOnly": true}';
  return {
    id: addressId(randomBytes, 6),
    kind: body.kind,
    name: body.name,
    game: found.value.id,
    options: options.value as Json,
    clock: clock.value ? { initialMs: clock.value.initialMs, incrementMs: clock.value.incrementMs } : null,
    rated: (body.rated ?? true) && !found.value.unrated,
    organiser: organiser.id,
    organiserName: organiser.name,
    startsAt: body.startsAt ?? null,
    rounds: body.kind === 'swiss' ? (body.rounds ?? null) : null,
    durationMs: body.kind === 'arena' ? (body.durationMs ?? null) : null,
    settings: {
      ...(body.kind === 'swiss' ? { byePoints: body.byePoints ?? 1 } : {}),
      ...(body.kind === 'round-robin' ? { cycles: body.cycles ?? 1 } : {}),
      ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
      ...(conditions.inviteOnly ? { invite: randomBytes(9).toString('base64url') } : {}),
    },
    createdAt: now,
  };
}

/** The players a list names, each a player's or a bot's account, once each; or the refusal naming those that are none. */
export async function invitedOf(store: GameStore, names: readonly string[]): Promise<TournamentSettings['invited'] | RefusalBody> {
  const found = new Map<string, { account: string; name: string }>();
  const unknown: string[] = [];
  for (const name of new Set(names.map((n) => n.trim()).filter((n) => n !== ''))) {
    const account = await store.accounts.byKey(usernameKey(name));
    if (account && (account.kind === 'player' || account.kind === 'bot'))
      found.set(account.id, { account: account.id, name: account.name });
    else unknown.push(name);
  }
  if (unknown.length > 0) {
    const named = `${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''}`;
    return refusalBody('tournaments.noInvitedPlayer', `"invited": there is no player ${named}`, { names: named, count: unknown.length });
  }
  return [...found.values()];
}

/**
 * An edit of `t` as the tournament it leaves, checked as a new one is (its kind, game and options
 * stay): what it does not name stays as it was; `named`, the invited players the edit names. Its
 * invitation's code stays while it is by invitation.
 */
export function editOf(t: StoredTournament, body: EditBody, named: TournamentSettings['invited'], now: number): TournamentEdit | string {
  const conditions = body.conditions ?? t.settings.conditions;
  // The list named in the edit; else the one it had, while it stays by invitation.
  const invited = named ?? (conditions?.inviteOnly ? t.settings.invited : undefined);
  const merged: CreateBody = {
    kind: t.kind,
    game: t.game,
    options: t.options,
    name: body.name ?? t.name,
    clock: 'clock' in body ? body.clock : (t.clock ?? undefined),
    rated: body.rated ?? t.rated,
    // A start time it keeps is not checked again: it may have come while nobody started it.
    ...('startsAt' in body ? { startsAt: body.startsAt } : {}),
    rounds: body.rounds ?? t.rounds ?? undefined,
    durationMs: body.durationMs ?? t.durationMs ?? undefined,
    cycles: body.cycles ?? t.settings.cycles,
    byePoints: body.byePoints ?? t.settings.byePoints,
    ...(conditions ? { conditions } : {}),
    ...(invited ? { invited: invited.map((i) => i.name) } : {}),
  };
  const made = tournamentOf(merged, { id: t.organiser, name: t.organiserName }, now);
  if (typeof made === 'string') return made;
  const inviteOnly = made.settings.conditions?.inviteOnly === true;
  return {
    name: made.name,
    clock: made.clock,
    rated: made.rated,
    startsAt: 'startsAt' in body ? made.startsAt : t.startsAt,
    rounds: made.rounds,
    durationMs: made.durationMs,
    settings: {
      ...made.settings,
      ...(inviteOnly ? { invite: t.settings.invite ?? made.settings.invite } : {}),
      ...(inviteOnly && invited && invited.length > 0 ? { invited } : {}),
    },
  };
}
