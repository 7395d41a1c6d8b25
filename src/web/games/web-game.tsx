import type { AnyGame, GameDefinition, Json } from '@hexarena/engines/engine/game.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import type { ComponentChildren, JSX } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import type { MovePoints } from '../analysis/info.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { Followed } from '../online/model.ts';
import type { PublicGame } from '../online/protocol.ts';
import type { Setup } from '../setup.ts';
import type { GameSession } from '../use-game.ts';

/** Options as a home card edits them, before the game's parseOptions checks them. */
export type Options = Record<string, Json>;

/** A home card's options form: the options shown, and how to change some of them. */
export type OptionsForm = (props: { options: Options; set: (change: Options) => void }) => ComponentChildren;

/**
 * What a game's folder gives the browser's shared pages (home, game page, online page): its board
 * and everything else about it that is the browser's, not the rules'. boardgame.io pairs a game
 * with its board the same way.
 */
export interface WebGameParts<S, M, O> {
  readonly game: GameDefinition<S, M, O>;
  /**
   * The board's module, loaded when a board is drawn: the home page, the profiles and the lists name
   * and picture a game without it (a phone's first screen carries no board it does not show).
   */
  readonly view: () => Promise<GameView<S, M, O>>;
  readonly howToPlay: ComponentChildren;
  /** The opponent the home page offers first, and what an address without seats gets. */
  readonly opponent: string;
  /** How a seat list names an agent whose name alone says little (Nonaga's "seed" is no seed). */
  readonly agentLabels?: Readonly<Record<string, MessageKey>>;
  /** The home card's first options, where the browser's differ from the rules' (a small map loads fast). */
  readonly cardOptions?: Options;
  readonly optionsForm?: OptionsForm;
  /** The options the game gets from what the card shows (drops choices that do not apply). */
  readonly used?: (options: Options) => Options;
  /** Options an address may leave out, as the browser fills them in; `seats`: how many it names (0: none). */
  readonly addressDefaults?: (seats: number) => Options;
  /** Reads text pasted into the analysis board (a Hive GameString) as options and moves; else moves one a line. */
  readonly readPasted?: (text: string) => Result<{ options: Options; moves: readonly string[] }>;
  /** What the paste box asks for ("a GameString"), as a message. */
  readonly pasteHint?: MessageKey;
  /** A board to set up a position on (`initial`: a position's text to start from); without it, the position is edited as text. */
  readonly Editor?: (props: { initial: string | null }) => JSX.Element;
  /** Loads the puzzle set shipped for the game (a file of `hexarena puzzles mine`), when it has one. */
  readonly puzzleSet?: () => Promise<unknown>;
  /** The home card's picture: a glimpse of the board (decoration). */
  readonly picture?: ComponentChildren;
  /**
   * A position drawn small and still (the games being played, a profile's games), loaded when the
   * first is drawn: the lists name games without it.
   */
  readonly miniature?: () => Promise<Miniature<S>>;
}

/** A position as a miniature board: a static drawing, no interaction. */
export type Miniature<S> = (props: { state: S }) => JSX.Element;

/** What a game's board module gives: the board in its shell, and where its moves are drawn. */
export interface GameView<S, M, O> {
  /** The board in its shell, for a game on this screen or online. */
  readonly Board: (props: { session: GameSession<S, M, O> }) => JSX.Element;
  /** Where a move starts and ends in the board's drawing, for the analysis board's arrow. */
  readonly movePoints?: (state: S, move: M) => MovePoints | null;
}

/** A game as the shared pages use it, whatever its types. */
export interface WebGame extends Omit<WebGameParts<unknown, unknown, unknown>, 'game' | 'view'> {
  readonly id: string;
  readonly game: AnyGame;
  /** The board's module, loaded once, on the first call. */
  readonly loadView: () => Promise<GameView<unknown, unknown, unknown>>;
  /** The board in its shell (drawn once its module is in). */
  readonly Board: GameView<unknown, unknown, unknown>['Board'];
  /** The game played on this screen, from its address. */
  readonly LocalView: (props: { setup: Setup }) => JSX.Element;
  /** The game played on the server, from what it sent. */
  readonly OnlineView: (props: { initial: PublicGame; followed: Followed<unknown> }) => JSX.Element;
}

/** What shows while a board's module loads: the page's place, busy. */
const loadingBoard = <main aria-busy="true" />;

/** A component loaded on first use, shown with the busy page until its module is in. */
function deferred<P extends object>(load: () => Promise<(props: P) => JSX.Element>): (props: P) => JSX.Element {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  return (props: P) => (
    <Suspense fallback={loadingBoard}>
      <Lazy {...props} />
    </Suspense>
  );
}

/** A game's browser folder, made usable by the shared pages. */
export function webGame<S, M, O>(parts: WebGameParts<S, M, O>): WebGame {
  const { game, view, ...rest } = parts;
  let loaded: Promise<GameView<S, M, O>> | null = null;
  const loadView = () => {
    loaded ??= view();
    return loaded;
  };
  // The sessions' hooks (a local game, an online one) come with the board, in their own module.
  const sessions = () => Promise.all([loadView(), import('./sessions.tsx')]);
  return {
    ...(rest as Omit<WebGameParts<unknown, unknown, unknown>, 'game' | 'view'>),
    id: game.id,
    game: game as unknown as AnyGame,
    loadView: loadView as unknown as WebGame['loadView'],
    // The analysis board and the puzzles give the board sessions of their own (their pages load apart).
    Board: deferred(() => loadView().then((v) => v.Board as unknown as WebGame['Board'])),
    LocalView: deferred(() => sessions().then(([v, s]) => s.localView(game, v.Board))),
    OnlineView: deferred(() => sessions().then(([v, s]) => s.onlineView(game, v.Board))),
  };
}
