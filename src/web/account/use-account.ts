import { useEffect, useState } from 'preact/hooks';
import { type AccountInfo, fetchAccount } from '../online/api.ts';

type Known = AccountInfo | null | undefined;

/**
 * One account for the whole page: the top bar and the account page show the same player, so a
 * sign-up, log-in or log-out on the page is the bar's at once.
 */
let known: Known;
/** Raised by every change the page makes: a server's answer to an older question does not undo it. */
let changes = 0;
const listeners = new Set<(a: Known) => void>();

function publish(account: Known): void {
  known = account;
  for (const listen of listeners) listen(account);
}

function setAccount(account: AccountInfo | null): void {
  changes++;
  publish(account);
}

/**
 * Who this browser plays as, as the server says: undefined while asking (or with no server: the
 * static app alone has no accounts), null before it has a session.
 */
export function useAccount(): [Known, (a: AccountInfo | null) => void] {
  const [account, setLocal] = useState<Known>(known);
  useEffect(() => {
    listeners.add(setLocal);
    const asked = changes;
    void fetchAccount().then((r) => {
      if (r.ok && asked === changes && listeners.has(setLocal)) publish(r.value);
    });
    return () => {
      listeners.delete(setLocal);
    };
  }, []);
  return [account, setAccount];
}
