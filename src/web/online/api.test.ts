import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountProblem } from '../account/refusal-words.ts';
import { setCatalog, t } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { fetchReview } from '../review/api.ts';
import { call, createGame, ensureSession, fetchGame, serverUnreachable } from './api.ts';

/**
 * The API client's own words — the server not reached, an answer with no words of its own, one the
 * page cannot read — are the player's language's; the server's own words pass as it sent them.
 */
const answer = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));

/** What a failed call says (a call that did not fail says nothing). */
const words = (r: { ok: true } | { ok: false; error: Error }): string | null => (r.ok ? null : r.error.message);

beforeAll(() => setCatalog('en', en));
afterEach(() => {
  vi.unstubAllGlobals();
  setCatalog('en', en);
});

describe("the API client's failures", () => {
  it('in English, as they were worded', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(words(await call('/api/games'))).toBe('the server cannot be reached');
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>'));
    expect(words(await call('/api/games'))).toBe('the server answered 502');
    vi.stubGlobal('fetch', answer(200, { nothing: true }));
    expect(words(await fetchGame('g1'))).toBe('the server sent a game this page cannot read');
    expect(words(await ensureSession())).toBe('the server sent no account');
    expect(words(await createGame({ game: 'hive' } as Parameters<typeof createGame>[0]))).toBe('the server did not say which game it made');
  });

  it.each([
    ['es', es],
    ['ru', ru],
    ['ja', ja],
  ] as const)('in %s, from its catalog; the server’s own words as sent', async (locale, catalog) => {
    setCatalog(locale, catalog);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(words(await call('/api/games'))).toBe(catalog['api.unreachable']);
    expect(serverUnreachable()).toBe(catalog['api.unreachable']);
    expect(words(await fetchReview('g1'))).toBe(catalog['api.unreachable']);
    vi.stubGlobal('fetch', answer(503, 'busy'));
    expect(words(await call('/api/games'))).toBe(catalog['api.status'].replace('{status}', '503'));
    // An answer the page cannot read, or one without what was asked for: the language's words, none of English's.
    vi.stubGlobal('fetch', answer(200, { nothing: true }));
    const said = [await fetchGame('g1'), await ensureSession(), await createGame({ game: 'hive' } as Parameters<typeof createGame>[0])].map(
      (r) => (r.ok ? '' : r.error.message),
    );
    expect(said).toEqual([t('api.unreadable', { what: 'game' }), t('api.sentNo', { what: 'account' }), t('api.notMade', { what: 'game' })]);
    for (const message of said) expect(message).not.toMatch(/the server|page|account|game/);
    vi.stubGlobal('fetch', answer(409, { error: 'that name is taken' }));
    expect(words(await call('/api/account'))).toBe('that name is taken');
  });

  it('a refusal with a code keeps it, and the account forms say it in the player’s language', async () => {
    vi.stubGlobal(
      'fetch',
      answer(429, { error: 'too many wrong passwords: try again in 3 s', code: 'account.tooManyWrong', values: { seconds: 3, bad: [1] } }),
    );
    const refused = await call('/api/session', { method: 'POST', body: {} });
    expect(refused.ok || whyOf(refused.error)).toEqual({ code: 'account.tooManyWrong', values: { seconds: 3 } });
    expect(refused.ok || accountProblem(refused.error)).toBe('Too many wrong passwords: try again in 3 seconds.');
    setCatalog('ru', ru);
    expect(refused.ok || accountProblem(refused.error)).toBe('Слишком много неверных паролей: попробуйте снова через 3 секунды.');
    setCatalog('es', es);
    vi.stubGlobal(
      'fetch',
      answer(409, { error: 'the username Ann is taken: choose another', code: 'account.usernameTaken', values: { name: 'Ann' } }),
    );
    const taken = await call('/api/account', { method: 'POST', body: {} });
    expect(taken.ok || accountProblem(taken.error)).toBe('El nombre de usuario Ann ya está en uso: elige otro.');
    // A code no form words, or none at all: the server's words, as a sentence.
    vi.stubGlobal('fetch', answer(400, { error: 'a new rule', code: 'account.newRule' }));
    const unknown = await call('/api/account', { method: 'POST', body: {} });
    expect(unknown.ok || accountProblem(unknown.error)).toBe('A new rule.');
  });
});
