import { describeOutcome } from '../../engine/game.ts';
import { Rng, randomSeed } from '../../engine/rng.ts';
import { type NonagaState, nonaga } from '../../games/nonaga/game.ts';
import { type ConsoleSeat, consoleSeat } from '../console-seat.ts';
import type { CliIo } from '../io.ts';
import { nonagaText } from '../nonaga-text.ts';

export interface PlayNonagaFlags {
  readonly red?: string;
  readonly black?: string;
  readonly seed?: string;
}

const HELP = `A turn is a slide, then a disc move, each from>to with cells as q,r (the start is centred on 0,0):
  2,0>-1,0 1,1>3,-1    slide the token on 2,0 to -1,0, then move the disc on 1,1 to 3,-1
A token slides as far as it can; a winning slide is written alone. Commands: moves, undo, board, help, quit.`;

/** Nonaga in the terminal, humans and AIs in any mix. */
export async function playNonaga(io: CliIo, flags: PlayNonagaFlags, input: AsyncIterable<string>): Promise<void> {
  const seats = [consoleSeat(nonaga, flags.red ?? 'human', 'red'), consoleSeat(nonaga, flags.black ?? 'hard', 'black')];
  const seed = flags.seed ?? randomSeed();
  const rng = Rng.fromSeed(seed);
  let state: NonagaState = nonaga.newGame(nonaga.defaultOptions, seed);
  const history: NonagaState[] = [];
  const lines = input[Symbol.asyncIterator]();
  const names = ['Red', 'Black'];
  const show = () => io.stdout(`\n${nonagaText(state.pos)}\n`);
  io.stdout(`Nonaga: Red (${flags.red ?? 'human'}) against Black (${flags.black ?? 'hard'}). Type "help" for how to write a turn.\n`);
  show();
  while (!nonaga.result(state)) {
    const side = state.pos.turn;
    const s = seats[side] as ConsoleSeat;
    if (s.kind === 'ai') {
      const turn = (await s.agent.choose(nonaga, state, { rng })) as Parameters<typeof nonaga.play>[1];
      io.stdout(`${names[side]} (${s.name}): ${nonaga.formatMove(state, turn)}\n`);
      history.push(state);
      state = nonaga.play(state, turn);
      if (seats[state.pos.turn]?.kind === 'human') show();
      continue;
    }
    io.stdout(`${names[side]}> `);
    const next = await lines.next();
    if (next.done) {
      io.stdout(`\nInput ended after ${state.turns.length} turns: ${state.turns.join(', ')}\n`);
      return;
    }
    const text = next.value.trim();
    const word = text.toLowerCase();
    if (word === '') continue;
    if (word === 'help') io.stdout(`${HELP}\n`);
    else if (word === 'board') show();
    else if (word === 'moves') {
      const turns = nonaga.legalMoves(state).map((t) => nonaga.formatMove(state, t));
      io.stdout(`${turns.length} turns: ${turns.slice(0, 40).join('  ')}${turns.length > 40 ? '  …' : ''}\n`);
    } else if (word === 'quit' || word === 'exit') return;
    else if (word === 'undo') {
      // Back to this player's previous turn: the computer's answer goes too.
      const back = seats[side ^ 1]?.kind === 'ai' ? 2 : 1;
      if (history.length < back) io.stdout('Nothing to undo.\n');
      else {
        state = history[history.length - back] as NonagaState;
        history.length -= back;
        show();
      }
    } else {
      const turn = nonaga.parseMove(state, text);
      if (!turn.ok) io.stdout(`${turn.error.message}\n`);
      else {
        history.push(state);
        state = nonaga.play(state, turn.value);
      }
    }
  }
  show();
  io.stdout(`Game over: ${describeOutcome(nonaga.result(state), names)}.\n`);
}
