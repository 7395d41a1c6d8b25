// A misbehaving UHP engine for the tests of outside engines: `node fake-engine.testing.mjs <mode>`,
// mode crash (dies when asked for a move), stall (never answers it), illegal (answers a move that
// is not legal), err (answers an error), mute (never introduces itself), slow <ms> (answers Black's
// first move, bS1 wS1-, after <ms> milliseconds), gate <file> (answers it once the file exists: a test
// opens the gate when it is ready, whatever the machine's load), echo (answers an error that repeats what it was asked),
// over (plays wS1 as White's first move, then holds the game drawn after every move, as an engine
// with rules of its own may, and panics with exit 101 if asked for a move in it), or
// tee <file> <command…> (a real engine behind it, every line it is sent written to the file).
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const mode = process.argv[2];
if (mode === 'tee') {
  const [log, ...command] = process.argv.slice(3);
  const engine = spawn(command.join(' '), { shell: true, stdio: ['pipe', 'inherit', 'ignore'] });
  engine.on('exit', (code) => process.exit(code ?? 1));
  for await (const line of createInterface({ input: process.stdin })) {
    appendFileSync(log, `${line}\n`);
    engine.stdin.write(`${line}\n`);
  }
  engine.stdin.end();
  // The real engine's exit ends this process too.
  await new Promise(() => undefined);
}
if (mode !== 'mute') process.stdout.write('id fake 1.0\nMosquito;Ladybug;Pillbug\nok\n');
let game = { type: 'Base', over: false };
for await (const line of createInterface({ input: process.stdin })) {
  if (line.startsWith('newgame')) {
    const [type, state, ...rest] = line.slice(8).split(';');
    game = { type, over: mode === 'over' && rest.length > 1 };
    process.stdout.write(`${[type, game.over ? 'Draw' : state, ...rest].join(';')}\nok\n`);
  } else if (line.startsWith('play') && mode === 'over') {
    game.over = true;
    process.stdout.write(`${game.type};Draw;White[2]\nok\n`);
  } else if (line.startsWith('bestmove')) {
    if (mode === 'crash' || (mode === 'over' && game.over)) process.exit(mode === 'over' ? 101 : 3);
    if (mode === 'over') process.stdout.write('wS1\nok\n');
    if (mode === 'illegal') process.stdout.write('bQ wS1-\nok\n');
    if (mode === 'err') process.stdout.write('err out of ideas\nok\n');
    if (mode === 'echo') process.stdout.write(`err asked: ${line}\nok\n`);
    if (mode === 'slow') setTimeout(() => process.stdout.write('bS1 wS1-\nok\n'), Number(process.argv[3]));
    if (mode === 'gate') {
      const opened = setInterval(() => {
        if (!existsSync(process.argv[3])) return;
        clearInterval(opened);
        process.stdout.write('bS1 wS1-\nok\n');
      }, 20);
    }
    // stall: nothing.
  } else if (line === 'exit') process.exit(0);
  else process.stdout.write('ok\n');
}
