import { ringBits, touches } from './grid.ts';
import { generateMoves } from './movegen.ts';
import { type Color, pieceId, QUEEN } from './pieces.ts';
import { type HiveMove, type HivePosition, PASS } from './position.ts';

/**
 * What the search treats as tactics in Hive, where nothing is ever captured: the fight is over the
 * queens' neighbours. A "noisy" move (Mzinga's word) reaches a neighbour of the enemy queen from a
 * cell that was not one; a side is threatened when its queen has one free neighbour left.
 */

/** Occupied neighbours of a cell. */
function occupiedAround(pos: HivePosition, cell: number): number {
  let bits = ringBits(pos.height, cell);
  let n = 0;
  for (; bits !== 0; bits &= bits - 1) n++;
  return n;
}

/** Does the move close in on the enemy queen (a piece arriving beside it, or climbing onto it)? */
export function isNoisy(pos: HivePosition, move: HiveMove): boolean {
  if (move === PASS) return false;
  const piece = move & 31;
  const to = (move >> 5) & 1023;
  const from = pos.where[piece] as number;
  // Placements never touch an enemy piece, so only movements can be noisy.
  if (from < 0) return false;
  const enemyQueen = pos.where[pieceId((pos.turn ^ 1) as Color, QUEEN)] as number;
  if (enemyQueen < 0) return false;
  return to === enemyQueen || (touches(to, enemyQueen) && !touches(from, enemyQueen));
}

/**
 * Below this many occupied neighbours of the enemy queen a noisy move threatens nothing yet: the
 * quiescence search stays out (generating every move at every leaf would cost more than it finds).
 */
const QUIESCENCE_FROM = 4;

/** The noisy moves of the side to move, when the enemy queen is close enough to surrounded for them to matter. */
export function generateNoisy(pos: HivePosition, buffer: Int32Array): number {
  const enemyQueen = pos.where[pieceId((pos.turn ^ 1) as Color, QUEEN)] as number;
  if (enemyQueen < 0 || occupiedAround(pos, enemyQueen) < QUIESCENCE_FROM) return 0;
  const n = generateMoves(pos, buffer);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const m = buffer[i] as number;
    if (isNoisy(pos, m)) buffer[kept++] = m;
  }
  return kept;
}

/**
 * Has the opponent's last move just left the mover's queen one neighbour from surrounded (Hive's
 * "check")? A queen that has sat at five neighbours for many moves is no news: extending every line
 * for it would cost a ply everywhere.
 */
export function isThreatened(pos: HivePosition): boolean {
  const queen = pos.where[pieceId(pos.turn, QUEEN)] as number;
  if (queen < 0 || pos.lastMoved < 0) return false;
  const arrived = pos.where[pos.lastMoved] as number;
  return (arrived === queen || touches(arrived, queen)) && occupiedAround(pos, queen) >= 5;
}
