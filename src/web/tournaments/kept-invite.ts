/**
 * An invitation's code kept through signing in (docs/tournaments.md): a signed-out visitor who
 * follows `/tournament/ID?invite=CODE` is sent to the account page and back; the code rides in the
 * way back (`?next=`) and, should they wander on the way, in this tab's session storage, so their
 * Join still carries it.
 */

const KEY = (id: string) => `hexarena.tournament-invite.${id}`;

/** The code in the page's address, kept for the tab; else the one kept before; null without either. */
export function inviteOf(id: string, search: string, storage: Pick<Storage, 'getItem' | 'setItem'> | null): string | null {
  const asked = new URLSearchParams(search).get('invite');
  try {
    if (asked) storage?.setItem(KEY(id), asked);
    return asked || (storage?.getItem(KEY(id)) ?? null);
  } catch {
    // Storage refused (a private window's quota, a blocked site): the address alone.
    return asked || null;
  }
}

/** The tab's session storage, or null where reading it throws. */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The account page's address that comes back to `path` (with its query) once signed in. */
export const signInPage = (path: string): string => `/account?next=${encodeURIComponent(path)}`;

/**
 * Where the account page goes once signed in: the `next` of its address when it is a path of this
 * site (one slash, not `//elsewhere` nor `/\elsewhere`, which browsers read as another host), else null.
 */
export function nextPage(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  // A line break or other control character is refused too: no address of ours has one.
  return next && /^\/(?![/\\])/.test(next) && ![...next].some((c) => c.charCodeAt(0) < 32) ? next : null;
}
