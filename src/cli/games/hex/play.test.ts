import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from '../../commands/play.ts';
import { captureIo, scratchFolder, typed } from '../../testing.ts';

async function play(flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(scratchFolder());
  await playGame(io, 'hex', flags, typed(...input));
  return out();
}

describe('hexarena play hex', () => {
  it('two people at one keyboard: Red joins top and bottom down column a; the board leans as it is drawn', async () => {
    const out = await play({ blue: 'human', size: 5, pie: false, seed: 'h' }, 'a1', 'e1', 'a2', 'e2', 'a3', 'e3', 'a4', 'e4', 'a5');
    expect(out).toContain('Hex 5×5: Red (human) joins top and bottom, Blue (human) left and right.');
    expect(out).toContain('    a b c d e');
    expect(out).toContain('  3  R . . . B  3');
    expect(out).toContain('Game over: Red wins (Red joined top and bottom).');
  });

  it('refuses a taken cell and a swap out of its turn in words, and Blue swaps the first stone', async () => {
    const out = await play({ blue: 'human', size: 5, seed: 's' }, 'swap', 'c2', 'c2', 'swap', 'swap', 'quit');
    expect(out).toContain('swap answers the first stone only: it is the second move or never');
    expect(out).toContain('c2 holds a Red stone');
    // After the swap the stone is Blue's, on b3 (c2 reflected), and Red is to move again.
    expect(out).toContain('  3  . b . . .  3');
  });

  it('--seats fills Red and Blue; two AIs play a small board to its end', async () => {
    const out = await play({ seats: 'random,random', size: 5, seed: 'r', record: false });
    expect(out).toMatch(/Game over: (Red|Blue) wins/);
  });
});
