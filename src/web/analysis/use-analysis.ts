import { canSearch } from '@hexarena/engines/ai/analysis.ts';
import type { GameDefinition, Player } from '@hexarena/engines/engine/game.ts';
import { type Replay, replayFrom } from '@hexarena/engines/engine/replay.ts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { roundNumbers } from '../history.ts';
import { t } from '../i18n/index.ts';
import type { GameSession } from '../use-game.ts';
import { analysisUrl, type OpenedAnalysis } from './address.ts';
import type { AnalysisInfo, MovePoints } from './info.ts';
import { addMove, annotate, deleteAt, endOfLine, movesTo, nodeAt, promote, type TreePath } from './tree.ts';
import { useEngine } from './use-engine.ts';

/**
 * A game page's session over an analysis: the board shows the tree's current node, a move played
 * on it goes into the tree (a side line where the tree already goes elsewhere), and the address
 * follows, so a reload or a shared link reopens the same analysis at the same move.
 */
export function useAnalysis<S, M, O>(
  opened: OpenedAnalysis,
  game: GameDefinition<S, M, O>,
  movePoints?: (state: S, move: M) => MovePoints | null,
): GameSession<S, M, O> {
  const { analysis } = opened;
  const options = analysis.options as O;
  const [tree, setTree] = useState(analysis.tree);
  const [path, setPath] = useState<TreePath>(analysis.path);
  const moves = useMemo(() => movesTo(tree, path), [tree, path]);
  const replayed = useRef<Replay<S, M> | undefined>(undefined);
  const history = useMemo(() => {
    replayed.current = replayFrom(game, analysis.start as S, moves, replayed.current);
    return { moves: replayed.current.texts, states: replayed.current.states };
  }, [game, analysis.start, moves]);
  const states = history.states;
  const state = states[states.length - 1] as S;
  const outcome = game.result(state);
  const toMove = outcome ? null : game.toMove(state);
  const seatNames = useMemo(() => game.seatNames(options), [game, options]);
  const link = analysisUrl({
    game: game.id,
    options: analysis.rawOptions,
    seed: analysis.seed,
    ...(analysis.position === undefined ? {} : { position: analysis.position }),
    tree,
    path,
    ...(analysis.review === undefined ? {} : { review: analysis.review }),
  });

  useEffect(() => window.history.replaceState(null, '', link), [link]);

  // How many lines the engine gives: the best and up to three more (lichess's "multiple lines").
  const [lines, setLines] = useState(3);
  const engineView = useEngine(
    outcome === null
      ? {
          game: game.id,
          options: analysis.rawOptions,
          seed: analysis.seed,
          ...(analysis.position === undefined ? {} : { position: analysis.position }),
          moves: history.moves,
          lines,
        }
      : null,
  );
  const engine = { ...engineView, lines, setLines };
  const bestText = engine.step?.lines[0]?.moves[0] ?? engine.best;
  const bestPoints = useMemo(() => {
    if (!bestText || !movePoints) return null;
    const best = game.parseMove(state, bestText);
    return best.ok ? movePoints(state, best.value) : null;
  }, [bestText, movePoints, game, state]);

  // The tree and path a key press or click works on, current even inside a listener made earlier.
  const now = useRef({ tree, path });
  now.current = { tree, path };
  const goToPath = (to: TreePath) => setPath(to);

  // ←/→ step back and along the line shown, Home/End go to the start and the end of the line. Set
  // up with the page itself (a layout effect), so a key pressed as soon as it shows is not lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      // A control that takes these keys itself (the review's chart) has used them already.
      if (e.defaultPrevented || (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))) return;
      const { tree, path } = now.current;
      const to = {
        ArrowLeft: () => path.slice(0, -1),
        ArrowRight: () => (nodeAt(tree, path)?.children.length ? [...path, 0] : path),
        Home: () => [],
        End: () => endOfLine(tree, path),
      }[e.key];
      if (!to) return;
      e.preventDefault();
      setPath(to());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const movers = useMemo(() => states.map((s) => game.toMove(s)), [game, states]);
  const info: AnalysisInfo = {
    tree,
    path,
    goToPath,
    promote: () => {
      const next = promote(now.current.tree, now.current.path);
      setTree(next.tree);
      setPath(next.path);
    },
    remove: () => {
      const next = deleteAt(now.current.tree, now.current.path);
      setTree(next.tree);
      setPath(next.path);
    },
    annotate: (note) => setTree(annotate(now.current.tree, now.current.path, note)),
    playLine: (line, count) => {
      let next = { tree: now.current.tree, path: [...now.current.path] };
      for (const move of line.slice(0, count)) next = addMove(next.tree, next.path, move);
      setTree(next.tree);
      setPath(next.path);
    },
    engine,
    link: new URL(link, window.location.href).href,
    refused: opened.refused,
    bestPoints,
    review: analysis.review ?? null,
    explorable: analysis.position === undefined && !game.stochastic && seatNames.length === 2 && canSearch(game),
  };

  return {
    game,
    options,
    setup: { game: game.id, options: analysis.rawOptions, seats: seatNames.map(() => 'human'), seed: analysis.seed, moves: history.moves },
    seatNames,
    players: seatNames.map(() => ''),
    localSeats: seatNames.map((_, i) => i as Player),
    firstPly: 0,
    online: null,
    analysis: info,
    moves: history.moves,
    rounds: roundNumbers(movers.slice(0, -1)),
    state,
    history: states,
    ply: history.moves.length,
    live: true,
    toMove,
    outcome,
    humanToMove: toMove !== null,
    interactive: toMove !== null,
    thinking: false,
    hasAi: false,
    paused: false,
    resigned: undefined,
    error: opened.refused && t('analysis.refused', { ...opened.refused }),
    replaying: false,
    play: (move) => {
      const { tree, path } = now.current;
      const next = addMove(tree, path, game.formatMove(state, move));
      setTree(next.tree);
      setPath(next.path);
    },
    goTo: (ply) => setPath(ply === null ? endOfLine(now.current.tree, now.current.path) : now.current.path.slice(0, Math.max(0, ply))),
    setPaused: () => {},
    replay: () => {},
    undo: null,
    resign: null,
  };
}
