import { CircleUserRound, LogIn } from 'lucide-preact';
import { t } from '../i18n/index.ts';
import { PlayerSearch } from '../social/player-search.tsx';
import { SiteMenu } from '../social/site-menu.tsx';
import { useAccount } from './use-account.ts';

/**
 * The top bar's account and ways round the site: who you play as and the way to sign up, log in or
 * manage the account; the boards, the games being played and those you follow; the search of
 * players. On a phone the account is its icon, the links a menu and the search an icon, one row.
 */
export function AccountBar() {
  const [account] = useAccount();
  const player = account?.kind === 'player';
  // Not answered yet (or no server: the app alone): a guest's bar holds the room, unseen, so that the
  // top bar does not grow (and push the page down) when the server answers.
  return (
    <nav class={account === undefined ? 'account-bar asking' : 'account-bar'} aria-label={t('account.nav')}>
      {account && !player && <span class="guest">{t('account.playingAs', { name: account.name })}</span>}{' '}
      <a href="/account" class="account-link" title={player ? account.name : t('account.signUpOrLogIn')}>
        {player ? <CircleUserRound class="icon" aria-hidden="true" /> : <LogIn class="icon" aria-hidden="true" />}
        <span class="account-label">{player ? account.name : t('account.signUpOrLogIn')}</span>
      </a>{' '}
      <SiteMenu signedIn={player} />
      <PlayerSearch />
    </nav>
  );
}

/**
 * The search of players alone, for a page whose bar is the game's (its title takes the room of the
 * account's links); held unseen while no server has answered (the app alone has nobody to find).
 */
export function BarSearch() {
  const [account] = useAccount();
  return (
    <div class={account === undefined ? 'bar-search asking' : 'bar-search'}>
      <PlayerSearch />
    </div>
  );
}
