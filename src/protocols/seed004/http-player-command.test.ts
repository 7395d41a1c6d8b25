import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../server/online.testing.ts';
import { HEXARENA_BIN } from '../uhp/bridge.testing.ts';

/** The command as a child process: an integration test (both ends of the protocol in-process are http.test.ts). */
describe('hexarena http-player, the command', () => {
  it('listens where it is told and answers the referee until stopped', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [HEXARENA_BIN, 'http-player', '--port', String(port), '--level', 'easy'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`http-player exited with ${code}`)));
      });
      expect(banner).toBe(`hexarena plays Hive (easy) at http://127.0.0.1:${port}/player_white and /player_black\n`);
      const pieces = ['queen', 'spider', 'spider', 'beetle', 'beetle', 'cricket', 'cricket', 'cricket', 'ant', 'ant', 'ant'];
      const game = { turn: 1, board: [], player: 'white', remaining_pieces: ['white', 'black'].map((player) => ({ player, pieces })) };
      const post = (body: unknown) => fetch(`http://127.0.0.1:${port}/player_white`, { method: 'POST', body: JSON.stringify(body) });
      expect((await post(game)).status).toBe(200);
      // The first piece goes to (0, 0), and it is not the queen (the tournament rule).
      const action = await (await post({ action: 'play', player: 'white' })).json();
      expect(action).toMatchObject({ type: 'set', final_x: 0, final_y: 0 });
      expect(action.piece_index).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
