import { describe, expect, it } from 'vitest';
import {
  clearedCookie,
  DEFAULT_SESSION_SETTINGS,
  newSessionId,
  sessionCookie,
  sessionHash,
  sessionHolds,
  sessionIdOf,
} from './sessions.ts';

const DAY = 86_400_000;

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Lax; Secure and __Host- over HTTPS; read back from a Cookie header among others', () => {
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const plain = DEFAULT_SESSION_SETTINGS;
    const secure = { ...plain, secure: true };
    expect(sessionCookie(id, plain)).toBe(`hexarena_session=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`);
    expect(sessionCookie(id, secure)).toBe(`__Host-hexarena_session=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000; Secure`);
    expect(clearedCookie(plain)).toMatch(/^hexarena_session=; .*Max-Age=0$/);
    expect(sessionIdOf(`a=1; hexarena_session=${id}; b=2`, plain)).toBe(id);
    // Over HTTPS only the __Host- cookie counts: one a plain-HTTP page set is not read.
    expect(sessionIdOf(`hexarena_session=${id}`, secure)).toBeNull();
    expect(sessionIdOf(`__Host-hexarena_session=${id}`, secure)).toBe(id);
    expect(sessionIdOf('hexarena_session=short', plain)).toBeNull();
    expect(sessionIdOf(undefined, plain)).toBeNull();
    expect(sessionHash(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionHash(id)).not.toContain(id);
  });

  it('end after 30 idle days, or a year after they began, whichever comes first', () => {
    const s = { createdAt: 0, seenAt: 0 };
    expect(sessionHolds(s, 30 * DAY - 1, DEFAULT_SESSION_SETTINGS)).toBe(true);
    expect(sessionHolds(s, 30 * DAY, DEFAULT_SESSION_SETTINGS)).toBe(false);
    expect(sessionHolds({ createdAt: 0, seenAt: 364 * DAY }, 365 * DAY - 1, DEFAULT_SESSION_SETTINGS)).toBe(true);
    expect(sessionHolds({ createdAt: 0, seenAt: 364 * DAY }, 365 * DAY, DEFAULT_SESSION_SETTINGS)).toBe(false);
  });
});
