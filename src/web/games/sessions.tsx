import type { GameDefinition } from '@hexarena/engines/engine/game.ts';
import type { JSX } from 'preact';
import { useMoveConfirmation } from '../confirm-move.ts';
import type { Followed } from '../online/model.ts';
import { usePremove } from '../online/premove.ts';
import type { PublicGame } from '../online/protocol.ts';
import { useOnlineGame } from '../online/use-online-game.ts';
import type { Setup } from '../setup.ts';
import { useGame } from '../use-game.ts';
import type { GameView } from './web-game.tsx';

/**
 * A game's sessions on its board: played on this screen, or on the server. They load with the board
 * (web-game.tsx), not with the pages that only name the game.
 */
export function localView<S, M, O>(game: GameDefinition<S, M, O>, Board: GameView<S, M, O>['Board']) {
  return ({ setup }: { setup: Setup }): JSX.Element => <Board session={useMoveConfirmation(useGame(setup, game))} />;
}

export function onlineView<S, M, O>(game: GameDefinition<S, M, O>, Board: GameView<S, M, O>['Board']) {
  // A premove is played as soon as the turn comes, never held for Confirm.
  return ({ initial, followed }: { initial: PublicGame; followed: Followed<unknown> }): JSX.Element => (
    <Board session={useMoveConfirmation(usePremove(useOnlineGame(game, initial, followed as Followed<S>)))} />
  );
}
