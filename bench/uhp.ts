import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { formatGameString, hive, loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { bridgeStep } from '../src/protocols/uhp/bridge.testing.ts';

/**
 * `hexarena uhp` as a bridge uses it, one process per move: how long a process takes to be ready
 * (its first `ok`), against a bare `node` process started the same way in the same run (the anchor),
 * and how much of a `bestmove time 00:00:01` budget the answer takes.
 */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Start {
  /** From the spawn to the first `ok` read, and the process's CPU time as it wrote it (first-ok-cpu.cjs). */
  readonly wallMs: number;
  readonly cpuMs: number | null;
}

/** The probe both kinds of process are started with: their CPU time at their first `ok`, on stderr. */
const PROBE = ['--require', fileURLToPath(new URL('./first-ok-cpu.cjs', import.meta.url))];
const probed = (stderr: string): number | null => {
  const said = /^first-ok-cpu-ms (\S+)$/m.exec(stderr);
  return said === null ? null : Number(said[1]);
};

/** A bare Node process, `node -e 0` but for the one line it writes, read as the engine's first `ok` is. */
function bareNode(): Promise<Start> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...PROBE, '-e', 'process.stdout.write("ok\\n")'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let wallMs = Number.NaN;
    let stderr = '';
    child.stdout.once('data', () => {
      wallMs = performance.now() - started;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', () => resolve({ wallMs, cpuMs: probed(stderr) }));
  });
}

const ratio = (ours: number, bare: number) => `×${(ours / bare).toFixed(2)}`;

export async function benchUhp(): Promise<void> {
  console.log('\n## hexarena uhp behind a bridge: a fresh process per move');
  const anchor: Start[] = [];
  const ready: Start[] = [];
  /** From the spawn to the end of a session of `newgame Base` and `info`: the first answers, the engine loaded. */
  const session: number[] = [];
  // Twenty pairs, alternating: on a shared machine ten left the median ratio a tenth either way.
  for (let i = 0; i < 20; i++) {
    anchor.push(await bareNode());
    const step = await bridgeStep('Base', 'info', ['--threads=1'], PROBE);
    ready.push({ wallMs: step.readyMs, cpuMs: probed(step.stderr) });
    session.push(step.readyMs + step.answerMs);
  }
  const wall = (xs: Start[]) => xs.map((x) => x.wallMs);
  const cpu = (xs: Start[]) => xs.flatMap((x) => (x.cpuMs === null ? [] : [x.cpuMs]));
  console.log(`ready (first ok), median of ${ready.length} against a bare node started in turn (\`node -e 0\` printing one line):`);
  console.log(
    `  wall ${median(wall(ready)).toFixed(0)} ms, bare node ${median(wall(anchor)).toFixed(0)} ms: ${ratio(median(wall(ready)), median(wall(anchor)))}`,
  );
  if (cpu(ready).length > 0 && cpu(anchor).length > 0)
    // CPU time is the steadier figure on a shared machine: wall time counts the waits for a core.
    // Each process's own, as it wrote its first ok (first-ok-cpu.cjs).
    console.log(
      `  CPU  ${median(cpu(ready)).toFixed(1)} ms, bare node ${median(cpu(anchor)).toFixed(1)} ms: ${ratio(median(cpu(ready)), median(cpu(anchor)))}`,
    );
  // The fastest of each, the runs a busy machine disturbed least.
  console.log(
    `  fastest wall ${Math.min(...wall(ready)).toFixed(0)} ms, bare node ${Math.min(...wall(anchor)).toFixed(0)} ms: ${ratio(Math.min(...wall(ready)), Math.min(...wall(anchor)))}`,
  );
  console.log(`newgame and info answered, the process ended: median ${median(session).toFixed(0)} ms from the start`);
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
