import { useState } from 'preact/hooks';
import { useSettings } from './settings.ts';
import type { GameSession } from './use-game.ts';

/**
 * With "Confirm moves" on, a move chosen on the board is held until the player confirms it (a slip
 * of the finger on a touch screen costs nothing); off, the session is unchanged. A held move belongs
 * to the position it was chosen in: once the game moves on (an AI, the opponent online), it is gone.
 */
export function useMoveConfirmation<S, M, O>(session: GameSession<S, M, O>): GameSession<S, M, O> {
  const { confirmMoves } = useSettings();
  const [held, setHeld] = useState<{ readonly move: M; readonly at: number } | null>(null);
  if (!confirmMoves) return session;
  const at = session.moves.length;
  const still = held && held.at === at && session.interactive ? held : null;
  return {
    ...session,
    play: (move) => setHeld({ move, at }),
    pending: still && {
      text: session.game.formatMove(session.state, still.move),
      confirm: () => {
        setHeld(null);
        session.play(still.move);
      },
      cancel: () => setHeld(null),
    },
  };
}
