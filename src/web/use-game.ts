import type { GameDefinition, Json, Outcome, Player } from '@hexarena/engines/engine/game.ts';
import { resignationOutcome } from '@hexarena/engines/engine/resign.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { undoLength } from '@hexarena/engines/engine/undo.ts';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { AiClient } from './ai.ts';
import type { AnalysisInfo } from './analysis/info.ts';
import { type Replayed, replayMoves, resigningSeat, roundNumbers } from './history.ts';
import { useHistoryCursor } from './history-cursor.ts';
import { agentWord, stripWord } from './i18n/agents.ts';
import { t } from './i18n/index.ts';
import { seatWord } from './i18n/outcome.ts';
import { rulesRefusal } from './i18n/why.ts';
import { rememberSetup } from './last-setup.ts';
import type { OnlineInfo } from './online/info.ts';
import type { PuzzleInfo } from './puzzles/info.ts';
import { moveSound, useSettings } from './settings.ts';
import { type Setup, setupUrl, startOf } from './setup.ts';
import { failureWords } from './worker-failure-words.ts';

let sharedAi: AiClient | null = null;

/** A move chosen on the board that waits for the player's Confirm (confirm-move.ts). */
export interface PendingMove {
  /** The move in the game's notation. */
  readonly text: string;
  confirm(): void;
  cancel(): void;
}

/**
 * Online, on the opponent's turn: one move queued in the game's notation, played the moment the turn
 * comes if the rules still allow it (lichess's premove); cancelled by Esc, a click or a right-click.
 */
export interface Premove {
  /** The move queued, as typed or clicked; null while none is. */
  readonly queued: string | null;
  /** Queues `text` (replacing any move queued). */
  queue(text: string): void;
  cancel(): void;
  /** Why the last move queued was not played (no longer legal), until the next is queued. */
  readonly dropped: string | null;
}

export interface GameSession<S, M, O> {
  readonly game: GameDefinition<S, M, O>;
  readonly options: O;
  readonly setup: Setup;
  readonly seatNames: readonly string[];
  /** Who plays each seat, as people read it: "human" or an AI here; online "you", a name, "open" or an AI. */
  readonly players: readonly string[];
  /** The seats played from this screen: every human seat here; online, the seats this browser holds. */
  readonly localSeats: readonly Player[];
  /** The first position that can be shown: 0, but for an online game of chance the page joined late. */
  readonly firstPly: number;
  /** Online play: the connection, the seats, the invite, the clocks; null for a game on this screen. */
  readonly online: OnlineInfo | null;
  /** An analysis board: the move tree, the engine, the tools; absent for a game being played. */
  readonly analysis?: AnalysisInfo;
  /** A puzzle: where the person is in it and what they can do next; absent for a game being played. */
  readonly puzzle?: PuzzleInfo;
  readonly moves: readonly string[];
  /** The round number to show before each move (where the first player moves again), else null. */
  readonly rounds: readonly (number | null)[];
  /** The position on the board: the live one, or one from history while stepping back. */
  readonly state: S;
  /** Every position of the live game: history[i] follows i moves. */
  readonly history: readonly S[];
  /** The number of moves behind the shown position. */
  readonly ply: number;
  /** The live position is shown (not one from history). */
  readonly live: boolean;
  /** Whose turn it is in the live game (null when it is over). */
  readonly toMove: Player | null;
  /** The live game's result, resignations included. */
  readonly outcome: Outcome | null;
  /** A human seat is to move in the live game. */
  readonly humanToMove: boolean;
  /** The board takes moves now: live, a human to move, no AI thinking. */
  readonly interactive: boolean;
  /** An AI seat is thinking in the worker. */
  readonly thinking: boolean;
  readonly hasAi: boolean;
  readonly paused: boolean;
  /** The seat whose resignation ended the game, if that is how it ended. */
  readonly resigned: Player | undefined;
  /** A bad move in the address, or an AI that failed. */
  readonly error: string | null;
  /** Replaying a game move by move (history moves on by itself). */
  readonly replaying: boolean;
  play(move: M): void;
  /** Shows the position after `ply` moves; null returns to the live game. */
  goTo(ply: number | null): void;
  setPaused(paused: boolean): void;
  replay(): void;
  /** Null when undo is not offered (dice, nobody human, nothing to take back). */
  readonly undo: (() => void) | null;
  /** The seat a resignation is for, and the act; null when nobody can resign. */
  readonly resign: { readonly seat: Player; readonly act: () => void } | null;
  /** A move chosen and held for the player's Confirm (the "Confirm moves" setting), if any. */
  readonly pending?: PendingMove | null;
  /** An online game's premove: present while one may be queued or is. */
  readonly premove?: Premove | null;
}

/** The session type of a game definition (`SessionOf<typeof hive>`). */
export type SessionOf<G> = G extends GameDefinition<infer S, infer M, infer O> ? GameSession<S, M, O> : never;

/**
 * A game page's state: the position replayed from the seed and the moves (both kept in the URL, so
 * a reload or a shared link resumes it), history to step through, undo and resignation, and the AI
 * seats' moves fetched from the worker at the chosen pace.
 */
/** An AI seat that could not move, in the player's language: the seat, its level, and why (worker-failure-words.ts). */
export const aiFailure = (seat: string, agent: string, error: unknown): string =>
  t('game.aiFailed', { seat: seatWord(seat), level: agentWord(agent), reason: failureWords(error) });

export function useGame<S, M, O>(setup: Setup, game: GameDefinition<S, M, O>): GameSession<S, M, O> {
  const options = useMemo(() => unwrap(game.parseOptions(setup.options)), [game, setup.options]);
  const seatNames = useMemo(() => game.seatNames(options), [game, options]);
  // A game from a position set up starts there (checkSetup has read it); else from the game's start.
  const start = useMemo(() => unwrap(startOf(game, options, setup)), [game, options, setup.seed, setup.position]);
  const [history, setHistory] = useState<Replayed<S>>(() => replayMoves(game, options, setup.seed, setup.moves, undefined, start));
  const [error, setError] = useState<string | null>(history.refusal && t('game.addressIllegal', { move: rulesRefusal(history.refusal) }));
  const [resigned, setResigned] = useState(setup.resigned);
  const [thinking, setThinking] = useState(false);
  const [paused, setPaused] = useState(false);
  const { aiDelayMs } = useSettings();
  // Read when a move arrives, so that changing the pace does not restart a search.
  const delay = useRef(aiDelayMs);
  delay.current = aiDelayMs;
  const latest = useRef(history);
  latest.current = history;

  const { moves, states } = history;
  const live = states[states.length - 1] as S;
  const cursor = useHistoryCursor(moves.length, 0, aiDelayMs);
  const { ply } = cursor;
  const byRules = game.result(live);
  const outcome = byRules ?? (resigned === undefined ? null : resignationOutcome(game, live, resigned, seatNames));
  const toMove = outcome ? null : game.toMove(live);
  const humanToMove = toMove !== null && setup.seats[toMove] === 'human';
  const hasAi = setup.seats.some((s) => s !== 'human');
  const localSeats = useMemo(() => setup.seats.flatMap((s, i) => (s === 'human' ? [i] : [])), [setup.seats]);
  const setMoves = (next: readonly string[]) => setHistory(replayMoves(game, options, setup.seed, next, latest.current, start));

  // What was played last is what the home page offers next ("New game").
  useEffect(
    () => rememberSetup(game.id, { options: options as Record<string, Json>, seats: setup.seats }),
    [game.id, options, setup.seats],
  );

  // The URL follows the game, so a reload or a shared link resumes it.
  useEffect(() => {
    window.history.replaceState(null, '', setupUrl({ ...setup, moves, ...(resigned === undefined ? {} : { resigned }) }));
  }, [setup, moves, resigned]);

  const moveCount = useRef(moves.length);
  useEffect(() => {
    if (moves.length > moveCount.current) moveSound();
    moveCount.current = moves.length;
  }, [moves.length]);

  // The AI seat to move asks the worker, then waits out the rest of the chosen pause between moves.
  useEffect(() => {
    if (toMove === null || humanToMove || paused) return;
    const agent = setup.seats[toMove] as string;
    sharedAi ??= new AiClient();
    const ai = sharedAi;
    setThinking(true);
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = performance.now();
    const request = ai.move({
      game: game.id,
      options,
      seed: setup.seed,
      moves,
      agent,
      ...(setup.position === undefined ? {} : { position: setup.position }),
    });
    request.then(
      (move) => {
        timer = setTimeout(
          () => {
            if (cancelled) return;
            setThinking(false);
            setMoves([...moves, move]);
          },
          Math.max(0, delay.current - (performance.now() - started)),
        );
      },
      (e: unknown) => {
        if (cancelled) return;
        setThinking(false);
        setError(aiFailure(seatNames[toMove] ?? '', agent, e));
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      setThinking(false);
      // A search still running for a position nobody wants any more would hold up the next one.
      ai.cancel(request);
    };
  }, [game, options, moves, toMove, humanToMove, paused, setup.seats, setup.seed, seatNames]);

  // Whose turn it was after each move: worked out once per change of the game, not per render.
  // Who is to move in each position: for undo, and for the move list's round numbers.
  const movers = useMemo(() => states.map((s) => game.toMove(s)), [game, states]);
  const rounds = useMemo(() => roundNumbers(movers.slice(0, -1)), [movers]);
  const keep = game.stochastic || resigned !== undefined ? null : undoLength(movers, setup.seats);
  const resigner = outcome === null ? resigningSeat(game, live, toMove, setup.seats) : null;

  return {
    game,
    options,
    setup,
    seatNames,
    // Who plays each seat as people read it, in their language (an agent's id is not a word).
    players: setup.seats.map((agent) => stripWord(agent)),
    localSeats,
    firstPly: 0,
    online: null,
    moves,
    rounds,
    state: states[ply] as S,
    history: states,
    ply,
    live: cursor.live,
    toMove,
    outcome,
    humanToMove,
    interactive: ply === moves.length && humanToMove && !thinking,
    thinking,
    hasAi,
    paused,
    resigned: byRules === null ? resigned : undefined,
    error,
    replaying: cursor.replaying,
    play: (move) => {
      const current = latest.current;
      const last = current.states[current.states.length - 1] as S;
      cursor.goTo(null);
      setMoves([...current.moves, game.formatMove(last, move)]);
    },
    goTo: cursor.goTo,
    setPaused,
    replay: cursor.replay,
    undo:
      keep === null
        ? null
        : () => {
            cursor.goTo(null);
            setError(null);
            setMoves(moves.slice(0, keep));
          },
    resign: resigner === null ? null : { seat: resigner, act: () => setResigned(resigner) },
  };
}
