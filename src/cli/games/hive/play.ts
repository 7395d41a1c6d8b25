import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import { COLOR_NAMES, formatGameString, formatTurn, type HiveState, hive, parseGameType } from '@hexarena/engines/games/hive/index.ts';
import { duelSeats } from '../../console-seat.ts';
import { type CliIo, UsageError } from '../../io.ts';
import { type RecordFlags, resumeOrStart, seatName, type TerminalGame, type TerminalView } from '../../terminal-game.ts';
import { handText, hiveText } from './text.ts';

export interface PlayHiveFlags extends RecordFlags {
  readonly type?: string;
  readonly white?: string;
  readonly black?: string;
  readonly seed?: string;
  /** Stop an all-AI game after this many moves, as a draw. */
  readonly maxMoves?: number;
}

const HELP = `Type a move in UHP notation: the piece, then where it goes next to another piece.
  wS1            the first piece of the game
  bG1 -wS1       west of wS1      bG1 wS1-   east of wS1
  bG1 /wS1       south-west        bG1 wS1/   north-east
  bG1 \\wS1       north-west        bG1 wS1\\   south-east
  wB1 bQ         on top of bQ (beetles, mosquitoes on the hive)
  pass           only when you have no other move`;

function hiveOptions(type = 'Base+MLP'): HiveState['options'] {
  const parsed = parseGameType(type);
  if (!parsed.ok) throw new UsageError(`--type: ${parsed.error.message}`);
  return { ...hive.defaultOptions, type: parsed.value };
}

/** Seed 004's console game: the hive drawn as text, moves typed in UHP notation. */
export function hiveInTerminal(io: CliIo, flags: PlayHiveFlags): TerminalGame<HiveState, number, HiveState['options']> {
  const { resumed, seed } = resumeOrStart(io, hive, flags, { type: flags.type });
  const options = resumed?.options ?? hiveOptions(flags.type);
  const seats = duelSeats(
    hive,
    [
      ['white', flags.white],
      ['black', flags.black],
    ],
    resumed?.players,
  );
  const names = seats.map((s, i) => `${COLOR_NAMES[i]} (${seatName(s)})`);
  const type = options.type;
  const view: TerminalView<HiveState> = {
    title: () => `Hive, ${type}: ${names.join(' against ')}. Type "help" for how to write a move.\n`,
    help: HELP,
    board: (state) => `\n${hiveText(state.pos)}\n\n${handText(state.pos)}\n`,
    prompt: (state) => `${formatTurn(state.pos)}> `,
    played: (before, _after, move, player) => (player === 'human' ? '' : `${formatTurn(before.pos)} ${player}: ${move}\n`),
    over: (state, outcome) => `\nGame over: ${describeOutcome(outcome, COLOR_NAMES)}.\n${formatGameString(state)}\n`,
    sofar: formatGameString,
  };
  return {
    game: hive,
    view,
    options,
    seed,
    seats,
    resumed,
    record: flags.record,
    // Two AIs could shuffle for ever: an all-AI game stops 1,000 moves after it (re)started. A game
    // with a person ends when the people say so.
    maxMoves: flags.maxMoves ?? (seats.some((s) => s.kind === 'human') ? undefined : (resumed?.record.moves.length ?? 0) + 1000),
  };
}
