import { createHash, randomBytes } from 'node:crypto';

/**
 * Sessions: a random id in an HttpOnly, SameSite=Lax cookie; the store keeps only its SHA-256, so a
 * copy of the database logs nobody in. A session ends when its owner logs out (or out everywhere),
 * when unused for `idleMs`, and at the latest `absoluteMs` after it began; a login always begins a
 * new one (no fixation).
 */

export interface SessionSettings {
  /** Served over HTTPS (directly or behind a proxy): the cookie is `Secure`, named with `__Host-`. */
  readonly secure: boolean;
  readonly idleMs: number;
  readonly absoluteMs: number;
}

const DAY = 24 * 60 * 60 * 1000;

export const DEFAULT_SESSION_SETTINGS: SessionSettings = { secure: false, idleMs: 30 * DAY, absoluteMs: 365 * DAY };

/** How stale a session's last-seen time may get before a request writes it again (not every request writes). */
export const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** 256 random bits. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

export const sessionHash = (id: string): string => createHash('sha256').update(`session/${id}`).digest('hex');

export const cookieName = (settings: SessionSettings): string => (settings.secure ? '__Host-hexarena_session' : 'hexarena_session');

const attributes = (settings: SessionSettings, maxAgeSeconds: number): string =>
  `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${settings.secure ? '; Secure' : ''}`;

/** The Set-Cookie value that gives the browser session `id`. */
export const sessionCookie = (id: string, settings: SessionSettings): string =>
  `${cookieName(settings)}=${id}; ${attributes(settings, Math.floor(settings.absoluteMs / 1000))}`;

/** The Set-Cookie value that makes the browser forget its session. */
export const clearedCookie = (settings: SessionSettings): string => `${cookieName(settings)}=; ${attributes(settings, 0)}`;

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The session id a request's Cookie header carries, or null (none, or not of the shape ours have). */
export function sessionIdOf(cookieHeader: string | undefined, settings: SessionSettings): string | null {
  if (!cookieHeader || cookieHeader.length > 8192) return null;
  const name = cookieName(settings);
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return SESSION_ID.test(value) ? value : null;
  }
  return null;
}

/** Whether a stored session still holds at `now`. */
export const sessionHolds = (s: { readonly createdAt: number; readonly seenAt: number }, now: number, settings: SessionSettings): boolean =>
  now - s.seenAt < settings.idleMs && now - s.createdAt < settings.absoluteMs;
