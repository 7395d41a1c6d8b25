import { type Agent, AgentFailure } from '@hexarena/engines/engine/agent.ts';
import type { GameRules } from '@hexarena/engines/engine/game.ts';
import { type GameRecord, replay } from '@hexarena/engines/engine/record.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type HiveState, hive } from '@hexarena/engines/games/hive/game.ts';
import { type HiveMove, PASS } from '@hexarena/engines/games/hive/position.ts';
import { OUTSIDE_GRACE_MS } from '../seat-prefixes.ts';
import { fromSeedAction, parseSeedAction, SEED_COLORS, type SeedAction, type SeedView, toSeedAction, toSeedGame } from './board.ts';
import { endFeedback, type HearsEnd } from './end.ts';
import { refereeView } from './view.ts';

/**
 * hexarena as the referee of seed 004's HTTP protocol: a Hive seat played by a program that listens
 * at `POST <base>/player_<color>`. Each turn it is sent the game, then asked to play; an action that
 * is malformed or illegal gets the `invalid` feedback, with why, and the player is asked again (a few
 * times, then it forfeits); a player that does not answer in time, or answers with an error status,
 * forfeits; after a good action the player hears `continue`, or the end. Every game's end is told to
 * the player too when it did not end by its own action (hearEnd, end.ts).
 */

export interface RefereeOptions {
  /** How long one answer may take beyond the time given for the move. */
  readonly graceMs?: number;
  /** Invalid actions allowed in one turn before the player forfeits. */
  readonly attempts?: number;
}

/** The base address of an `http:` seat: `http:127.0.0.1:9001`, `http://127.0.0.1:9001`, `http:https://…`. */
export function playerBase(rest: string): string {
  const url = /^https?:\/\//.test(rest) ? rest : rest.startsWith('//') ? `http:${rest}` : `http://${rest}`;
  return url.replace(/\/+$/, '');
}

/** What a player answered, read as JSON, or exactly why it cannot be. */
function readAnswer(text: string): Result<unknown> {
  if (text.trim() === '') return fail('the answer is empty: an action is a JSON object such as {"type": "set", …}');
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return fail(`the answer is not JSON: it begins ${JSON.stringify(text.slice(0, 40))}`);
  }
}

/**
 * A player's answer to `play`, read as far as it goes: what it said (the action, else its JSON, else
 * null for no JSON, as the `invalid` feedback echoes it) and the move it names, or exactly why none.
 */
function actionIn(
  text: string,
  state: HiveState,
  view: SeedView,
): { said: unknown; named: Result<{ action: SeedAction; move: HiveMove }> } {
  const answer = readAnswer(text);
  if (!answer.ok) return { said: null, named: answer };
  const action = parseSeedAction(answer.value);
  if (!action.ok) return { said: answer.value, named: action };
  const move = fromSeedAction(state, action.value, view);
  return { said: action.value, named: move.ok ? ok({ action: action.value, move: move.value }) : move };
}

/** The error a player gave with an error status: its JSON `error`, else the start of its text. */
function errorIn(text: string): string {
  try {
    const json = JSON.parse(text) as { error?: unknown };
    if (typeof json.error === 'string') return `: ${json.error}`;
  } catch {}
  return text.trim() === '' ? '' : `: ${text.trim().slice(0, 100)}`;
}

const sameMoves = (a: readonly HiveMove[], b: readonly HiveMove[]) => a.length === b.length && a.every((m, i) => b[i] === m);

export function seed004Referee(base: string, options: RefereeOptions = {}): Agent<HiveState, number> & HearsEnd {
  const graceMs = options.graceMs ?? OUTSIDE_GRACE_MS;
  const attempts = options.attempts ?? 3;
  /** The moves of a game whose end the player heard in the feedback on its own action. */
  let heardEnd: readonly HiveMove[] | null = null;
  /** Ends being told, in order: the player hears a game's end before the next game. */
  let telling: Promise<void> = Promise.resolve();

  const post = async (color: string, body: unknown, limitMs: number, what: string): Promise<string> => {
    let response: Response;
    try {
      response = await fetch(`${base}/player_${color}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(limitMs),
      });
    } catch (e) {
      const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new AgentFailure(
        timedOut
          ? `the player at ${base} did not answer within ${Math.round(limitMs / 1000)} s`
          : `the player at ${base} cannot be reached (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    const text = await response.text();
    if (!response.ok) throw new AgentFailure(`the player at ${base} answered ${what} with ${response.status}${errorIn(text)}`);
    return text;
  };

  const tell = async (record: GameRecord, seat: number): Promise<void> => {
    const replayed = replay(hive, record);
    if (!replayed.ok || record.result === null) return;
    const { states, moves } = replayed.value;
    const final = states[states.length - 1] as HiveState;
    if (heardEnd && sameMoves(heardEnd, final.pos.history())) return;
    const last = moves[moves.length - 1];
    const before = states[states.length - 2];
    // A forfeit ends a game with no action; a move cap after the last one played.
    const action =
      record.termination === 'forfeit' || last === undefined || last === PASS || before === undefined
        ? null
        : toSeedAction(before, last, refereeView(before.pos));
    const color = SEED_COLORS[seat === 0 ? 0 : 1];
    await post(color, endFeedback(toSeedGame(final, refereeView(final.pos)), action, record.result), graceMs, 'the end of the game');
  };

  return {
    name: `http:${base}`,
    async choose(game: GameRules<HiveState, number>, state, context) {
      await telling;
      // The seed has no pass: a player with no move passes without being asked.
      const legal = game.legalMoves(state);
      if (legal.length === 1 && legal[0] === PASS) return PASS;
      const color = SEED_COLORS[state.pos.turn];
      const limitMs = (context.timeMs ?? 0) + graceMs;
      const view = refereeView(state.pos);
      const sent = toSeedGame(state, view);
      heardEnd = null;
      await post(color, sent, graceMs, 'the game');
      for (let attempt = 1; ; attempt++) {
        const { said, named } = actionIn(await post(color, { action: 'play', player: color }, limitMs, 'the request to play'), state, view);
        if (!named.ok) {
          await post(color, { game: sent, action: said, feedback: named.error.message, status: 'invalid' }, graceMs, 'the feedback');
          if (attempt >= attempts)
            throw new AgentFailure(`the player at ${base} sent ${attempts} invalid actions in a row (the last: ${named.error.message})`);
          continue;
        }
        const { action, move } = named.value;
        const next = game.play(state, move);
        const after = toSeedGame(next, refereeView(next.pos));
        const result = game.result(next);
        if (result) heardEnd = next.pos.history();
        if (result === null)
          await post(color, { game: after, action, feedback: 'Valid move', status: 'continue' }, graceMs, 'the feedback');
        // The move is made and the game is decided: a player that cannot hear its end changes nothing.
        else await post(color, endFeedback(after, action, result), graceMs, 'the end of the game').catch(() => {});
        return move;
      }
    },
    hearEnd(record, seat) {
      // Nothing a player does after a game's end counts: an end it cannot hear is passed over.
      telling = telling.then(() => tell(record, seat)).catch(() => {});
      return telling;
    },
  };
}
