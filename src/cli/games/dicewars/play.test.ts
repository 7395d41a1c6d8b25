import { dicewars } from '@hexarena/engines/games/dicewars/index.ts';
import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from '../../commands/play.ts';
import { captureIo, scratchFolder, typed } from '../../testing.ts';
import { diceWarsMapText, seatLetter } from './text.ts';

async function play(flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(scratchFolder());
  await playGame(io, 'dicewars', flags, typed(...input));
  return out();
}

describe('hexarena play dicewars', () => {
  it('an all-AI game prints the map, a standings line per round, the battle log and the winner', async () => {
    const out = await play({ players: 4, map: 'small', seed: 'demo' });
    expect(out).toMatch(/^DiceWars \(classic\), seed demo: A hard, B gamedesign, C gamedesign, D gamedesign\n/);
    expect(out).toMatch(/^round 1: .*A: \d+ terr \d+ dice group \d+ stock \d+/m);
    expect(out).toMatch(/^[ABCD] \d+→\d+ \([ABCD]\): [\d+ =]+ vs [\d+ =]+, (taken|held)/m);
    expect(out).toMatch(/^[ABCD] \(\w+\) wins after \d+ rounds\.$/m);
  });

  it('the map shows each territory’s owner and dice beside its id; the final standings are said once', async () => {
    const state = dicewars.newGame({ ...dicewars.defaultOptions, players: 4, map: 'small' }, 'dice-map');
    const text = diceWarsMapText(state);
    for (let t = 0; t < state.board.territories; t++) {
      const tag = `${seatLetter(state.owner[t] as number)}${state.dice[t]}`;
      const id = String(t).padStart(2, ' ');
      expect(text.includes(`${id}${tag}`) || text.includes(`${tag}${id}`), `territory ${t}`).toBe(true);
    }
    const out = await play({ players: 3, map: 'small', seed: 'demo' });
    const ending = out.slice(out.lastIndexOf('\n .') + 1);
    expect(ending.split('\n').filter((l) => / terr /.test(l))).toHaveLength(1);
    expect(ending).toMatch(/wins after \d+ rounds\.\n$/);
  });

  it('help offers no undo in a game of dice (it would be refused)', async () => {
    const out = await play({ players: 2, map: 'small', seats: 'human,gamedesign', seed: 'h' }, 'help', 'quit');
    expect(out).toContain('Commands: odds, map, moves (the legal moves), board, resign');
    expect(out).not.toMatch(/Commands:.*undo/);
  });

  it('the same seed plays the same game', async () => {
    expect(await play({ players: 3, map: 'small', seed: 'again' })).toBe(await play({ players: 3, map: 'small', seed: 'again' }));
  });

  it('a human seat: odds, a refused move with its reason, help, map, a real attack and the end of a turn', async () => {
    const out = await play(
      { players: 2, map: 'small', seats: 'human,gamedesign', seed: 'h' },
      'odds',
      'attack 1 3',
      'help',
      'map',
      'end',
      'quit',
    );
    expect(out).toMatch(/\d+→\d+: \d against \d \(B\), \d+\.\d%/);
    // Dealt in the order the map made them: territory 1 is B's.
    expect(out).toContain('A> 1 is not yours');
    expect(out).toContain('attack <from> <to> attacks a neighbour');
    expect(out).toMatch(/A ends the turn: \+\d+ from a group of \d+/);
  });

  it('the strength rules with hexo bots', async () => {
    const out = await play({ rules: 'strength', players: 3, map: '10', seed: 'str' });
    expect(out).toMatch(/^DiceWars \(strength\), seed str: A hard, B hexo, C hexo/);
    expect(out).toMatch(/expands \d+→\d+/);
    expect(out).toMatch(/(wins after \d+ rounds|a draw)\.$/m);
  });

  it('refuses seats that do not match the players, and unknown agents', async () => {
    await expect(play({ players: 3, seats: 'human,hard' })).rejects.toThrow(/--seats names 2 players for a 3-player game/);
    await expect(play({ players: 2, seats: 'human,god' })).rejects.toThrow(/unknown agent "god"/);
    await expect(play({ rules: 'chess' })).rejects.toThrow(/rules must be classic or strength/);
  });
});
