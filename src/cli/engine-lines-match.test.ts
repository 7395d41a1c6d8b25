import { describe, expect, it } from 'vitest';
import { HEXARENA_BIN } from '../protocols/uhp/bridge.testing.ts';
import { main } from './main.ts';

/**
 * `engine:<command line>` seats in a match: hexarena's own `hexarena engine <game>` as a program,
 * speaking engine-lines over pipes (what `npm run sprt -- --game <id>` plays one checkout against
 * another with). A program that refuses is scored as losing, with its words.
 */
function capture() {
  let out = '';
  let err = '';
  return {
    io: {
      stdout: (t: string) => {
        out += t;
      },
      stderr: (t: string) => {
        err += t;
      },
      progress: false,
      cwd: process.cwd(),
    },
    out: () => out,
    err: () => err,
  };
}

describe('an engine-lines program in a match', () => {
  it('plays Nonaga to the end from its records, as a seat of its own', async () => {
    const c = capture();
    const engine = `engine:node ${HEXARENA_BIN} engine nonaga --level easy --seed e`;
    const code = await main(['match', 'nonaga', '--a', engine, '--b', 'random', '--games', '2', '--seed', 'lines', '--depth', '1'], c.io);
    expect(code).toBe(0);
    expect(c.out()).toContain('Nonaga: 2 games, seed lines');
    // Both games ended on the board: no forfeit by the program.
    expect(`${c.out()}${c.err()}`).not.toMatch(/forfeit|failed|stopped|refused/);
    expect(c.out()).toMatch(/engine:node .* engine nonaga --level easy --seed e\s+1\s+\d\s+\d\s+\d/);
  });

  it('scores a program that refuses the position as losing, and says why', async () => {
    const c = capture();
    // A Hex engine handed a tic-tac-toe record refuses it.
    const wrong = `engine:node ${HEXARENA_BIN} engine hex`;
    const code = await main(['match', 'tictactoe', '--a', wrong, '--b', 'random', '--games', '2', '--seed', 'wrong', '--depth', '1'], c.io);
    expect(code).toBe(0);
    expect(c.out()).toMatch(/the engine refused "position .*": not a hex record/);
    expect(c.out()).toMatch(/random\s+1\s+2\s+0\s+0/);
  });
});
