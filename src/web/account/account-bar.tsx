import { t } from '../i18n/index.ts';
import { SocialLinks } from '../social/social-links.tsx';
import { useAccount } from './use-account.ts';

/** The top bar's account: who you play as, and the way to sign up, log in or manage the account. */
export function AccountBar() {
  const [account] = useAccount();
  // Not answered yet (or no server: the app alone): a guest's bar holds the room, unseen, so that the
  // top bar does not grow (and push the page down) when the server answers.
  return (
    <nav class={account === undefined ? 'account-bar asking' : 'account-bar'} aria-label={t('account.nav')}>
      {account?.kind === 'player' ? (
        <a href="/account">{account.name}</a>
      ) : (
        <>
          {account && <span class="guest">{t('account.playingAs', { name: account.name })}</span>}{' '}
          <a href="/account">{t('account.signUpOrLogIn')}</a>
        </>
      )}{' '}
      <a href="/leaderboard">{t('account.leaderboards')}</a> <a href="/ladder">{t('account.engineLadder')}</a>{' '}
      <SocialLinks signedIn={account?.kind === 'player'} />
    </nav>
  );
}
