import type { GameDefinition, Json, Player } from '@hexarena/engines/engine/game.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import type { RoundAnswer } from '@hexarena/engines/protocol/index.ts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Puzzle } from '../../puzzles/puzzle.ts';
import type { PuzzleLine } from '../../puzzles/puzzle-set.ts';
import { gameAnalysisUrl } from '../analysis/address.ts';
import { roundNumbers } from '../history.ts';
import { t } from '../i18n/index.ts';
import type { GameSession } from '../use-game.ts';
import { puzzleUrl } from './address.ts';
import { nextPuzzle, sendRound } from './api.ts';
import type { PuzzleProgress } from './info.ts';

/** A puzzle set up, with its place in the set. */
export interface OpenedPuzzle<S, O> {
  readonly puzzle: Puzzle;
  readonly line: PuzzleLine<S, O>;
  readonly number: number;
  readonly count: number;
  readonly ofTheDay: boolean;
  readonly nextId: string;
}

/** How long the defence's reply waits after the right move, so that a person sees both. */
const REPLY_MS = 600;

/**
 * A game page's session over a puzzle: the board takes the solver's moves; the right one brings the
 * defence's reply from the main line, another that wins at once solves it too, and any other is
 * judged by a proof of its own (why it fails, which defence holds) and can be tried again.
 */
export function usePuzzle<S, M, O>(opened: OpenedPuzzle<S, O>, game: GameDefinition<S, M, O>): GameSession<S, M, O> {
  const { puzzle, line } = opened;
  // The proofs load beside the puzzle, not with the site.
  const judge = useMemo(() => import('./judge.ts'), []);
  const [judging, setJudging] = useState(false);
  const [played, setPlayed] = useState<readonly string[]>([]);
  const [progress, setProgress] = useState<PuzzleProgress>({ kind: 'solving', step: 0 });
  const missed = useRef(false);
  // The try's moves go to the server once, at its first outcome (the win, the first wrong move, or the
  // look at the solution); the server judges them, and its answer brings the rating and the next puzzle.
  const reported = useRef(false);
  const [rating, setRating] = useState<RoundAnswer | null>(null);
  const [serverNext, setServerNext] = useState<string | null>(null);
  const report = (moves: readonly string[]) => {
    if (reported.current) return;
    reported.current = true;
    void sendRound(game.id, puzzle.id, moves).then(async (answer) => {
      if (!answer.ok) return;
      setRating(answer.value);
      // A guest's tries are not kept, so the server cannot pick past them: the set's order serves.
      if (answer.value.rating === null) return;
      const next = await nextPuzzle(game.id);
      if (next.ok && next.value.id !== puzzle.id) setServerNext(next.value.id);
    });
  };
  const states = useMemo(() => {
    const list = [line.position];
    for (const text of played) {
      const at = list[list.length - 1] as S;
      list.push(game.play(at, unwrap(game.parseMove(at, text))));
    }
    return list;
  }, [game, line.position, played]);
  const state = states[states.length - 1] as S;
  const seatNames = useMemo(() => game.seatNames(line.options), [game, line.options]);
  const outcome = game.result(state);
  const toMove = outcome ? null : game.toMove(state);
  const solving = progress.kind === 'solving' && toMove === puzzle.solver && !judging;

  // The defence answers the right move as the main line does.
  useEffect(() => {
    if (progress.kind !== 'replying') return;
    const timer = setTimeout(() => {
      setPlayed((p) => [...p, line.solution[2 * progress.step + 1] as string]);
      setProgress({ kind: 'solving', step: progress.step + 1 });
    }, REPLY_MS);
    return () => clearTimeout(timer);
  }, [progress, line.solution]);

  const play = (move: M) => {
    if (progress.kind !== 'solving' || judging) return;
    const { step } = progress;
    const text = game.formatMove(state, move);
    const tried = [...played, text];
    setPlayed(tried);
    setJudging(true);
    void judge.then(({ judgeTry }) => {
      setJudging(false);
      const answer = judgeTry(game, state, puzzle.turns - step, line.solution[2 * step] as string, text);
      const kind = answer?.answer.kind;
      if (kind === 'right' || kind === 'wins-now' || kind === 'also-wins') {
        const last = 2 * step + 1 >= line.solution.length || kind !== 'right';
        if (last) report(tried);
        setProgress(last ? { kind: 'solved', firstTry: !missed.current } : { kind: 'replying', step });
      } else if (answer) {
        missed.current = true;
        report(tried);
        setProgress({ kind: 'wrong', step, tried: answer });
      }
    });
  };

  const movers = useMemo(() => states.map((s) => game.toMove(s)), [game, states]);
  // The record keeps the English words (a file read anywhere); the strips say them in the player's language.
  const seats = seatNames.map((_, i) => (i === puzzle.solver ? 'you' : 'the puzzle'));
  const players = seatNames.map((_, i) => (i === puzzle.solver ? t('puzzle.you') : t('puzzle.thePuzzle')));
  const allMoves = [...puzzle.moves, ...played];
  return {
    game,
    options: line.options,
    setup: { game: game.id, options: puzzle.options, seats, seed: puzzle.seed, moves: allMoves },
    seatNames,
    players,
    localSeats: [puzzle.solver as Player],
    firstPly: 0,
    online: null,
    puzzle: {
      puzzle,
      number: opened.number,
      count: opened.count,
      ofTheDay: opened.ofTheDay,
      progress,
      solution: line.solution,
      retry: () => {
        if (progress.kind !== 'wrong') return;
        setPlayed(played.slice(0, 2 * progress.step));
        setProgress({ kind: 'solving', step: progress.step });
      },
      showSolution: () => {
        missed.current = true;
        // The moves so far, which do not reach the win: the server scores a look at the solution as a miss.
        report(played);
        setPlayed(line.solution);
        setProgress({ kind: 'shown' });
      },
      nextUrl: puzzleUrl(game.id, serverNext ?? opened.nextId),
      rating,
      analyseUrl: gameAnalysisUrl({ game: game.id, options: puzzle.options as Json, seed: puzzle.seed, moves: allMoves }),
    },
    moves: played,
    rounds: roundNumbers(movers.slice(0, -1)),
    state,
    history: states,
    ply: played.length,
    live: true,
    toMove,
    outcome,
    humanToMove: solving,
    interactive: solving,
    thinking: progress.kind === 'replying' || judging,
    hasAi: false,
    paused: false,
    resigned: undefined,
    error: null,
    replaying: false,
    play,
    goTo: () => {},
    setPaused: () => {},
    replay: () => {},
    undo: null,
    resign: null,
  };
}
