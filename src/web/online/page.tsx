import { findGame } from '@hexarena/engines/games/index.ts';
import { useEffect, useState } from 'preact/hooks';
import { webGameOf } from '../games/index.ts';
import type { WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { fetchGame } from './api.ts';
import { type Followed, followGame } from './model.ts';
import type { PublicGame } from './protocol.ts';

/** The page of an online game (/g/<id>): its public state from the server, then the live board. */
export function OnlinePage({ id }: { id: string }) {
  const [shown, setShown] = useState<{ initial: PublicGame; followed: Followed<unknown> } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void fetchGame(id).then((r) => {
      if (!current) return;
      if (!r.ok) return setError(r.error.message);
      // The page shows only what it can rebuild: a game it cannot read is said so, not half drawn.
      const game = findGame(r.value.game);
      const readable = game.ok ? followGame(game.value, r.value, Date.now()) : game;
      if (!readable.ok || !webGameOf(r.value.game))
        return setError(`this page cannot show it (${readable.ok ? r.value.game : readable.error.message})`);
      setShown({ initial: r.value, followed: readable.value });
    });
    return () => {
      current = false;
    };
  }, [id]);
  if (error)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('online.cannotOpen', { id, problem: error })}
        </p>
        <a href="/">{t('app.home')}</a>
      </main>
    );
  if (!shown)
    return (
      <main>
        <p role="status" data-testid="status">
          {t('online.loading')}
        </p>
      </main>
    );
  const { OnlineView } = webGameOf(shown.initial.game) as WebGame;
  return <OnlineView initial={shown.initial} followed={shown.followed} />;
}
