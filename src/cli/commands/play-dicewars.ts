import { Rng, randomSeed } from '../../engine/rng.ts';
import { neighboursOf } from '../../games/dicewars/board.ts';
import { type DiceWarsState, dicewars } from '../../games/dicewars/game.ts';
import { ATTACK_ODDS, fractionValue, strengthWinProbability } from '../../games/dicewars/odds.ts';
import { type ConsoleSeat, consoleSeat } from '../console-seat.ts';
import { diceWarsMapText, reportText, seatLetter, standingsText } from '../dicewars-text.ts';
import { type CliIo, UsageError } from '../io.ts';

export interface PlayDiceWarsFlags {
  readonly rules?: string;
  readonly players?: number;
  readonly map?: string;
  /** human or an agent per seat, comma-separated. */
  readonly seats?: string;
  readonly seed?: string;
}

const HELP = `Commands: attack <from> <to> (expand <from> <to> on an empty cell, strength rules), end,
odds (your attacks and their chances), map, help, quit. Territories are numbered on the map.`;

function oddsText(pos: DiceWarsState): string {
  const lines: string[] = [];
  for (let from = 0; from < pos.board.territories; from++) {
    if (pos.owner[from] !== pos.seat || (pos.dice[from] as number) < 2) continue;
    for (const to of neighboursOf(pos.board, from)) {
      const o = pos.owner[to] as number;
      if (o === pos.seat) continue;
      const a = pos.dice[from] as number;
      const d = pos.dice[to] as number;
      const p = o < 0 ? 1 : pos.rules === 'classic' ? (ATTACK_ODDS[a]?.[d] as number) : fractionValue(strengthWinProbability(a, d));
      lines.push(`${from}→${to}: ${a} against ${d}${o < 0 ? ' (empty)' : ` (${seatLetter(o)})`}, ${(p * 100).toFixed(1)}%`);
    }
  }
  return lines.length > 0 ? lines.join('\n') : 'No attack possible: end the turn.';
}

/** Seed 000's console demo and more: AIs and humans in any mix, the battle log and standings. */
export async function playDiceWars(io: CliIo, flags: PlayDiceWarsFlags, input: AsyncIterable<string>): Promise<void> {
  const json: Record<string, unknown> = {};
  if (flags.rules !== undefined) json.rules = flags.rules;
  if (flags.players !== undefined) json.players = flags.players;
  if (flags.map !== undefined) json[/^\d+$/.test(flags.map) ? 'size' : 'map'] = /^\d+$/.test(flags.map) ? Number(flags.map) : flags.map;
  const parsed = dicewars.parseOptions(json);
  if (!parsed.ok) throw new UsageError(`options: ${parsed.error.message}`);
  const options = parsed.value;
  const defaultSeats = ['hard', ...Array(options.players - 1).fill(options.rules === 'strength' ? 'hexo' : 'gamedesign')];
  const names = flags.seats ? flags.seats.split(',').map((s) => s.trim()) : defaultSeats;
  if (names.length !== options.players) throw new UsageError(`--seats names ${names.length} players for a ${options.players}-player game`);
  const seats = names.map((name) => consoleSeat(dicewars, name, 'seats'));
  const seed = flags.seed ?? randomSeed();
  const rng = Rng.fromSeed(`${seed}/agents`);
  let pos = dicewars.newGame(options, seed);
  const lines = input[Symbol.asyncIterator]();
  io.stdout(`DiceWars (${options.rules}), seed ${seed}: ${names.map((n, i) => `${seatLetter(i)} ${n}`).join(', ')}\n`);
  io.stdout(`${diceWarsMapText(pos)}\n`);
  let round = -1;
  while (!dicewars.result(pos)) {
    if (pos.round !== round) {
      round = pos.round;
      io.stdout(`round ${round + 1}: ${standingsText(pos)}\n`);
    }
    const seat = seats[pos.seat] as ConsoleSeat;
    if (seat.kind === 'ai') {
      const move = (await seat.agent.choose(dicewars, pos, { rng })) as Parameters<typeof dicewars.play>[1];
      pos = dicewars.play(pos, move);
      if (pos.last) io.stdout(`${reportText(pos.last)}\n`);
      continue;
    }
    io.stdout(`${seatLetter(pos.seat)}> `);
    const next = await lines.next();
    if (next.done) {
      io.stdout('\nInput ended.\n');
      return;
    }
    const text = next.value.trim().toLowerCase();
    if (text === '') continue;
    if (text === 'help') io.stdout(`${HELP}\n`);
    else if (text === 'map') io.stdout(`${diceWarsMapText(pos)}\n${standingsText(pos)}\n`);
    else if (text === 'odds') io.stdout(`${oddsText(pos)}\n`);
    else if (text === 'quit' || text === 'exit') return;
    else {
      const move = dicewars.parseMove(pos, text);
      if (!move.ok) io.stdout(`${move.error.message}\n`);
      else {
        pos = dicewars.play(pos, move.value);
        if (pos.last) io.stdout(`${reportText(pos.last)}\n`);
      }
    }
  }
  const outcome = dicewars.result(pos);
  io.stdout(`${standingsText(pos)}\n`);
  io.stdout(
    outcome?.kind === 'win'
      ? `${seatLetter(outcome.winner)} (${names[outcome.winner]}) wins after ${pos.round + 1} rounds.\n`
      : `No winner after ${pos.maxRounds} rounds: a draw.\n`,
  );
}
