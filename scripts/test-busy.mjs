// `npm run test:busy`: the whole suite (`npm test`) with two busy loops beside it, each a process
// that burns a core for as long as the suite runs: a suite green here has no verdict that hangs on
// the machine's speed. Run before every stop. Arguments go to vitest (`npm run test:busy -- src/x.test.ts`).
// Prints the suite's time and the load average at its end; exits with the suite's code.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

const BUSY_LOOPS = 2;
const loops = Array.from({ length: BUSY_LOOPS }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoops = () => {
  for (const loop of loops) loop.kill();
};
process.on('exit', stopLoops);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const started = performance.now();
const args = process.argv.slice(2);
const suite = spawn('npm', ['test', ...(args.length > 0 ? ['--', ...args] : [])], { stdio: 'inherit' });
suite.on('exit', (code, signal) => {
  stopLoops();
  const seconds = Math.round((performance.now() - started) / 1000);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\ntest:busy: npm test ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s beside ${BUSY_LOOPS} busy loops (load average ${load})`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
