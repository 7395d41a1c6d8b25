import { describeOutcome } from '../../engine/game.ts';
import { Rng, randomSeed } from '../../engine/rng.ts';
import { formatGameString, type HiveState, hive, hiveOutcome } from '../../games/hive/game.ts';
import { legalMoves } from '../../games/hive/movegen.ts';
import { formatMove, formatTurn, parseMove } from '../../games/hive/notation.ts';
import { COLOR_NAMES, parseGameType } from '../../games/hive/pieces.ts';
import { HivePosition } from '../../games/hive/position.ts';
import { type ConsoleSeat, consoleSeat } from '../console-seat.ts';
import { handText, hiveText } from '../hive-text.ts';
import { type CliIo, UsageError } from '../io.ts';

export interface PlayHiveFlags {
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
  pass           only when you have no other move
Commands: moves (list your legal moves), undo (take back your last move), board, help, quit.`;

/** Seed 004's console game: the hive drawn as text, moves typed in UHP notation. */
export async function playHive(io: CliIo, flags: PlayHiveFlags, input: AsyncIterable<string>): Promise<void> {
  const type = parseGameType(flags.type ?? 'Base+MLP');
  if (!type.ok) throw new UsageError(`--type: ${type.error.message}`);
  const seats = [consoleSeat(hive, flags.white ?? 'human', 'white'), consoleSeat(hive, flags.black ?? 'hard', 'black')];
  const seed = flags.seed ?? randomSeed();
  const rng = Rng.fromSeed(seed);
  const options = { ...hive.defaultOptions, type: type.value };
  const state: HiveState = { pos: new HivePosition(options), options };
  const lines = input[Symbol.asyncIterator]();
  const maxMoves = flags.maxMoves ?? 1000;
  const show = () => io.stdout(`\n${hiveText(state.pos)}\n\n${handText(state.pos)}\n`);
  const names = seats.map((s, i) => `${COLOR_NAMES[i]} (${s.kind === 'human' ? 'human' : s.name})`);
  io.stdout(`Hive, ${type.value}: ${names.join(' against ')}. Type "help" for how to write a move.\n`);

  while (!hiveOutcome(state)) {
    if (state.pos.ply >= maxMoves) {
      io.stdout(`\nStopped after ${maxMoves} moves: a draw.\n`);
      return;
    }
    const color = state.pos.turn;
    const seat = seats[color] as ConsoleSeat;
    if (seat.kind === 'ai') {
      const move = (await seat.agent.choose(hive, state, { rng })) as number;
      io.stdout(`${formatTurn(state.pos)} ${seat.name}: ${formatMove(state.pos, move)}\n`);
      state.pos.make(move);
      if (seats[state.pos.turn]?.kind === 'human') show();
      continue;
    }
    if (state.pos.ply === 0 || seats[color ^ 1]?.kind === 'human') show();
    for (;;) {
      io.stdout(`${formatTurn(state.pos)}> `);
      const next = await lines.next();
      if (next.done) {
        io.stdout(`\nInput ended. The game so far: ${formatGameString(state)}\n`);
        return;
      }
      const text = next.value.trim();
      const word = text.toLowerCase();
      if (word === '') continue;
      if (word === 'help') io.stdout(`${HELP}\n`);
      else if (word === 'board') show();
      else if (word === 'moves')
        io.stdout(
          `${legalMoves(state.pos)
            .map((m) => formatMove(state.pos, m))
            .join('  ')}\n`,
        );
      else if (word === 'quit' || word === 'exit') {
        io.stdout(`The game so far: ${formatGameString(state)}\n`);
        return;
      } else if (word === 'undo') {
        // Take back the computer's answer too, so that it is this player's turn again.
        const history = state.pos.history().length;
        const back = seats[color ^ 1]?.kind === 'ai' ? 2 : 1;
        if (history < back) io.stdout('Nothing to undo.\n');
        else {
          for (let i = 0; i < back; i++) state.pos.unmake();
          show();
        }
      } else {
        const move = parseMove(state.pos, text);
        if (!move.ok) {
          io.stdout(`${move.error.message}\n`);
          continue;
        }
        state.pos.make(move.value);
        break;
      }
    }
  }
  show();
  io.stdout(`\nGame over: ${describeOutcome(hiveOutcome(state), COLOR_NAMES)}.\n${formatGameString(state)}\n`);
}
