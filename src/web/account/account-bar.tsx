import { useAccount } from './use-account.ts';

/** The top bar's account: who you play as, and the way to sign up, log in or manage the account. */
export function AccountBar() {
  const [account] = useAccount();
  // No server (the app alone), or not answered yet: nothing to offer.
  if (account === undefined) return null;
  return (
    <nav class="account-bar" aria-label="Account">
      {account?.kind === 'player' ? (
        <a href="/account">{account.name}</a>
      ) : (
        <>
          {account && <span class="guest">Playing as {account.name}</span>} <a href="/account">Sign up or log in</a>
        </>
      )}{' '}
      <a href="/leaderboard">Leaderboards</a> <a href="/ladder">Engine ladder</a>
    </nav>
  );
}
