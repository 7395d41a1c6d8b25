import type { Outcome } from '@hexarena/engines/engine/game.ts';
import { type GameRecord, makeRecord, replay, type Termination } from '@hexarena/engines/engine/record.ts';
import { RulesRefusal } from '@hexarena/engines/engine/refusal.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type GameType, type HiveOptions, type HiveState, hive } from '@hexarena/engines/games/hive/index.ts';

/**
 * What the importers of other programs' Hive records give back: hexarena's record, replayed move by
 * move by hexarena's engine, the file's own tags, and what the import had to infer, in words.
 */
export interface ImportedHiveGame {
  readonly record: GameRecord;
  /** The file's metadata as PGN tag pairs (White, Black, Date, Event, Site, Round, GameType, Result, …). */
  readonly tags: Readonly<Record<string, string>>;
  /** What was inferred rather than read: implicit passes, the tournament rule, a result the moves do not show. */
  readonly notes: readonly string[];
}

/** A move as the file wrote it, already turned into a UHP MoveString. */
export interface SourceMove {
  readonly uhp: string;
  /** How the file wrote it, for errors ("P1 move w wB1 M 14 ."); the UHP string when the same. */
  readonly source: string;
}

/** How the file says the game ended, beside the moves. */
export interface StatedEnd {
  readonly result: Outcome | null;
  readonly termination?: Termination;
}

/**
 * The options of an imported game: the tournament rule (no queen on a player's first turn) holds unless
 * one of the first two moves (`first`, their pieces or MoveStrings) places a queen.
 */
export function importOptions(type: GameType, first: readonly string[], notes: string[]): HiveOptions {
  const tournament = !first.slice(0, 2).some((m) => /^[wb]Q\b/i.test(m.trim()));
  if (!tournament) notes.push('a queen was placed on a first turn, so the tournament rule is off');
  return { type, tournament, repetitionDraw: false };
}

/**
 * The engine's error for a refused move, naming the ply (1-based, passes counted) with the move as the
 * file wrote it and as UHP, and the engine's reason.
 */
export const refusal = (ply: number, move: SourceMove, reason: string): string => `ply ${ply} (${written(move)}): ${reason}`;

const written = (move: SourceMove): string => (move.source === move.uhp ? move.uhp : `${move.source} = ${move.uhp}`);

/**
 * The same as a refusal by code (`import.ply`, with the ply and the move as written), its cause the
 * move's own refusal: what an app says in its player's language.
 */
export function plyRefusal(ply: number, move: SourceMove, why: Error): RulesRefusal {
  const message = refusal(ply, move, why.message);
  return new RulesRefusal(message, { code: 'import.ply', values: { ply, move: written(move).slice(0, 60) } }, why);
}

/** A game already over when the file plays on. */
export const gameOverRefusal = (): RulesRefusal => new RulesRefusal('the game was already over', { code: 'rules.gameOver' });

/** Plays UHP moves from the start with hexarena's engine; the first bad one is refused, named. */
export function playImported(options: HiveOptions, moves: readonly SourceMove[]): Result<HiveState[]> {
  const states: HiveState[] = [hive.newGame(options, '')];
  for (const [i, move] of moves.entries()) {
    const state = states[i] as HiveState;
    if (hive.result(state) !== null) return err(plyRefusal(i + 1, move, gameOverRefusal()));
    const parsed = hive.parseMove(state, move.uhp);
    if (!parsed.ok) return err(plyRefusal(i + 1, move, parsed.error));
    states.push(hive.play(state, parsed.value));
  }
  return ok(states);
}

/**
 * hexarena's record of an imported game. A game over by the rules ends so whatever the file says;
 * otherwise the file's stated end (a resignation, a draw agreed) stands, and a winner the moves cannot
 * show is noted, not recorded.
 */
export function recordOf(
  options: HiveOptions,
  states: readonly HiveState[],
  stated: StatedEnd,
  players: readonly string[] | undefined,
  notes: string[],
): Result<GameRecord> {
  const final = states.at(-1) as HiveState;
  const moves = final.pos.history().map((move, i) => hive.formatMove(states[i] as HiveState, move));
  const byRules = hive.result(final);
  let result: Outcome | null = byRules;
  let termination: Termination | undefined;
  if (byRules === null && stated.result !== null) {
    if (stated.termination !== undefined && stated.termination !== 'rules') {
      result = stated.result;
      termination = stated.termination;
    } else notes.push('the file names a result that the moves do not reach (on time, or a game cut short): kept as unfinished');
  }
  const record = makeRecord(hive, options, 'imported', moves, result, {
    ...(termination ? { termination } : {}),
    ...(players ? { players } : {}),
  });
  const checked = replay(hive, record);
  return checked.ok ? ok(record) : checked;
}
