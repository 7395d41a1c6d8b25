import { Rng } from '../../engine/rng.ts';
import { generateClassicMap, type MapPreset } from './classic-map.ts';
import { DiceWarsPosition, MAX_DICE, type RuleSet } from './position.ts';
import { generateStrengthMap, type StrengthSize, startCells } from './strength-map.ts';

export interface DiceWarsOptions {
  readonly rules: RuleSet;
  /** 2–8 (classic) or 2–4 (strength). */
  readonly players: number;
  /** Classic map preset. */
  readonly map: MapPreset;
  /** Strength grid size. */
  readonly size: StrengthSize;
  /** A game still going after this many rounds ends as a draw. */
  readonly maxRounds: number;
}

export const DEFAULT_DICEWARS_OPTIONS: DiceWarsOptions = { rules: 'classic', players: 8, map: 'classic', size: 20, maxRounds: 1000 };

/**
 * A new game, everything drawn from the seed: the map, the deal, the dice, the turn order.
 * Classic: territories dealt round-robin (a random one each time), one die each, then two more
 * per territory on average dealt round-robin by player to random own territories with room,
 * and a shuffled turn order. Strength: each player starts with strength 8 on a corner cell.
 */
export function newPosition(options: DiceWarsOptions, seed: string): DiceWarsPosition {
  const rng = Rng.fromSeed(seed);
  const players = options.players;
  if (options.rules === 'strength') {
    const board = generateStrengthMap(rng, options.size);
    const owner = new Int8Array(board.territories).fill(-1);
    const dice = new Uint8Array(board.territories);
    for (const [seat, [q, r]] of startCells(options.size).slice(0, players).entries()) {
      const t = board.cellTerritory[r * options.size + q] as number;
      owner[t] = seat;
      dice[t] = 8;
    }
    const order = Array.from({ length: players }, (_, i) => i);
    return new DiceWarsPosition('strength', board, owner, dice, order, 0, new Int32Array(players), 0, [], rng, null, options.maxRounds);
  }

  const board = generateClassicMap(rng, options.map);
  const owner = new Int8Array(board.territories).fill(-1);
  const unassigned = Array.from({ length: board.territories }, (_, t) => t);
  for (let seat = 0; unassigned.length > 0; seat = (seat + 1) % players) {
    const i = rng.int(unassigned.length);
    owner[unassigned[i] as number] = seat;
    unassigned[i] = unassigned[unassigned.length - 1] as number;
    unassigned.pop();
  }
  const dice = new Uint8Array(board.territories).fill(1);
  const extra = board.territories * 2;
  for (let i = 0, seat = 0; i < extra; i++, seat = (seat + 1) % players) {
    const room: number[] = [];
    for (let t = 0; t < board.territories; t++) if (owner[t] === seat && (dice[t] as number) < MAX_DICE) room.push(t);
    if (room.length === 0) continue;
    const t = room[rng.int(room.length)] as number;
    dice[t] = (dice[t] as number) + 1;
  }
  const order = rng.shuffle(Array.from({ length: players }, (_, i) => i));
  return new DiceWarsPosition('classic', board, owner, dice, order, 0, new Int32Array(players), 0, [], rng, null, options.maxRounds);
}
