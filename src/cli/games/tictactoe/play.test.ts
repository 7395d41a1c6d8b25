import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from '../../commands/play.ts';
import { captureIo, scratchFolder, typed } from '../../testing.ts';

async function play(dir: string, flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(dir);
  await playGame(io, 'tictactoe', flags, typed(...input));
  return out();
}

describe('hexarena play tictactoe', () => {
  it('draws the board with its file and rank names, explains refused cells, and the AI answers', async () => {
    const out = await play(scratchFolder(), { o: 'perfect', seed: 't' }, 'e5', 'b2', 'b2', 'moves', 'quit');
    expect(out).toContain(' 3  . | . | .\n   ---+---+---\n');
    expect(out).toContain('    a   b   c');
    expect(out).toContain('"e5" is not a cell');
    expect(out).toContain('b2 already holds X');
    // The perfect player answers the centre in a corner.
    expect(out).toMatch(/O \(perfect\): [ac][13]\n/);
    expect(out).toContain('7 legal moves:');
  });

  it('--seats fills the seats as --x and --o do: two perfect players draw', async () => {
    const out = await play(scratchFolder(), { seats: 'perfect,perfect', seed: 's', record: false });
    expect(out).toContain('Tic-tac-toe: X (perfect) against O (perfect).');
    expect(out).toContain('Game over: draw');
  });

  it('two people at one keyboard: a line of three wins', async () => {
    const out = await play(scratchFolder(), { o: 'human', seed: 'h' }, 'a1', 'b1', 'a2', 'b2', 'a3');
    expect(out).toContain(' 3  X | . | .\n   ---+---+---\n 2  X | O | .\n   ---+---+---\n 1  X | O | .');
    expect(out).toContain('Game over: X wins (three in a row).');
  });

  it('two perfect players draw', async () => {
    const out = await play(scratchFolder(), { x: 'perfect', o: 'perfect', seed: 'p' });
    expect(out).toContain('Game over: draw (board full).');
  });

  it('a game is saved as it goes and resumes with undo reaching back before the resume', async () => {
    const dir = scratchFolder();
    await play(dir, { o: 'human', seed: 'r' }, 'b2', 'a1', 'quit');
    const file = path.join(dir, 'tictactoe-r.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).moves).toEqual(['b2', 'a1']);
    const out = await play(dir, { resume: 'tictactoe-r.json' }, 'undo', 'c1', 'b1', 'a3', 'b3');
    expect(out).toContain('Resumed from tictactoe-r.json after 2 moves.');
    expect(out).toContain('Game over: X wins (three in a row).');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ moves: ['b2', 'c1', 'b1', 'a3', 'b3'], players: ['human', 'human'] });
  });

  it('refuses unknown agents and flags that would change a resumed game', async () => {
    await expect(play(scratchFolder(), { o: 'sage' })).rejects.toThrow(/--o: unknown agent "sage"/);
    await expect(play(scratchFolder(), { resume: 'x.json', seed: 's' })).rejects.toThrow(/--seed cannot be used with --resume/);
  });
});
