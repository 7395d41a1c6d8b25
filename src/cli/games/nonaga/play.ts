import { describeOutcome } from '@hexarena/engines/engine/game.ts';
import { type NonagaState, nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import { duelSeats } from '../../console-seat.ts';
import type { CliIo } from '../../io.ts';
import { type RecordFlags, resumeOrStart, seatName, type TerminalGame, type TerminalView } from '../../terminal-game.ts';
import { nonagaText } from './text.ts';

export interface PlayNonagaFlags extends RecordFlags {
  readonly red?: string;
  readonly black?: string;
  readonly seed?: string;
}

const HELP = `A turn is a slide, then a disc move, each from>to with cells as q,r (the start is centred on 0,0):
  2,0>-1,0 1,1>3,-1    slide the token on 2,0 to -1,0, then move the disc on 1,1 to 3,-1
A token slides as far as it can; a winning slide is written alone.`;

const NAMES = ['Red', 'Black'];

/** Nonaga in the terminal, humans and AIs in any mix. */
export function nonagaInTerminal(
  io: CliIo,
  flags: PlayNonagaFlags,
): TerminalGame<NonagaState, Parameters<typeof nonaga.play>[1], NonagaState['options']> {
  const { resumed, seed } = resumeOrStart(io, nonaga, flags);
  const seats = duelSeats(
    nonaga,
    [
      ['red', flags.red],
      ['black', flags.black],
    ],
    resumed?.players,
  );
  const who = seats.map(seatName);
  const view: TerminalView<NonagaState> = {
    title: () => `Nonaga: Red (${who[0]}) against Black (${who[1]}). Type "help" for how to write a turn.\n`,
    help: HELP,
    board: (state) => `\n${nonagaText(state.pos)}\n`,
    prompt: (state) => `${NAMES[state.pos.turn]}> `,
    played: (before, _after, move, player) => (player === 'human' ? '' : `${NAMES[before.pos.turn]} (${player}): ${move}\n`),
    over: (_state, outcome) => `Game over: ${describeOutcome(outcome, NAMES)}.\n`,
    sofar: (state) => (state.turns.length === 0 ? 'no turns yet' : state.turns.join(', ')),
  };
  return {
    game: nonaga,
    view,
    options: resumed?.options ?? nonaga.defaultOptions,
    seed,
    seats,
    resumed,
    record: flags.record,
  };
}
