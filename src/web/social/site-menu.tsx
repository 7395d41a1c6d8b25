import { Menu } from 'lucide-preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { CURRENT_GAMES_PAGE, FOLLOWING_PAGE } from './addresses.ts';

const LINKS_ID = 'site-menu-links';

/**
 * The top bar's ways round the site: the boards, the games being played, those you follow. A wide
 * screen shows them in the bar; a phone folds them behind a menu icon (lichess's way), so that its
 * bar stays one row. Escape or a click elsewhere folds the menu again.
 */
export function SiteMenu({ signedIn }: { signedIn: boolean }) {
  const [opened, setOpened] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // Listening from the render that opened it (not after the next paint): a quick tap elsewhere folds it too.
  useLayoutEffect(() => {
    if (!opened) return;
    const away = (e: Event) => {
      if (!menu.current?.contains(e.target as Node)) setOpened(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpened(false);
      menu.current?.querySelector<HTMLButtonElement>('.site-menu-open')?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [opened]);
  return (
    <div ref={menu} class={`site-menu${opened ? ' opened' : ''}`}>
      <button
        type="button"
        class="quiet site-menu-open"
        aria-label={t('topbar.menu')}
        title={t('topbar.menu')}
        aria-expanded={opened}
        aria-controls={LINKS_ID}
        onClick={() => setOpened((o) => !o)}
      >
        <Menu class="icon" aria-hidden="true" />
      </button>
      <div class="site-links" id={LINKS_ID}>
        <a href="/leaderboard">{t('account.leaderboards')}</a> <a href="/ladder">{t('account.engineLadder')}</a>{' '}
        <a href={CURRENT_GAMES_PAGE}>{t('social.nav.watch')}</a>
        {signedIn && (
          <>
            {' '}
            <a href={FOLLOWING_PAGE}>{t('social.nav.following')}</a>
          </>
        )}
      </div>
    </div>
  );
}
