import { spawn } from 'node:child_process';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { formatGameString, hive, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { bridgeStep } from '../src/protocols/uhp/bridge.testing.ts';

/**
 * `hexarena uhp` as a bridge uses it, one process per move: how long a process takes to be ready
 * (its first `ok`), against a bare `node` process started the same way in the same run (the anchor),
 * and how much of a `bestmove time 00:00:01` budget the answer takes.
 */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function bareNode(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', 'process.stdout.write("ok\\n")'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.once('data', () => resolve(performance.now() - started));
  });
}

export async function benchUhp(): Promise<void> {
  console.log('\n## hexarena uhp behind a bridge: a fresh process per move');
  const anchor: number[] = [];
  const ready: number[] = [];
  // Twenty pairs, alternating: on a shared machine ten left the median ratio a tenth either way.
  for (let i = 0; i < 20; i++) {
    anchor.push(await bareNode());
    ready.push((await bridgeStep('Base', 'info', ['--threads=1'])).readyMs);
  }
  console.log(
    `ready (first ok): median ${median(ready).toFixed(0)} ms; a bare node process ${median(anchor).toFixed(0)} ms (×${(median(ready) / median(anchor)).toFixed(2)})`,
  );
  // The fastest of each, the runs a busy machine disturbed least.
  console.log(
    `                  fastest ${Math.min(...ready).toFixed(0)} ms; a bare node process ${Math.min(...anchor).toFixed(0)} ms (×${(Math.min(...ready) / Math.min(...anchor)).toFixed(2)})`,
  );
  // Positions of a game, as a bridge sends them, each answered within a second.
  let state = unwrap(loadGameString('Base+MLP', hive.defaultOptions));
  const used: number[] = [];
  for (let ply = 0; ply < 12 && hive.result(state) === null; ply++) {
    const step = await bridgeStep(formatGameString(state), 'bestmove time 00:00:01', ['--threads=1', `--seed=b${ply}`]);
    used.push(step.answerMs);
    state = hive.play(state, unwrap(hive.parseMove(state, step.answer[0] as string)));
  }
  const over = used.filter((ms) => ms > 1000).length;
  console.log(
    `bestmove time 00:00:01 over ${used.length} positions: answer after median ${median(used).toFixed(0)} ms, longest ${Math.max(...used).toFixed(0)} ms (${over} over the second)`,
  );
}
