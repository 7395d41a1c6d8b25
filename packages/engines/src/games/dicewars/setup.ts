import { Rng } from '../../engine/rng.ts';
import type { DiceWarsBoard } from './board.ts';
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
  /**
   * A game still going after this many rounds ends as a draw; null, the default, for no limit (the
   * original has none: a game with a person ends when somebody wins). Matches of AIs alone set one.
   */
  readonly maxRounds: number | null;
}

export const DEFAULT_DICEWARS_OPTIONS: DiceWarsOptions = { rules: 'classic', players: 8, map: 'classic', size: 20, maxRounds: null };

/**
 * The round cap of a game no person plays (a match of AIs): far beyond any game of the original's
 * own bots (the longest of 14,000 duels there took 1,377 rounds), so it only stops bots that stall.
 */
export const HEADLESS_MAX_ROUNDS = 10_000;

/**
 * The DiceWars rules version: 2 deals territories and fills holes as the original does. Records
 * made under version 1 (before) would not replay the same games, so they are refused by name.
 */
export const DICEWARS_RULES_VERSION = 2;

/**
 * A new game, everything drawn from the seed: the map, the deal, the dice, the turn order.
 * Classic: territories dealt round-robin in the order the map made them, one die each, then two more
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
    return start(
      'strength',
      board,
      owner,
      dice,
      Array.from({ length: players }, (_, i) => i),
    );
  }

  const board = generateClassicMap(rng, options.map);
  // Dealt in the order the map made them, as the original does (its random pick always takes the
  // first territory left): neighbours, made one after another, mostly go to different seats.
  const owner = Int8Array.from({ length: board.territories }, (_, t) => t % players);
  const dice = new Uint8Array(board.territories).fill(1);
  const extra = board.territories * 2;
  for (let i = 0, seat = 0; i < extra; i++, seat = (seat + 1) % players) {
    const room: number[] = [];
    for (let t = 0; t < board.territories; t++) if (owner[t] === seat && (dice[t] as number) < MAX_DICE) room.push(t);
    if (room.length === 0) continue;
    const t = room[rng.int(room.length)] as number;
    dice[t] = (dice[t] as number) + 1;
  }
  return start('classic', board, owner, dice, rng.shuffle(Array.from({ length: players }, (_, i) => i)));

  /** The first turn of the first round: empty stocks, nobody out, no battle yet. */
  function start(rules: RuleSet, board: DiceWarsBoard, owner: Int8Array, dice: Uint8Array, order: number[]): DiceWarsPosition {
    return new DiceWarsPosition(
      rules,
      board,
      owner,
      dice,
      order,
      0,
      new Int32Array(players),
      0,
      [],
      rng,
      null,
      options.maxRounds ?? Infinity,
    );
  }
}
