import type { Agent } from '../../../engine/agent.ts';
import type { Rng } from '../../../engine/rng.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';

/**
 * The original DiceWars computer player (GAMEDESIGN), faithful to its quirks. It plays one attack
 * at a time and thinks again after every battle.
 */

/** The original always ranks eight slots; seats beyond the players count with 0 dice. */
const SLOTS = 8;

/**
 * The original's "ranking": labels start as 0..7, and for each pair i < j where i has fewer dice
 * than j the labels of i and j are swapped (not the dice counts, so it is not a sort). The slot
 * whose label ends up 0 is treated as the leader.
 */
export function rankLabels(dice: readonly number[]): number[] {
  const label = [0, 1, 2, 3, 4, 5, 6, 7];
  for (let i = 0; i < SLOTS - 1; i++) {
    for (let j = i + 1; j < SLOTS; j++) {
      if ((dice[i] ?? 0) < (dice[j] ?? 0)) {
        const swapped = label[i] as number;
        label[i] = label[j] as number;
        label[j] = swapped;
      }
    }
  }
  return label;
}

/** Dice per slot (eliminated seats and empty slots hold none) and on the whole board. */
export function diceCounts(pos: DiceWarsPosition): { perSeat: number[]; total: number } {
  const perSeat = Array<number>(SLOTS).fill(0);
  let total = 0;
  for (let t = 0; t < pos.board.territories; t++) {
    const o = pos.owner[t] as number;
    if (o < 0) continue;
    perSeat[o] = (perSeat[o] as number) + (pos.dice[t] as number);
    total += pos.dice[t] as number;
  }
  return { perSeat, total };
}

/** The attacks the bot would consider now, before its random pick. */
export function gamedesignCandidates(pos: DiceWarsPosition, rng: Rng): { from: number; to: number }[] {
  const me = pos.seat;
  const { perSeat, total } = diceCounts(pos);
  // The last seat holding more than 2/5 of all dice is the one everybody gangs up on.
  let top = -1;
  for (let s = 0; s < SLOTS; s++) if ((perSeat[s] as number) * 5 > total * 2) top = s;
  // The ranking only matters for equal stacks: worked out at the first one.
  let label: number[] | null = null;
  const candidates: { from: number; to: number }[] = [];
  const { board, owner, dice } = pos;
  for (let from = 0; from < board.territories; from++) {
    if (owner[from] !== me || (dice[from] as number) <= 1) continue;
    for (let e = board.adjStart[from] as number; e < (board.adjStart[from + 1] as number); e++) {
      const to = board.adjacency[e] as number;
      const enemy = owner[to] as number;
      if (enemy === me || enemy < 0) continue;
      if (top >= 0 && me !== top && enemy !== top) continue;
      if ((dice[to] as number) > (dice[from] as number)) continue;
      if (dice[to] === dice[from]) {
        label ??= rankLabels(perSeat);
        // Equal stacks: only for or against the "leader", or nine times in ten.
        if (label[me] !== 0 && label[enemy] !== 0 && !(rng.next() * 10 > 1)) continue;
      }
      candidates.push({ from, to });
    }
  }
  return candidates;
}

/** The bot's next move: one of its candidate attacks at random, or the end of its turn. */
export function gamedesignMove(pos: DiceWarsPosition, rng: Rng): DiceWarsMove {
  const candidates = gamedesignCandidates(pos, rng);
  if (candidates.length === 0) return { type: 'end' };
  const { from, to } = rng.pick(candidates);
  return { type: pos.rules === 'classic' || pos.owner[to] !== -1 ? 'attack' : 'expand', from, to };
}

export const gamedesignAgent: Agent<DiceWarsPosition, DiceWarsMove> = {
  name: 'gamedesign',
  async choose(_game, pos, { rng }) {
    return gamedesignMove(pos, rng);
  },
};
