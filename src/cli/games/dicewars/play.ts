import type { DiceWarsOptions } from '@hexarena/engines/games/dicewars/index.ts';
import {
  ATTACK_ODDS,
  type DiceWarsState,
  dicewars,
  fractionValue,
  neighboursOf,
  strengthWinProbability,
} from '@hexarena/engines/games/dicewars/index.ts';
import { consoleSeat } from '../../console-seat.ts';
import { type CliIo, UsageError } from '../../io.ts';
import { type RecordFlags, resumeOrStart, type TerminalGame, type TerminalView } from '../../terminal-game.ts';
import { diceWarsMapText, reportText, seatLetter, standingsText } from './text.ts';

export interface PlayDiceWarsFlags extends RecordFlags {
  readonly rules?: string;
  readonly players?: number;
  readonly map?: string;
  /** human or an agent per seat, comma-separated. */
  readonly seats?: string;
  readonly seed?: string;
}

const HELP = `attack <from> <to> attacks a neighbour (expand <from> <to> takes an empty cell under the strength
rules); end ends your turn. Territories are numbered on the map; odds lists your attacks and their chances.`;

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

function optionsFrom(flags: PlayDiceWarsFlags): DiceWarsOptions {
  const json: Record<string, unknown> = {};
  if (flags.rules !== undefined) json.rules = flags.rules;
  if (flags.players !== undefined) json.players = flags.players;
  if (flags.map !== undefined) json[/^\d+$/.test(flags.map) ? 'size' : 'map'] = /^\d+$/.test(flags.map) ? Number(flags.map) : flags.map;
  const parsed = dicewars.parseOptions(json);
  if (!parsed.ok) throw new UsageError(`options: ${parsed.error.message}`);
  return parsed.value;
}

const roundLine = (pos: DiceWarsState): string => `round ${pos.round + 1}: ${standingsText(pos)}\n`;

/** Seed 000's console demo and more: AIs and humans in any mix, the battle log and standings. */
export function diceWarsInTerminal(
  io: CliIo,
  flags: PlayDiceWarsFlags,
): TerminalGame<DiceWarsState, Parameters<typeof dicewars.play>[1], DiceWarsOptions> {
  const { resumed, seed } = resumeOrStart(io, dicewars, flags, { rules: flags.rules, players: flags.players, map: flags.map });
  const options = resumed?.options ?? optionsFrom(flags);
  const defaultSeats = ['hard', ...Array(options.players - 1).fill(options.rules === 'strength' ? 'hexo' : 'gamedesign')];
  const names = flags.seats ? flags.seats.split(',').map((s) => s.trim()) : (resumed?.players ?? defaultSeats);
  if (names.length !== options.players) throw new UsageError(`--seats names ${names.length} players for a ${options.players}-player game`);
  const seats = names.map((name) => consoleSeat(dicewars, name, 'seats'));
  const view: TerminalView<DiceWarsState> = {
    title: () => `DiceWars (${options.rules}), seed ${seed}: ${names.map((n, i) => `${seatLetter(i)} ${n}`).join(', ')}\n`,
    help: HELP,
    board: (pos) => `${diceWarsMapText(pos)}\n${roundLine(pos)}`,
    prompt: (pos) => `${seatLetter(pos.seat)}> `,
    // A new round gets its standings line, unless a person is next and sees them under the map.
    played: (before, after) =>
      `${after.last ? `${reportText(after.last)}\n` : ''}${after.round !== before.round && !dicewars.result(after) && seats[after.seat]?.kind !== 'human' ? roundLine(after) : ''}`,
    commands: { odds: oddsText, map: (pos) => view.board(pos).trimEnd() },
    seatNames: names.map((_, i) => seatLetter(i)),
    // The final board just drawn ends with the standings: they are not said twice.
    over: (pos, outcome) =>
      outcome.kind === 'win'
        ? `${seatLetter(outcome.winner)} (${names[outcome.winner]}) wins after ${pos.round + 1} rounds.\n`
        : `No winner after ${pos.maxRounds} rounds: a draw.\n`,
  };
  return {
    game: dicewars,
    view,
    options,
    seed,
    seats,
    resumed,
    record: flags.record,
  };
}
