import type { GameRules } from './game.ts';
import { RulesRefusal } from './refusal.ts';

/**
 * A game replayed from its start, move by move: the one replay of hexarena (records, the browser's
 * history, an online client, the games' own loaders). Incremental: a replay that extends another of
 * the same game keeps its positions as far as their moves agree, so a game that grew by one move
 * costs one move, not a replay from the start.
 */
export interface Replay<S, M> {
  /** The moves' texts that replayed; a bad one and everything after it are left out. */
  readonly texts: readonly string[];
  readonly moves: readonly M[];
  /** states[i] is the position after i moves; states[0] is the start. */
  readonly states: readonly S[];
  /** Why a move could not be played, naming it ("move 2 (b2): b2 already holds X"), or null. */
  readonly error: string | null;
  /**
   * The same as a refusal by code (`rules.replay`, with the unit, the move's number and text), its
   * cause the move's own refusal: what an app says in its player's language. Null when `error` is.
   */
  readonly refusal: RulesRefusal | null;
}

/**
 * Plays `texts` from `start`, each read in the position it is played in; `before`, a replay of the
 * same game from the same start, is reused as far as its moves agree. `unit` names a move in errors
 * (Nonaga's are turns).
 */
export function replayFrom<S, M>(
  rules: GameRules<S, M>,
  start: S,
  texts: readonly string[],
  before?: Replay<S, M>,
  unit: 'move' | 'turn' = 'move',
): Replay<S, M> {
  let shared = 0;
  if (before) while (shared < before.texts.length && shared < texts.length && before.texts[shared] === texts[shared]) shared++;
  const states = before ? before.states.slice(0, shared + 1) : [start];
  const moves = before ? before.moves.slice(0, shared) : [];
  for (let i = shared; i < texts.length; i++) {
    const state = states[i] as S;
    const text = texts[i] as string;
    const stop = (why: Error): Replay<S, M> => {
      const error = `${unit} ${i + 1} (${text}): ${why.message}`;
      const values = { unit, number: i + 1, move: text.slice(0, 40) };
      return { texts: texts.slice(0, i), moves, states, error, refusal: new RulesRefusal(error, { code: 'rules.replay', values }, why) };
    };
    if (rules.result(state) !== null) return stop(new RulesRefusal('the game was already over', { code: 'rules.gameOver' }));
    const move = rules.parseMove(state, text);
    if (!move.ok) return stop(move.error);
    moves.push(move.value);
    states.push(rules.play(state, move.value));
  }
  return { texts: [...texts], moves, states, error: null, refusal: null };
}
