import { useEffect, useState } from 'preact/hooks';
import { type AccountInfo, fetchAccount } from '../online/api.ts';

/**
 * Who this browser plays as, as the server says: undefined while asking (or with no server: the
 * static app alone has no accounts), null before it has a session.
 */
export function useAccount(): [AccountInfo | null | undefined, (a: AccountInfo | null) => void] {
  const [account, setAccount] = useState<AccountInfo | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void fetchAccount().then((r) => {
      if (current && r.ok) setAccount(r.value);
    });
    return () => {
      current = false;
    };
  }, []);
  return [account, setAccount];
}
