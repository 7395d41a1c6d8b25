import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from '../../commands/play.ts';
import { captureIo, scratchFolder, typed } from '../../testing.ts';

async function play(flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(scratchFolder());
  await playGame(io, 'nonaga', flags, typed(...input));
  return out();
}

describe('hexarena play nonaga', () => {
  it('draws the board, explains refused turns, plays good ones and the AI answers', async () => {
    const out = await play({ black: 'seed', seed: 'p' }, '2,0>1,0 1,1>3,-1', '2,0>-1,0 0,0>3,-1', '2,0>-1,0 1,1>3,-1', 'quit');
    expect(out).toContain('B   o   o   o   R');
    expect(out).toContain('1,0 is not where it stops');
    expect(out).toContain('that disc is hemmed in: it cannot slide out');
    expect(out).toMatch(/Black \(seed\): -?\d+,-?\d+>-?\d+,-?\d+ -?\d+,-?\d+>-?\d+,-?\d+/);
    expect(out).toMatch(/(^| )x /m); // the disc Red may not move next is marked
  });

  it('moves lists the turns; undo takes back the AI answer too', async () => {
    const out = await play({ black: 'seed', seed: 'u' }, 'moves', '2,0>-1,0 1,1>3,-1', 'undo', 'undo', 'quit');
    expect(out).toMatch(/\d{3} legal moves: /);
    expect(out).toContain('Nothing to undo.');
  });

  it('two AIs play to the end', async () => {
    expect(await play({ red: 'hard', black: 'random', seed: 'ai' })).toMatch(/Game over: Red wins \(three tokens joined\)\./);
  });

  it('refuses unknown AIs', async () => {
    await expect(play({ red: 'sage' })).rejects.toThrow(/--red: unknown agent "sage"/);
  });
});
