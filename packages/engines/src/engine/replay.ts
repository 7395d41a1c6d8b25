import type { GameRules } from './game.ts';

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
  unit = 'move',
): Replay<S, M> {
  let shared = 0;
  if (before) while (shared < before.texts.length && shared < texts.length && before.texts[shared] === texts[shared]) shared++;
  const states = before ? before.states.slice(0, shared + 1) : [start];
  const moves = before ? before.moves.slice(0, shared) : [];
  for (let i = shared; i < texts.length; i++) {
    const state = states[i] as S;
    const text = texts[i] as string;
    const stop = (why: string): Replay<S, M> => ({ texts: texts.slice(0, i), moves, states, error: `${unit} ${i + 1} (${text}): ${why}` });
    if (rules.result(state) !== null) return stop('the game was already over');
    const move = rules.parseMove(state, text);
    if (!move.ok) return stop(move.error.message);
    moves.push(move.value);
    states.push(rules.play(state, move.value));
  }
  return { texts: [...texts], moves, states, error: null };
}
