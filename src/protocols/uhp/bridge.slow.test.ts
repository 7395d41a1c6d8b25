import { unwrap } from '@hexarena/engines/engine/result.ts';
import { formatGameString, hive, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { describe, expect, it } from 'vitest';
import { bridgeStep } from './bridge.testing.ts';

/**
 * The bridge transcript at full length (`npm run test:slow`): a whole game where every move is a fresh
 * `hexarena uhp --threads=1` given `bestmove time 00:00:01`, as hive-hydra asks. `npm test` plays the
 * same game shape by depth (bridge.test.ts).
 */
describe('hexarena uhp behind a bridge, a second a move', () => {
  it('a whole game, one fresh process and one second per move', async () => {
    let state = unwrap(loadGameString('Base', hive.defaultOptions));
    for (let ply = 0; hive.result(state) === null; ply++) {
      if (ply >= 400) throw new Error('the game did not end in 400 moves');
      const step = await bridgeStep(formatGameString(state), 'bestmove time 00:00:01', ['--threads=1', `--seed=slow-${ply}`]);
      expect(step.answer).toHaveLength(1);
      state = hive.play(state, unwrap(hive.parseMove(state, step.answer[0] as string)));
    }
    expect(hive.result(state)).not.toBeNull();
  }, 1_800_000);
});
