import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';

/** A legal move as the player would type it: the game's own notation. */
export interface Written<M> {
  readonly text: string;
  readonly move: M;
}

/**
 * What a line typed in the move box says, read against the legal moves (lichess's keyboard input):
 * nothing yet; a legal move (Enter plays it); the start of some legal moves (their completions);
 * or a refusal with its reason (unreadable, or a move the rules do not allow here), in the player's language.
 */
export type TypedMove<M> =
  | { readonly kind: 'empty' }
  | { readonly kind: 'move'; readonly text: string; readonly move: M }
  | { readonly kind: 'partial'; readonly completions: readonly Written<M>[] }
  | { readonly kind: 'refused'; readonly reason: string };

/** The legal moves in the game's notation, in the rules' order. */
export const writtenMoves = <S, M>(rules: Pick<GameRules<S, M>, 'legalMoves' | 'formatMove'>, state: S): Written<M>[] =>
  rules.legalMoves(state).map((move) => ({ text: rules.formatMove(state, move), move }));

/** Spaces as one, and case ignored: "wg1  -wq" is "wG1 -wQ" (no notation here tells moves apart by case alone). */
const canonical = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Reads `typed` against `legal` (writtenMoves of the position): a notation written exactly as the
 * game writes it, or another spelling its parseMove reads (a Hive piece named by another
 * neighbour), is a move; the beginning of legal notations offers them; anything else is refused
 * with the rules' reason. The board is not consulted: the rules say what is legal.
 */
export function readTypedMove<S, M>(
  rules: Pick<GameRules<S, M>, 'formatMove' | 'parseMove'>,
  state: S,
  legal: readonly Written<M>[],
  typed: string,
): TypedMove<M> {
  const wanted = canonical(typed);
  if (wanted === '') return { kind: 'empty' };
  const exact = legal.find((w) => canonical(w.text) === wanted);
  if (exact) return { kind: 'move', text: exact.text, move: exact.move };
  const parsed = rules.parseMove(state, typed.trim().replace(/\s+/g, ' '));
  if (parsed.ok) {
    const text = rules.formatMove(state, parsed.value);
    const found = legal.find((w) => w.text === text);
    if (found) return { kind: 'move', text: found.text, move: found.move };
  }
  const completions = legal.filter((w) => canonical(w.text).startsWith(wanted));
  if (completions.length > 0) return { kind: 'partial', completions };
  if (legal.length === 0) return { kind: 'refused', reason: t('moveBox.noMoveHere') };
  if (!parsed.ok) return { kind: 'refused', reason: rulesRefusal(parsed.error) };
  return { kind: 'refused', reason: t('moveBox.notLegalHere', { move: rules.formatMove(state, parsed.value) }) };
}

/** The move Enter plays: the one read, or the only one the text can still become. */
export function chosenMove<M>(reading: TypedMove<M>): Written<M> | null {
  if (reading.kind === 'move') return { text: reading.text, move: reading.move };
  if (reading.kind === 'partial' && reading.completions.length === 1) return reading.completions[0] as Written<M>;
  return null;
}
