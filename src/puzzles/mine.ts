import { createAgent } from '@hexarena/engines/ai/agents.ts';
import { aiOf } from '@hexarena/engines/ai/profiles.ts';
import type { Agent, GameDefinition } from '@hexarena/engines/engine/game.ts';
import { runMatch } from '@hexarena/engines/engine/match.ts';
import { type GameRecord, replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { judgePosition, type ProofLimits, type Puzzle, type PuzzleGame } from './puzzle.ts';
import { themesOf } from './themes.ts';

/** A finished game to mine, and where it came from (a file, a self-play game). */
export interface MineSource {
  readonly record: GameRecord;
  readonly source: string;
}

export interface MineSettings extends ProofLimits {
  /** How many positions before each game's end are tried: forced wins come at the end. */
  readonly lastPlies: number;
  /** After each game: games done, games in all, puzzles so far. */
  readonly onProgress?: (done: number, total: number, found: number) => void;
}

export interface MiningReport {
  /** In the order found (game by game, move by move): the same sources give the same set. */
  readonly puzzles: readonly Puzzle[];
  /** Positions tried, and how many of them ran past the proof budget. */
  readonly positions: number;
  readonly unknown: number;
  /** Positions with more than one winning move (not puzzles). */
  readonly several: number;
  /** Positions the proofs visited in all. */
  readonly nodes: number;
  /** Records that could not be replayed, each with why. */
  readonly refused: readonly string[];
}

/**
 * Mines puzzles from finished games: each of the last `lastPlies` positions of each game is judged
 * (judgePosition), and a position found twice is kept once. Nothing here depends on time or on
 * chance, so the same sources and settings give the same puzzles.
 */
export function minePuzzles<S, M, O>(
  game: GameDefinition<S, M, O> & PuzzleGame<S, M>,
  sources: readonly MineSource[],
  settings: MineSettings,
): MiningReport {
  const puzzles: Puzzle[] = [];
  const seen = new Set<string>();
  const refused: string[] = [];
  let positions = 0;
  let unknown = 0;
  let several = 0;
  let nodes = 0;
  sources.forEach(({ record, source }, done) => {
    const replayed = replay(game, record);
    if (!replayed.ok) refused.push(`${source}: ${replayed.error.message}`);
    else {
      const { states } = replayed.value;
      for (let ply = Math.max(0, states.length - 1 - settings.lastPlies); ply < states.length - 1; ply++) {
        const state = states[ply] as S;
        const id = puzzleId(game, state);
        if (seen.has(id)) continue;
        seen.add(id);
        positions++;
        const verdict = judgePosition(game, state, settings);
        nodes += verdict.nodes;
        if (verdict.kind === 'unknown') unknown++;
        if (verdict.kind === 'several') several++;
        if (verdict.kind !== 'puzzle') continue;
        const solver = game.toMove(state) as number;
        puzzles.push({
          id,
          game: game.id,
          options: record.options,
          seed: record.seed,
          moves: record.moves.slice(0, ply),
          solver,
          turns: verdict.turns,
          solution: verdict.solution,
          themes: themesOf(game.id, solver, verdict.turns, verdict.solution),
          source: `${source}, before move ${ply + 1}`,
        });
      }
    }
    settings.onProgress?.(done + 1, sources.length, puzzles.length);
  });
  return { puzzles, positions, unknown, several, nodes, refused };
}

/** The game and the position's 64-bit hash (side to move included), in hexadecimal. */
export function puzzleId<S, M>(game: PuzzleGame<S, M>, state: S): string {
  const pos = game.search.open(state, true);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${game.id}-${hex(pos.hashHi())}${hex(pos.hashLo())}`;
}

/**
 * The game with its in-place search, as the miner needs it; null for a game without one (its
 * positions cannot be proved fast enough: tic-tac-toe is solved whole instead, DiceWars has dice).
 */
export function puzzleGameOf<S, M, O>(game: GameDefinition<S, M, O>): (GameDefinition<S, M, O> & PuzzleGame<S, M>) | null {
  const search = aiOf(game).search;
  if (!search || game.stochastic) return null;
  return { ...game, search };
}

/** The self-play games' players: deterministic levels (node budgets), so a seed gives the same games. */
export const SELF_PLAY_LEVELS = ['medium', 'hard'] as const;

/**
 * Games to mine, played by the deterministic levels against each other (seats rotating, as matches
 * play them): the same seed gives the same games. `onGame` follows them as they end.
 */
export async function selfPlayGames<S, M, O>(
  game: GameDefinition<S, M, O>,
  games: number,
  seed: string,
  onGame?: (done: number, total: number) => void,
): Promise<GameRecord[]> {
  const agents = SELF_PLAY_LEVELS.map((name) => unwrap(createAgent(game, name)) as Agent<S, M>);
  const records: GameRecord[] = [];
  await runMatch<S, M, O>({
    game,
    options: game.headlessOptions?.(game.defaultOptions) ?? game.defaultOptions,
    agents,
    games,
    seed,
    onGame: (done, total, record) => {
      records.push(record);
      onGame?.(done, total);
    },
  });
  return records;
}
