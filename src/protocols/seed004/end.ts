import { describeOutcome, type Outcome } from '@hexarena/engines/engine/game.ts';
import { entryAtSeat } from '@hexarena/engines/engine/match.ts';
import type { GameRecord } from '@hexarena/engines/engine/record.ts';
import type { SeedAction, SeedGame } from './board.ts';

/**
 * The end of a game, for every player of it. The seed tells the end only as the feedback on the
 * action that made it (status `over` or `tie`), which goes to the player that sent it; it has no
 * message for the other player, nor for a game that ends by a forfeit or a move cap. hexarena's
 * referee sends that same feedback to every player that has not heard it (docs/seed-004-http.md):
 * the game as it ended, the action that ended it (null when none did: a forfeit), and who won.
 */
export interface EndFeedback {
  readonly game: SeedGame;
  readonly action: SeedAction | null;
  readonly feedback: string;
  readonly status: 'over' | 'tie';
}

export function endFeedback(game: SeedGame, action: SeedAction | null, outcome: Outcome): EndFeedback {
  return {
    game,
    action,
    feedback: `Game Over: ${describeOutcome(outcome, ['White', 'Black'])}`,
    status: outcome.kind === 'draw' ? 'tie' : 'over',
  };
}

/** A player that is told how each game it sat in ended (a seed 004 seat), as `seat`. */
export interface HearsEnd {
  hearEnd(record: GameRecord, seat: number): Promise<void>;
}

export const hearsEnd = (agent: unknown): agent is HearsEnd =>
  typeof agent === 'object' && agent !== null && typeof (agent as Partial<HearsEnd>).hearEnd === 'function';

/**
 * For a match (runMatch's `onGame`): after each game, tells its end to the agents that hear ends, in
 * the seats they had. A match does not wait between games, so each agent keeps its own telling in
 * order before its next game; `settled` is when every telling is done (or given up).
 */
export function tellEnds(agents: readonly unknown[]): {
  onGame(done: number, total: number, record: GameRecord, game: number): void;
  settled(): Promise<void>;
} {
  const telling: Promise<void>[] = [];
  return {
    onGame(_done, _total, record, game) {
      for (let seat = 0; seat < agents.length; seat++) {
        const agent = agents[entryAtSeat(game, seat, agents.length)];
        if (hearsEnd(agent)) telling.push(agent.hearEnd(record, seat));
      }
    },
    settled: async () => {
      await Promise.all(telling);
    },
  };
}
