import { useEffect, useRef } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { yourMoveSound } from '../settings.ts';

/**
 * Telling a player it is their move when they are not looking: the tab's title counts the games
 * waiting for them ("(1) hexarena"), a chime plays when the turn comes to them (muted in the
 * settings), and, when the page is in the background and the player allowed it, a notification.
 */

export const SITE_TITLE = 'hexarena';

/** The tab's title with `waiting` games on your move. */
export const titleFor = (waiting: number): string => (waiting > 0 ? `(${waiting}) ${SITE_TITLE}` : SITE_TITLE);

/** Keeps the tab's title on the games waiting for you; restores it when the page goes. */
export function useWaitingTitle(waiting: number): void {
  useEffect(() => {
    document.title = titleFor(waiting);
    return () => {
      document.title = SITE_TITLE;
    };
  }, [waiting]);
}

/** On a game page: the title while it is your move, and a chime and a notification when it becomes so. */
export function useYourMoveAlert(yourMove: boolean, what: string): void {
  useWaitingTitle(yourMove ? 1 : 0);
  const before = useRef(yourMove);
  useEffect(() => {
    const became = yourMove && !before.current;
    before.current = yourMove;
    if (!became) return;
    yourMoveSound();
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden)
      new Notification(t('notify.yourMove'), { body: `${SITE_TITLE}: ${what}`, tag: 'hexarena-your-move' });
  }, [yourMove, what]);
}

/** Asks the browser to allow notifications (after a click: browsers refuse otherwise). */
export async function allowNotifications(): Promise<NotificationPermission> {
  if (typeof Notification === 'undefined') return 'denied';
  return Notification.permission === 'default' ? Notification.requestPermission() : Notification.permission;
}
