import type { Agent } from '../../../engine/agent.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../position.ts';

/**
 * Seed 000's bot ("hexo", strength rule set): every legal action gets a score and the best one is
 * played, again and again, until no action is left (at most 50 a turn). F is the acting cell's strength.
 *   favourable attack (F > defender): 100 + (F − defender);  risky attack: −50;
 *   expansion into an empty cell: 50 + F;  and 0.5 × F added to every action.
 * Ties go to the first action found (cells in order, then their neighbours), as the seed's stable sort did.
 */
export const HEXO_ACTIONS_PER_TURN = 50;

export interface ScoredAction {
  readonly move: Exclude<DiceWarsMove, { type: 'end' }>;
  readonly score: number;
}

export function hexoScore(pos: DiceWarsPosition, from: number, to: number): number {
  const f = pos.dice[from] as number;
  const base = pos.owner[to] === -1 ? 50 + f : f > (pos.dice[to] as number) ? 100 + (f - (pos.dice[to] as number)) : -50;
  return base + 0.5 * f;
}

export function hexoActions(pos: DiceWarsPosition): ScoredAction[] {
  const actions: ScoredAction[] = [];
  for (const move of pos.legalMoves()) {
    if (move.type === 'end') continue;
    actions.push({ move, score: hexoScore(pos, move.from, move.to) });
  }
  return actions;
}

/** The bot's next move: its best-scored action, or the end of its turn. */
export function hexoMove(pos: DiceWarsPosition): DiceWarsMove {
  if (pos.movesThisTurn >= HEXO_ACTIONS_PER_TURN) return { type: 'end' };
  let best: ScoredAction | undefined;
  for (const a of hexoActions(pos)) if (!best || a.score > best.score) best = a;
  return best ? best.move : { type: 'end' };
}

export const hexoAgent: Agent<DiceWarsPosition, DiceWarsMove> = {
  name: 'hexo',
  async choose(_game, pos) {
    return hexoMove(pos);
  },
};
