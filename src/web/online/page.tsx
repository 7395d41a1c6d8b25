import { useEffect, useState } from 'preact/hooks';
import type { GameDefinition } from '../../engine/game.ts';
import { dicewars } from '../../games/dicewars/game.ts';
import { hive } from '../../games/hive/game.ts';
import { findGame } from '../../games/index.ts';
import { nonaga } from '../../games/nonaga/game.ts';
import { tictactoe } from '../../games/tictactoe/index.ts';
import type { GameSession } from '../use-game.ts';
import { DiceWarsBoard } from '../views/dicewars.tsx';
import { HiveBoard } from '../views/hive.tsx';
import { NonagaBoard } from '../views/nonaga.tsx';
import { TicTacToeBoard } from '../views/tictactoe.tsx';
import { fetchGame } from './api.ts';
import { type Followed, followGame } from './model.ts';
import type { PublicGame } from './protocol.ts';
import { useOnlineGame } from './use-online-game.ts';

/** The game as the server showed it, and the positions rebuilt from it (once, by the page). */
type OnlineView = (props: { initial: PublicGame; followed: Followed<unknown> }) => preact.JSX.Element;

/** A game's board fed by the server instead of this screen. */
function onlineView<S, M, O>(
  game: GameDefinition<S, M, O>,
  Board: (props: { session: GameSession<S, M, O> }) => preact.JSX.Element,
): OnlineView {
  return function OnlineBoard({ initial, followed }) {
    return <Board session={useOnlineGame(game, initial, followed as Followed<S>)} />;
  };
}

const VIEWS: Record<string, OnlineView> = {
  tictactoe: onlineView(tictactoe, TicTacToeBoard),
  hive: onlineView(hive, HiveBoard),
  dicewars: onlineView(dicewars, DiceWarsBoard),
  nonaga: onlineView(nonaga, NonagaBoard),
};

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
      if (!readable.ok || !VIEWS[r.value.game])
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
          The online game {id} cannot be opened: {error}.
        </p>
        <a href="/">Home</a>
      </main>
    );
  if (!shown)
    return (
      <main>
        <p role="status" data-testid="status">
          Loading the game…
        </p>
      </main>
    );
  const View = VIEWS[shown.initial.game] as OnlineView;
  return <View initial={shown.initial} followed={shown.followed} />;
}
