import { unwrap } from '@hexarena/engines/engine/result.ts';
import { loadGameString } from '@hexarena/engines/games/hive/index.ts';
import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from '../../commands/play.ts';
import { captureIo, scratchFolder, typed } from '../../testing.ts';
import { hiveText } from './text.ts';

async function play(flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(scratchFolder());
  await playGame(io, 'hive', flags, typed(...input));
  return out();
}

describe('hexarena play hive', () => {
  it('a bad move gets its reason and a new prompt; a good one is played and answered by the AI', async () => {
    const out = await play({ black: 'easy', seed: 's' }, 'wQ', 'wS1', 'quit');
    expect(out).toContain("You can't place your Queen Bee on your first turn.\nWhite[1]> ");
    expect(out).toMatch(/Black\[1\] easy: b[SBGAMLP]\d? /);
    expect(out).toMatch(/The game so far: Base\+MLP;InProgress;White\[2\];wS1;b/);
  });

  it('answers help and moves, and undo takes back the AI reply with the move', async () => {
    const out = await play({ black: 'easy', seed: 's', type: 'Base' }, 'help', 'wS1', 'moves', 'undo', 'quit');
    expect(out).toContain('bG1 -wS1       west of wS1');
    expect(out).toMatch(/White\[2\]> \d+ legal moves: w[QSBGA]\d? \S+( {2}w[QSBGA]\d? \S+)*\n/);
    expect(out).toContain('The game so far: Base;NotStarted;White[1]');
  });

  it('undo with nothing to take back says so', async () => {
    expect(await play({ black: 'human' }, 'undo', 'quit')).toContain('Nothing to undo.');
  });

  it('two AIs play a game to the end, and the result is announced', async () => {
    const out = await play({ white: 'hard', black: 'random', seed: 'ai', type: 'Base' });
    expect(out).toMatch(/Game over: White wins \(queen surrounded\)\.\nBase;WhiteWins;/);
  });

  it('stops a long all-AI game at the move cap', async () => {
    expect(await play({ white: 'random', black: 'random', seed: 'cap', maxMoves: 6 })).toContain('Stopped after 6 moves: a draw.');
  });

  it('refuses unknown AIs and game types with a usage error', async () => {
    await expect(play({ white: 'wizard' })).rejects.toThrow(/--white: unknown agent "wizard"/);
    await expect(play({ type: 'Base+Q' })).rejects.toThrow(/--type: "Base\+Q" is not a game type/);
  });

  it('when input ends, prints the game so far', async () => {
    expect(await play({ black: 'human' }, 'wS1')).toContain('Input ended. The game so far: Base+MLP;InProgress;Black[1];wS1');
  });
});

describe('the hive as text', () => {
  it('draws rows shifted by half a cell, empty neighbours as dots, and lists stacks bottom first', () => {
    // A white beetle climbs its own queen: wB1 on wQ, west of wS1, in one row with the black pieces.
    const state = unwrap(loadGameString('Base+MLP;InProgress;White[1];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 -wQ;bA1 bQ-;wB1 wQ'));
    const text = hiveText(state.pos);
    const rows = text.split('\n');
    expect(rows.find((r) => r.includes('wS1'))).toMatch(/\.\s+wB1\*\s+wS1\s+bS1\s+bQ\s+bA1\s+\./);
    expect(text).toContain('stacks (bottom first): wB1* = wQ wB1');
    expect(rows[0]?.trim().startsWith('.')).toBe(true);
  });
});
