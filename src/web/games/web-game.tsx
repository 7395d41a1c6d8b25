import type { AnyGame, GameDefinition, Json } from '@hexarena/engines/engine/game.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import type { ComponentChildren, JSX } from 'preact';
import type { MovePoints } from '../analysis/info.ts';
import { useMoveConfirmation } from '../confirm-move.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { Followed } from '../online/model.ts';
import { usePremove } from '../online/premove.ts';
import type { PublicGame } from '../online/protocol.ts';
import { useOnlineGame } from '../online/use-online-game.ts';
import type { Setup } from '../setup.ts';
import { type GameSession, useGame } from '../use-game.ts';

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
  /** The board in its shell, for a game on this screen or online. */
  readonly Board: (props: { session: GameSession<S, M, O> }) => JSX.Element;
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
  /** Where a move starts and ends in the board's drawing, for the analysis board's arrow. */
  readonly movePoints?: (state: S, move: M) => MovePoints | null;
  /** The home card's picture: a glimpse of the board (decoration). */
  readonly picture?: ComponentChildren;
}

/** A game as the shared pages use it, whatever its types. */
export interface WebGame extends Omit<WebGameParts<unknown, unknown, unknown>, 'game'> {
  readonly id: string;
  readonly game: AnyGame;
  /** The game played on this screen, from its address. */
  readonly LocalView: (props: { setup: Setup }) => JSX.Element;
  /** The game played on the server, from what it sent. */
  readonly OnlineView: (props: { initial: PublicGame; followed: Followed<unknown> }) => JSX.Element;
}

/** A game's browser folder, made usable by the shared pages. */
export function webGame<S, M, O>(parts: WebGameParts<S, M, O>): WebGame {
  const { game, Board, ...rest } = parts;
  return {
    ...(rest as Omit<WebGameParts<unknown, unknown, unknown>, 'game' | 'Board'>),
    // The analysis board and the puzzles give the board sessions of their own (their pages load apart).
    Board: Board as unknown as WebGame['Board'],
    id: game.id,
    game: game as unknown as AnyGame,
    LocalView: ({ setup }) => <Board session={useMoveConfirmation(useGame(setup, game))} />,
    // A premove is played as soon as the turn comes, never held for Confirm.
    OnlineView: ({ initial, followed }) => (
      <Board session={useMoveConfirmation(usePremove(useOnlineGame(game, initial, followed as Followed<S>)))} />
    ),
  };
}
