import { t } from '../i18n/index.ts';
import { CURRENT_GAMES_PAGE, FOLLOWING_PAGE } from './addresses.ts';
import { PlayerSearch } from './player-search.tsx';

/** The top bar's ways to find players and games: the games being played, those you follow, the search of players. */
export function SocialLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <a href={CURRENT_GAMES_PAGE}>{t('social.nav.watch')}</a>
      {signedIn && (
        <>
          {' '}
          <a href={FOLLOWING_PAGE}>{t('social.nav.following')}</a>
        </>
      )}{' '}
      <PlayerSearch />
    </>
  );
}
