import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HEXARENA_BIN } from './bridge.testing.ts';

/** The `hexarena uhp` command as a child process: an integration test (the session itself is tested in engine.test.ts). */
describe('UHP session', () => {
  it('`hexarena uhp` over real stdin/stdout, as a viewer drives it: newgame GameString then bestmove', async () => {
    const child = execFile(process.execPath, [HEXARENA_BIN, 'uhp']);
    const done = promisify((cb: (e: Error | null, out: string) => void) => {
      let out = '';
      child.stdout?.on('data', (d) => {
        out += d;
      });
      child.on('close', () => cb(null, out));
    })();
    child.stdin?.write('newgame Base+MLP;InProgress;Black[1];wS1\nbestmove depth 1\nnot a command\nexit\n');
    const out = (await done).split('\n');
    expect(out.slice(0, 5)).toEqual(['id hexarena v0.1.0', 'Mosquito;Ladybug;Pillbug', 'ok', 'Base+MLP;InProgress;Black[1];wS1', 'ok']);
    expect(out[5]).toMatch(/^b[SBGAMLP]\d? /);
    expect(out[6]).toBe('ok');
    expect(out[7]).toMatch(/^err Invalid command/);
  });
});
