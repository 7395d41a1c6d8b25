import { type BoardState, boardState, groupDests } from '../../engine/board-interaction.ts';
import { type DiceWarsState, dicewars } from './game.ts';
import { ATTACK_ODDS, fractionValue, strengthWinProbability } from './odds.ts';
import type { DiceWarsMove } from './position.ts';

export const territoryKey = (t: number): string => `t${t}`;

/**
 * DiceWars: select one of your territories that can attack, then a neighbour to attack (or, in the
 * strength rules, an empty cell to expand into). Ending the turn is the direct key "end".
 */
export function dicewarsBoard(state: DiceWarsState, movable: boolean): BoardState<string, DiceWarsMove> {
  const legal = dicewars.legalMoves(state);
  const moves = legal.flatMap((m) => (m.type === 'end' ? [] : [{ from: territoryKey(m.from), to: territoryKey(m.to), move: m }]));
  const direct = new Map<string, DiceWarsMove>(legal.some((m) => m.type === 'end') ? [['end', { type: 'end' }]] : []);
  return boardState(groupDests(moves), direct, movable && dicewars.result(state) === null);
}

/**
 * The position as `seat` would find it were its turn now: a premove's board shows that player's
 * attacks on another's turn (the rules judge the attack queued when the turn comes, on the map the
 * others' turns leave). Null once the game is over or `seat` is out.
 */
export function dicewarsPremoveState(state: DiceWarsState, seat: number): DiceWarsState | null {
  const turn = state.order.indexOf(seat);
  if (state.isOver() || !state.alive(seat) || turn < 0) return null;
  if (turn === state.turn) return state;
  const pos = state.clone();
  pos.turn = turn;
  pos.movesThisTurn = 0;
  return pos;
}

/** The chance an attack wins, to show on hover (exact classic odds; the strength formula). */
export function attackOdds(state: DiceWarsState, from: number, to: number): number {
  if (state.owner[to] === -1) return 1;
  const a = state.dice[from] as number;
  const d = state.dice[to] as number;
  return state.rules === 'classic' ? (ATTACK_ODDS[a]?.[d] as number) : fractionValue(strengthWinProbability(a, d));
}

/**
 * Okabe–Ito colours, safe for colour-blind players, ordered so that the look-alikes (the two blues,
 * orange and vermillion) only meet in games of seven and eight players; every player also has a letter.
 */
export const COLOURS = ['#e69f00', '#0072b2', '#009e73', '#cc79a7', '#f0e442', '#999999', '#56b4e9', '#d55e00'];
