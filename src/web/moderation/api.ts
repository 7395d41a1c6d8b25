import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import type { LoggedAction, ReportReason, ShownReport } from '@hexarena/engines/protocol/index.ts';
import { call, unreadable } from '../online/api.ts';

/** Reports and the moderators' requests as the browser makes them (docs/moderation.md). */

export interface PlayerStanding {
  readonly name: string;
  readonly kind: string;
  readonly createdAt: number;
  readonly moderator: boolean;
  readonly sanctions: readonly { readonly kind: 'mute' | 'ban'; readonly until: number | null; readonly at: number }[];
  readonly ratings: readonly { readonly perf: string; readonly rating: number; readonly games: number; readonly provisional: boolean }[];
  readonly reports: readonly ShownReport[];
}

export async function sendReport(report: { player: string; reason: ReportReason; game?: string; text: string }): Promise<Result<unknown>> {
  return call('/api/reports', { method: 'POST', body: report });
}

export async function fetchReports(closed: boolean): Promise<Result<readonly ShownReport[]>> {
  const r = await call(`/api/mod/reports${closed ? '?closed=1' : ''}`);
  if (!r.ok) return r;
  const reports = (r.value as { reports?: unknown } | null)?.reports;
  return Array.isArray(reports) ? ok(reports as ShownReport[]) : fail(unreadable('reports'));
}

export async function fetchLog(): Promise<Result<readonly LoggedAction[]>> {
  const r = await call('/api/mod/log');
  if (!r.ok) return r;
  const log = (r.value as { log?: unknown } | null)?.log;
  return Array.isArray(log) ? ok(log as LoggedAction[]) : fail(unreadable('log'));
}

export async function fetchStanding(name: string): Promise<Result<PlayerStanding>> {
  const r = await call(`/api/mod/players/${encodeURIComponent(name)}`);
  if (!r.ok) return r;
  const p = r.value as Partial<PlayerStanding> | null;
  return p && typeof p.name === 'string' && Array.isArray(p.sanctions) && Array.isArray(p.ratings) && Array.isArray(p.reports)
    ? ok(p as PlayerStanding)
    : fail(unreadable('player'));
}

export type PlayerAction = 'mute' | 'unmute' | 'ban' | 'unban' | 'rating-reset';

export async function actOn(name: string, action: PlayerAction, note: string, minutes?: number): Promise<Result<unknown>> {
  return call(`/api/mod/players/${encodeURIComponent(name)}/${action}`, {
    method: 'POST',
    body: { note, ...(minutes === undefined ? {} : { minutes }) },
  });
}

export async function closeReport(id: string, note: string): Promise<Result<unknown>> {
  return call(`/api/mod/reports/${encodeURIComponent(id)}/close`, { method: 'POST', body: { note } });
}
