import { unwrap } from '@hexarena/engines/engine/result.ts';
import { formatGameString, hive, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { describe, expect, it } from 'vitest';
import { bridgeStep } from './bridge.testing.ts';

/**
 * hexarena as the engine behind a UHP bridge that starts one process per move (hive-hydra's way,
 * which hivegame.com seats engines through): the flags it passes, a GameString, bestmove, then the
 * end of input. A whole game is played so, each move by a process of its own.
 */
describe('hexarena uhp behind a bridge', () => {
  it('a whole game, one fresh `hexarena uhp --threads=1` process per move', async () => {
    let state = unwrap(loadGameString('Base', hive.defaultOptions));
    for (let ply = 0; hive.result(state) === null; ply++) {
      if (ply >= 300) throw new Error('the game did not end in 300 moves');
      const gameString = formatGameString(state);
      // The first move as bridges ask with a clock (a second); the rest by depth, to keep the test short:
      // White deeper than Black, so the game ends soon rather than going round (UHP's default has no
      // repetition draw).
      const command = ply === 0 ? 'bestmove time 00:00:01' : ply % 2 === 0 ? 'bestmove depth 3' : 'bestmove depth 1';
      const step = await bridgeStep(gameString, command, ['--threads=1', `--seed=bridge-${ply}`]);
      expect(step.lines.slice(0, 3)).toEqual([expect.stringMatching(/^id hexarena v/), 'Mosquito;Ladybug;Pillbug', 'ok']);
      expect(step.answer).toHaveLength(1);
      const move = hive.parseMove(state, step.answer[0] as string);
      expect(move.ok, `${gameString} → ${step.answer[0]}`).toBe(true);
      state = hive.play(state, unwrap(move));
    }
    expect(hive.result(state)).not.toBeNull();
  });

  it('thread flags are taken, unknown ones passed over; a blank line is answered', async () => {
    const step = await bridgeStep('Base', '', ['--num-threads=1', '--hash=64']);
    expect(step.lines).toEqual(['id hexarena v0.1.0', 'Mosquito;Ladybug;Pillbug', 'ok', 'Base;NotStarted;White[1]', 'ok', 'ok']);
  });
});
