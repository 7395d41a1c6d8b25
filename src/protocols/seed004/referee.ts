import { type Agent, AgentFailure } from '../../engine/agent.ts';
import type { GameRules } from '../../engine/game.ts';
import type { HiveState } from '../../games/hive/game.ts';
import { PASS } from '../../games/hive/position.ts';
import { fromSeedAction, parseSeedAction, SEED_COLORS, type SeedAction, toSeedGame } from './board.ts';

/**
 * hexarena as the referee of seed 004's HTTP protocol: a Hive seat played by a program that listens
 * at `POST <base>/player_<color>`. Each turn it is sent the game, then asked to play; an action that
 * is malformed or illegal gets the `invalid` feedback and the player is asked again (a few times,
 * then it forfeits); a player that does not answer in time forfeits; after a good action the player
 * hears `continue`, `over` or `tie`.
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

export function seed004Referee(base: string, options: RefereeOptions = {}): Agent<HiveState, number> {
  const graceMs = options.graceMs ?? 10_000;
  const attempts = options.attempts ?? 3;

  const post = async (color: string, body: unknown, limitMs: number): Promise<unknown> => {
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
    if (!response.ok) throw new AgentFailure(`the player at ${base} answered ${response.status}`);
    try {
      return text === '' ? null : (JSON.parse(text) as unknown);
    } catch {
      return { unreadable: text.slice(0, 100) };
    }
  };

  return {
    name: `http:${base}`,
    async choose(game: GameRules<HiveState, number>, state, context) {
      // The seed has no pass: a player with no move passes without being asked.
      const legal = game.legalMoves(state);
      if (legal.length === 1 && legal[0] === PASS) return PASS;
      const color = SEED_COLORS[state.pos.turn];
      const limitMs = (context.timeMs ?? 0) + graceMs;
      const seen = toSeedGame(state);
      await post(color, seen, graceMs);
      for (let attempt = 1; ; attempt++) {
        const answer = await post(color, { action: 'play', player: color }, limitMs);
        const parsed = parseSeedAction(answer);
        const move = parsed.ok ? fromSeedAction(state, parsed.value) : parsed;
        if (move.ok) {
          const next = game.play(state, move.value);
          const result = game.result(next);
          await post(
            color,
            {
              game: toSeedGame(next),
              action: parsed.ok ? parsed.value : answer,
              feedback: result ? 'Game Over' : 'Valid move',
              status: result === null ? 'continue' : result.kind === 'draw' ? 'tie' : 'over',
            },
            graceMs,
          );
          return move.value;
        }
        await post(
          color,
          { game: seen, action: (parsed.ok ? parsed.value : answer) as SeedAction, feedback: move.error.message, status: 'invalid' },
          graceMs,
        );
        if (attempt >= attempts)
          throw new AgentFailure(`the player at ${base} sent ${attempts} invalid actions in a row (the last: ${move.error.message})`);
      }
    },
  };
}
