import { accessSync, constants, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAgent } from '@hexarena/engines/ai/agents.ts';
import { describeOutcome, type GameDefinition, type Outcome, type Player } from '@hexarena/engines/engine/game.ts';
import { type GameRecord, makeRecord, parseRecord, replay, type Termination } from '@hexarena/engines/engine/record.ts';
import { resignationOutcome } from '@hexarena/engines/engine/resign.ts';
import { Rng, randomSeed } from '@hexarena/engines/engine/rng.ts';
import { undoLength } from '@hexarena/engines/engine/undo.ts';
import type { ConsoleSeat } from './console-seat.ts';
import { displayPath, fileProblem, fileStem, makeFolder, readSmallFile } from './files.ts';
import { type CliIo, UsageError } from './io.ts';

/** How one game looks in the terminal; the loop around it (turns, commands, undo, the record) is shared. */
export interface TerminalView<S> {
  /** The first words: the game and who plays. */
  title(state: S): string;
  /** How to write a move, for `help` (the shared commands are listed after it). */
  readonly help: string;
  /** The board as text. */
  board(state: S): string;
  /** Before a person types, such as "White[3]> ". */
  prompt(state: S): string;
  /** What a move did, printed after it: who played what (DiceWars: the battle, and the standings each round). */
  played(before: S, after: S, move: string, player: string): string;
  /** Commands of this game beyond the shared ones: the word and its answer. */
  readonly commands?: Readonly<Record<string, (state: S) => string>>;
  /** What the seats are called here, if not the game's own seat names (DiceWars: A, B, C…). */
  readonly seatNames?: readonly string[];
  /** The last words of a game that ended by its rules. */
  over(state: S, outcome: Outcome): string;
  /** The game so far in the game's own notation (Hive's GameString), said when play stops. */
  sofar?(state: S): string;
}

/** The flags of every terminal game about its record: `--record FILE`, `--no-record`, `--resume FILE`. */
export interface RecordFlags {
  readonly record?: string | boolean;
  readonly resume?: string;
}

/** A game resumed from a record file: its positions so far and the moves between them. */
export interface Resumed<S, O> {
  readonly file: string;
  readonly record: GameRecord;
  readonly options: O;
  readonly states: readonly S[];
  /** Who sat where, as the record says: agents by name, anyone else (a person's name) "human". */
  readonly players?: readonly string[];
  /** Fields of the record file this version does not know (another tool's, a later version's): kept on save. */
  readonly unknown: Readonly<Record<string, unknown>>;
}

/** The fields of a record this version writes; anything else in a resumed file is carried over untouched. */
const RECORD_FIELDS = new Set(['game', 'options', 'seed', 'moves', 'result', 'termination', 'players', 'rulesVersion']);

export interface TerminalGame<S, M, O> {
  readonly game: GameDefinition<S, M, O>;
  readonly view: TerminalView<S>;
  readonly options: O;
  readonly seed: string;
  readonly seats: readonly ConsoleSeat[];
  /** Where the game was resumed from, if it was. */
  readonly resumed: Resumed<S, O> | undefined;
  /** `--record FILE` or `--no-record` (false); by default see `recordFileFor`. */
  readonly record: string | boolean | undefined;
  /** Stop after this many moves, as a draw (for games that could go on for ever). */
  readonly maxMoves?: number;
}

/** What every terminal game understands, besides moves. */
/** The shared commands for `help`: no undo in a game of dice, where it is refused. */
const sharedCommands = (stochastic: boolean | undefined): string =>
  `moves (the legal moves), ${stochastic ? '' : 'undo (take back your last move), '}board, resign, help, quit (saved, to resume)`;

export const seatName = (seat: ConsoleSeat): string => (seat.kind === 'human' ? 'human' : seat.name);

/**
 * Reads a record file for `play --resume`: any problem (no file, not JSON, another game, a bad
 * move) is a usage error that names the file and what is wrong, and nothing is written over it.
 */
function resumeFrom<S, M, O>(io: CliIo, game: GameDefinition<S, M, O>, file: string): Resumed<S, O> {
  const where = path.resolve(io.cwd, file);
  const text = readSmallFile(io, where, '--resume');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--resume: ${file} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const record = parseRecord(json);
  if (!record.ok) throw new UsageError(`--resume: ${file}: ${record.error.message}`);
  const replayed = replay(game, record.value);
  if (!replayed.ok) throw new UsageError(`--resume: ${file}: ${replayed.error.message}`);
  const options = game.parseOptions(record.value.options);
  if (!options.ok) throw new UsageError(`--resume: ${file}: ${options.error.message}`);
  const seats = game.seatNames(options.value);
  const named = record.value.players;
  const players =
    named &&
    seats.map((_, i) => {
      const name = named[i] ?? 'human';
      return name === 'human' || createAgent(game, name).ok ? name : 'human';
    });
  const unknown = Object.fromEntries(Object.entries(json as object).filter(([k]) => !RECORD_FIELDS.has(k)));
  return {
    file: where,
    record: record.value,
    options: options.value,
    states: replayed.value.states,
    unknown,
    ...(players ? { players } : {}),
  };
}

/**
 * The game `--resume` names, if it does, and the seed to play. Flags that would change a resumed
 * game (`changes`, and `--seed`) are mistakes: the record fixes the options and the seed (the dice
 * of DiceWars come from it), so refusing says so rather than silently ignoring them.
 */
export function resumeOrStart<S, M, O>(
  io: CliIo,
  game: GameDefinition<S, M, O>,
  flags: RecordFlags & { readonly seed?: string | undefined },
  changes: Readonly<Record<string, unknown>> = {},
): { resumed: Resumed<S, O> | undefined; seed: string } {
  if (flags.resume === undefined) return { resumed: undefined, seed: flags.seed ?? randomSeed() };
  const given = Object.entries({ ...changes, seed: flags.seed }).find(([, v]) => v !== undefined);
  if (given) throw new UsageError(`--${given[0]} cannot be used with --resume: the record sets the game and its seed`);
  const resumed = resumeFrom(io, game, flags.resume);
  return { resumed, seed: resumed.record.seed };
}

/**
 * Where the record goes: `--record FILE`; else, with a person playing, the file the game was
 * resumed from or a new `<game>-<seed>.json` (never over another game's); all-AI games keep
 * none unless asked. `record: false` (--no-record) keeps none.
 */
function recordFileFor(
  io: CliIo,
  gameId: string,
  seed: string,
  seats: readonly ConsoleSeat[],
  record: string | boolean | undefined,
  resumed: string | undefined,
): string | null {
  if (record === false) return null;
  if (typeof record === 'string') return path.resolve(io.cwd, record);
  if (resumed !== undefined) return resumed;
  if (!seats.some((s) => s.kind === 'human')) return null;
  const base = `${gameId}-${fileStem(seed)}`;
  const folder = io.recordsFolder ?? io.cwd;
  makeFolder(io, folder);
  for (let n = 1; ; n++) {
    const file = path.resolve(folder, n === 1 ? `${base}.json` : `${base}-${n}.json`);
    if (!existsSync(file)) return file;
  }
}

/** Written to a neighbour and renamed over the file, so a crash mid-write leaves the last good record. */
function writeRecord(file: string, record: GameRecord, unknown: Readonly<Record<string, unknown>> = {}): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify({ ...record, ...unknown }, null, 2)}\n`);
    renameSync(temporary, file);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/**
 * A game in the terminal: AIs move by themselves; a person types a move in the game's notation or
 * a command. The board is drawn when a person is to move after somebody else has moved. The record
 * (options, seed, moves, result, players) is saved after every move, so closing the terminal loses
 * nothing; `--resume` continues it, and the browser app opens it.
 */
export async function playInTerminal<S, M, O>(io: CliIo, t: TerminalGame<S, M, O>, input: AsyncIterable<string>): Promise<void> {
  const { game, view, seats } = t;
  const recordFile = recordFileFor(io, game.id, t.seed, seats, t.record, t.resumed?.file);
  const states: S[] = t.resumed ? [...t.resumed.states] : [game.newGame(t.options, t.seed)];
  const moves: string[] = t.resumed ? [...t.resumed.record.moves] : [];
  const players = seats.map(seatName);
  // A person's name in a resumed record (from the browser or the server) stays in it.
  const named = t.resumed?.record.players;
  const recordPlayers = players.map((p, i) => (p === 'human' && t.resumed?.players?.[i] === 'human' ? (named?.[i] ?? p) : p));
  const seatNames = view.seatNames ?? game.seatNames(t.options);
  const lines = input[Symbol.asyncIterator]();
  const now = (): S => states[states.length - 1] as S;
  /** How many moves had been played when the board was last drawn. */
  let drawnAt = moves.length;
  const where = recordFile === null ? null : displayPath(io, recordFile);
  const write = (result: Outcome | null, termination?: Termination) => {
    if (recordFile)
      writeRecord(
        recordFile,
        makeRecord(game, t.options, t.seed, moves, result, { players: recordPlayers, ...(termination ? { termination } : {}) }),
        t.resumed?.unknown,
      );
  };
  /** Why the last save failed, while it keeps failing: play goes on, and says so once. */
  let unsaved: string | null = null;
  const save = (result: Outcome | null, termination?: Termination) => {
    try {
      write(result, termination);
      if (unsaved !== null) io.stdout(`Saved in ${where} again.\n`);
      unsaved = null;
    } catch (e) {
      if (unsaved === null)
        io.stdout(`Could not save the game in ${where} (${fileProblem(e)}); playing on, and trying again after every move.\n`);
      unsaved = fileProblem(e);
    }
  };
  const resumeHint = () =>
    where === null ? '' : `Saved in ${where}: continue with "hexarena play ${game.id} --resume ${where}", or open it in the browser app.\n`;
  /** Play stops before the end: say where the game is kept. */
  const stop = (why: string) => {
    // Every move and undo saves at once: only a save that failed leaves the file behind the game.
    if (unsaved !== null) save(null);
    // Unsaved, the game is only on the screen: print all of it, enough to type back in.
    const sofar = view.sofar ? `The game so far: ${view.sofar(now())}` : unsaved !== null ? `The moves so far: ${moves.join(', ')}` : '';
    io.stdout(`${[why, sofar].filter((s) => s !== '').join(' ')}\n${unsaved === null ? resumeHint() : `Not saved (${unsaved}).\n`}`);
  };
  const play = (move: M, by: Player) => {
    const before = now();
    const text = game.formatMove(before, move);
    const after = game.play(before, move);
    states.push(after);
    moves.push(text);
    save(game.result(after));
    io.stdout(view.played(before, after, text, players[by] as string));
  };
  /** Back to the last position before now where a person was to move (against an AI, its reply goes too). */
  const undo = () => {
    if (game.stochastic) return io.stdout('No undo in a game of dice: taking back a battle would be a free re-roll.\n');
    const keep = undoLength(
      states.map((s) => game.toMove(s)),
      players,
    );
    if (keep === null) return io.stdout('Nothing to undo.\n');
    states.length = keep + 1;
    moves.length = keep;
    save(null);
    io.stdout(view.board(now()));
    drawnAt = moves.length;
  };

  // Written once before play starts: a place that cannot take the record is found before any move is lost.
  // A resumed file is only checked: it is rewritten when a move is made, not merely for being opened.
  try {
    if (t.resumed) {
      if (recordFile) accessSync(recordFile === t.resumed.file ? recordFile : path.dirname(recordFile), constants.W_OK);
    } else write(game.result(now()));
  } catch (e) {
    throw new UsageError(
      `cannot save the game in ${where} (${fileProblem(e)}): name another file with --record FILE, or play with --no-record`,
    );
  }
  io.stdout(view.title(now()));
  if (t.resumed) io.stdout(`Resumed from ${displayPath(io, t.resumed.file)} after ${moves.length} moves.\n`);
  else if (where !== null) io.stdout(`Saving the game in ${where} as it goes.\n`);
  if (t.resumed?.record.termination) {
    io.stdout(
      `${view.board(now())}This game ended by ${t.resumed.record.termination}: ${describeOutcome(t.resumed.record.result, seatNames, t.resumed.record.termination)}.\n`,
    );
    return;
  }
  io.stdout(view.board(now()));
  for (;;) {
    const state = now();
    const outcome = game.result(state);
    if (outcome) {
      if (drawnAt !== moves.length) io.stdout(view.board(state));
      io.stdout(view.over(state, outcome));
      return;
    }
    if (t.maxMoves !== undefined && moves.length >= t.maxMoves) {
      save({ kind: 'draw', reason: `stopped after ${t.maxMoves} moves` }, 'move-cap');
      io.stdout(`\nStopped after ${t.maxMoves} moves: a draw.\n`);
      return;
    }
    const seat = game.toMove(state) as Player;
    const who = seats[seat] as ConsoleSeat;
    if (who.kind === 'ai') {
      // The AI's chances hang on the seed and the move number only: a resumed game plays on as it would have.
      const rng = Rng.fromSeed(`${t.seed}/ai/${moves.length}`);
      play((await who.agent.choose(game, state, { rng })) as M, seat);
      continue;
    }
    // Draw the board when somebody else changed it; after your own move (a DiceWars attack) the line about it says enough.
    const previous = states[states.length - 2];
    if (drawnAt !== moves.length && (previous === undefined || game.toMove(previous) !== seat)) {
      io.stdout(view.board(state));
      drawnAt = moves.length;
    }
    io.stdout(view.prompt(state));
    const next = await lines.next();
    if (next.done) {
      stop('\nInput ended.');
      return;
    }
    const text = next.value.trim();
    const word = text.toLowerCase();
    const own = view.commands && Object.hasOwn(view.commands, word) ? view.commands[word] : undefined;
    if (word === '') continue;
    if (own) io.stdout(`${own(state)}\n`);
    else if (word === 'help')
      io.stdout(`${view.help}\nCommands: ${[...Object.keys(view.commands ?? {}), sharedCommands(game.stochastic)].join(', ')}.\n`);
    else if (word === 'board') {
      io.stdout(view.board(state));
      drawnAt = moves.length;
    } else if (word === 'moves') {
      const legal = game.legalMoves(state).map((m) => game.formatMove(state, m));
      io.stdout(`${legal.length} legal moves: ${legal.slice(0, 60).join('  ')}${legal.length > 60 ? '  …' : ''}\n`);
    } else if (word === 'quit' || word === 'exit') {
      stop('');
      return;
    } else if (word === 'resign') {
      // As in the browser: the other player wins a duel; in a crowd the leader does and the resigner is last.
      const outcome = resignationOutcome(game, state, seat, seatNames);
      save(outcome, 'resignation');
      io.stdout(`${describeOutcome(outcome, seatNames)}.\n${where === null ? '' : `The record is in ${where}.\n`}`);
      return;
    } else if (word === 'undo') undo();
    else {
      const move = game.parseMove(state, text);
      if (move.ok) play(move.value, seat);
      else io.stdout(`${move.error.message}\n`);
    }
  }
}
