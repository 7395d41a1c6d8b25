import { runMatch } from '@hexarena/engines/engine/match.ts';
import { playMoves } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { type HiveState, hive } from '@hexarena/engines/games/hive/game.ts';
import { describe, expect, it } from 'vitest';
import { type SeedAction, toSeedAction, toSeedGame } from './board.ts';
import { tellEnds } from './end.ts';
import { seed004Referee } from './referee.ts';
import { fakePlayer } from './seed004.testing.ts';
import { refereeView } from './view.ts';

/** A real game (hard as Black against random, Base): Black surrounds the white queen on its 9th move. */
const MOVES =
  'wB1;bS1 wB1\\;wQ wB1/;bQ bS1-;wS1 wQ-;bA1 /bS1;wB2 -wB1;bA1 wS1-;wS2 \\wS1;bA2 /bS1;wA1 -wQ;bA1 \\wA1;wA2 \\wS2;bA2 wS1-;wA2 wS2/;bA2 -wS2;wA3 /wB2;bQ wQ\\'.split(
    ';',
  );
const OPTIONS = unwrap(hive.parseOptions({ type: 'Base' }));
const { states, moves } = unwrap(playMoves(hive, OPTIONS, 'end', MOVES));
/** The actions of the game, as hexarena's referee numbers them. */
const ACTIONS: SeedAction[] = moves.map((m, i) => toSeedAction(states[i] as HiveState, m, refereeView((states[i] as HiveState).pos)));

/** Both players at one fake address, playing the game above move by move. */
async function scripted(maxMoves = 1000) {
  const fake = await fakePlayer((body) => (body.action === 'play' ? ACTIONS[fake.bodies.filter((b) => 'board' in b).length - 1] : {}));
  const agents = [seed004Referee(fake.url, { graceMs: 2000 }), seed004Referee(fake.url, { graceMs: 2000 })];
  const ends = tellEnds(agents);
  const result = await runMatch({ game: hive, options: OPTIONS, agents, games: 1, seed: 'end', maxMoves, onGame: ends.onGame });
  await ends.settled();
  const endsHeard = (color: string) => fake.heard.filter((h) => h.color === color && (h.body.status === 'over' || h.body.status === 'tie'));
  return { fake, record: result.records[0], endsHeard };
}

describe('every player hears how a game ended', () => {
  it('won by the rules: the loser hears the winning action and the game it made; the winner hears it once', async () => {
    const { record, endsHeard } = await scripted();
    expect(record?.result).toEqual({ kind: 'win', winner: 1, reason: 'queen surrounded' });
    const end = {
      game: toSeedGame(states.at(-1) as HiveState, refereeView((states.at(-1) as HiveState).pos)),
      action: ACTIONS.at(-1),
      feedback: 'Game Over: Black wins (queen surrounded)',
      status: 'over',
    };
    expect(endsHeard('white').map((h) => h.body)).toEqual([end]);
    expect(endsHeard('black').map((h) => h.body)).toEqual([end]);
  });

  it('stopped by the match’s move cap: both players hear a tie, after the last move played', async () => {
    const { endsHeard } = await scripted(6);
    const end = {
      game: toSeedGame(states[6] as HiveState, refereeView((states[6] as HiveState).pos)),
      action: ACTIONS[5],
      feedback: 'Game Over: draw (stopped after 6 moves)',
      status: 'tie',
    };
    expect(endsHeard('white').map((h) => h.body)).toEqual([end]);
    expect(endsHeard('black').map((h) => h.body)).toEqual([end]);
  });
});
