import { refuse } from '../../engine/refusal.ts';
import { ok, type Result } from '../../engine/result.ts';
import type { DiceWarsMove, DiceWarsPosition } from './position.ts';

/**
 * Moves as text: `attack 3 17`, `expand 3 17` (strength rule set), `end`. Territories are
 * numbered from 0 as on the map; in the strength rule set every passable cell is a territory.
 */
export function formatMove(move: DiceWarsMove): string {
  return move.type === 'end' ? 'end' : `${move.type} ${move.from} ${move.to}`;
}

export function parseMove(pos: DiceWarsPosition, text: string): Result<DiceWarsMove> {
  const words = text.trim().toLowerCase().split(/\s+/);
  let move: DiceWarsMove;
  if (words.length === 1 && words[0] === 'end') move = { type: 'end' };
  else if (
    words.length === 3 &&
    (words[0] === 'attack' || words[0] === 'expand') &&
    /^\d+$/.test(words[1] ?? '') &&
    /^\d+$/.test(words[2] ?? '')
  ) {
    move = { type: words[0], from: Number(words[1]), to: Number(words[2]) };
  } else {
    const verbs = pos.rules === 'strength' ? '"attack <from> <to>", "expand <from> <to>" or "end"' : '"attack <from> <to>" or "end"';
    return refuse('dicewars.notAMove', `"${text}" is not a move: write ${verbs}, such as "attack 3 17"`, { text, rules: pos.rules });
  }
  return pos.refusal(move) ?? ok(move);
}
