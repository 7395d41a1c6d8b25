import { useCallback, useEffect, useState } from 'preact/hooks';
import { readTypedMove, type TypedMove, writtenMoves } from '../board/typed-move.ts';
import { useEscape } from '../escape.ts';
import { t } from '../i18n/index.ts';
import type { GameSession } from '../use-game.ts';

/**
 * lichess's premove for an online game: on the opponent's turn the player queues one move (typed,
 * or clicked where the board allows it); when the turn comes it is read against the new position
 * and played at once if legal, else dropped with the rules' reason. Esc cancels it. The move is
 * kept as text, so the rules, not the board, judge it when it counts.
 */
export function usePremove<S, M, O>(session: GameSession<S, M, O>): GameSession<S, M, O> {
  const [queued, setQueued] = useState<string | null>(null);
  // Said until the next move is made, of whoever's it is.
  const [dropped, setDropped] = useState<{ readonly text: string; readonly at: number } | null>(null);
  const s = session;
  const live = s.history[s.history.length - 1] as S;
  const connected = s.online?.connection === 'live';
  // Someone here holds a seat still in play, and another seat is to move.
  const waiting = s.online !== null && s.outcome === null && s.toMove !== null && !s.humanToMove && s.localSeats.length > 0;
  const cancel = useCallback(() => setQueued(null), []);
  useEscape(cancel);

  useEffect(() => {
    if (queued === null) return;
    if (s.outcome !== null) return setQueued(null);
    if (!s.humanToMove || !connected) return;
    setQueued(null);
    const read = readTypedMove(s.game, live, writtenMoves(s.game, live), queued);
    if (read.kind === 'move') s.play(read.move);
    else
      setDropped({
        text: droppedText(queued, read),
        at: s.moves.length,
      });
    // The turn's arrival (a new live position) is what plays the move queued.
  }, [queued, live, s.humanToMove, connected, s.outcome]);

  const said = dropped !== null && dropped.at === s.moves.length && queued === null ? dropped.text : null;
  if (!waiting && queued === null) return said === null ? s : { ...s, premove: noPremove(said) };
  return {
    ...s,
    premove: {
      queued,
      dropped: said,
      queue: (text) => {
        setDropped(null);
        setQueued(text.trim().replace(/\s+/g, ' '));
      },
      cancel,
    },
  };
}

/** What the player is told of a premove dropped when its turn came: the rules' reason, or that it is no move. */
export function droppedText(queued: string, read: TypedMove<unknown>): string {
  return t('game.premoveDropped', { move: queued, reason: read.kind === 'refused' ? read.reason : t('game.premoveNotAMove') });
}

/** Nothing to queue now, only the word on the last premove dropped. */
const noPremove = (dropped: string) => ({ queued: null, dropped, queue: () => undefined, cancel: () => undefined });

/**
 * The seat a board queues a premove for by clicks: this screen's seat while another is to move in a
 * live online game shown at its last move; null when there is none (the board then plays, or waits).
 */
export function premoveSeat<S, M, O>(s: GameSession<S, M, O>): number | null {
  if (!s.premove || !s.online || !s.live || s.outcome !== null || s.toMove === null || s.humanToMove) return null;
  return s.localSeats.find((seat) => seat !== s.toMove) ?? null;
}
