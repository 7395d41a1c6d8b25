import type { Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { useContext, useEffect, useState } from 'preact/hooks';
import { webGameOf } from '../games/index.ts';
import type { WebGame } from '../games/web-game.tsx';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { UnderTopBar } from '../under-top-bar.ts';
import { fetchGame, takeGameRead } from './api.ts';
import { type Followed, followGame } from './model.ts';
import { onlineRefusal } from './online-refusals.ts';
import type { PublicGame } from './protocol.ts';

/**
 * What the page shows of a game's state: the game followed, or why it cannot (`said`: the server's
 * refusal in the catalog's words, a whole sentence, by its code: no such game).
 */
type Shown = { ok: true; initial: PublicGame; followed: Followed<unknown> } | { ok: false; error: string; said?: string };

export function shown(r: Result<PublicGame>): Shown {
  if (!r.ok) {
    const said = onlineRefusal(r.error);
    return said === null ? { ok: false, error: r.error.message } : { ok: false, error: r.error.message, said };
  }
  // The page shows only what it can rebuild: a game it cannot read is said so, not half drawn.
  const game = findGame(r.value.game);
  const name = r.value.game.slice(0, 40);
  // A game this app does not know is named by its id; one it cannot rebuild, by the rules' refusal, in the player's language.
  if (!game.ok || !webGameOf(r.value.game)) return { ok: false, error: t('online.unreadable', { reason: name }) };
  const readable = followGame(game.value, r.value, Date.now());
  if (!readable.ok) return { ok: false, error: t('online.unreadable', { reason: rulesRefusal(readable.error) }) };
  return { ok: true, initial: r.value, followed: readable.value };
}

/**
 * The page of an online game (/g/<id>): its public state from the server, then the live board. The
 * state read as the page loaded (app.tsx) is drawn at once; else the page asks for it.
 */
export function OnlinePage({ id }: { id: string }) {
  const [state, setState] = useState<Shown | null>(() => {
    const first = takeGameRead(id);
    return first ? shown(first) : null;
  });
  useEffect(() => {
    if (state) return;
    let current = true;
    void fetchGame(id).then((r) => {
      if (current) setState(shown(r));
    });
    return () => {
      current = false;
    };
  }, [id, state]);
  const error = state && !state.ok ? (state.said ?? t('online.cannotOpen', { id, problem: state.error })) : null;
  // A page around this one (TV) keeps its header while the game loads or cannot be shown.
  const around = useContext(UnderTopBar);
  if (error)
    return (
      <main>
        <h1>hexarena</h1>
        {around}
        <p class="error" role="alert">
          {error}
        </p>
        <a href="/">{t('app.home')}</a>
      </main>
    );
  if (!state?.ok)
    return (
      <main>
        {around}
        <p role="status" data-testid="status">
          {t('online.loading')}
        </p>
      </main>
    );
  const { OnlineView } = webGameOf(state.initial.game) as WebGame;
  return <OnlineView initial={state.initial} followed={state.followed} />;
}
