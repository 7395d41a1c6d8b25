import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameDefinition, Outcome, Player } from '../engine/game.ts';
import { AiClient } from './ai.ts';
import { type Setup, setupUrl } from './app.tsx';

let sharedAi: AiClient | null = null;

export interface GameSession<S, M> {
  readonly state: S;
  readonly moves: readonly string[];
  readonly toMove: Player | null;
  readonly outcome: Outcome | null;
  /** A human seat is to move (the board takes clicks). */
  readonly humanToMove: boolean;
  /** An AI seat is thinking in the worker. */
  readonly thinking: boolean;
  play(move: M): void;
}

/**
 * A game page's state: the position replayed from the seed and the moves (both kept in the URL,
 * so a reload or a shared link resumes it), and the AI seats' moves fetched from the worker.
 */
export function useGame<S, M, O>(setup: Setup, game: GameDefinition<S, M, O>, options: O): GameSession<S, M> {
  const [moves, setMoves] = useState<readonly string[]>(setup.moves);
  const [thinking, setThinking] = useState(false);
  const latest = useRef(moves);
  latest.current = moves;
  const state = useMemo(() => {
    let s = game.newGame(options, setup.seed);
    for (const text of moves) {
      const move = game.parseMove(s, text);
      if (!move.ok) break;
      s = game.play(s, move.value);
    }
    return s;
  }, [game, options, moves, setup.seed]);
  const toMove = game.toMove(state);
  const humanToMove = toMove !== null && setup.seats[toMove] === 'human';

  useEffect(() => {
    window.history.replaceState(null, '', setupUrl({ ...setup, moves }));
    if (toMove === null || humanToMove) return;
    sharedAi ??= new AiClient();
    setThinking(true);
    let cancelled = false;
    sharedAi
      .move({ game: game.id, options, seed: setup.seed, moves, agent: setup.seats[toMove] as string })
      .then((move) => {
        if (!cancelled) setMoves([...moves, move]);
      })
      .finally(() => setThinking(false));
    return () => {
      cancelled = true;
    };
  }, [game, options, moves, toMove, humanToMove, setup]);

  return {
    state,
    moves,
    toMove,
    outcome: game.result(state),
    humanToMove,
    thinking,
    play: (move) => setMoves([...latest.current, game.formatMove(state, move)]),
  };
}
