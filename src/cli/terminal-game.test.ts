import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { type HiveState, hive } from '@hexarena/engines/games/hive/index.ts';
import { unfinishedGame } from '@hexarena/engines/games/hive/testing.ts';
import { replayRecord } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { type PlayFlags, playGame } from './commands/play.ts';
import { captureIo, scratchFolder, typed } from './testing.ts';

/** Plays `game` in `dir` with typed lines; returns what was printed. */
async function play(dir: string, game: string, flags: PlayFlags, ...input: string[]): Promise<string> {
  const { io, out } = captureIo(dir);
  await playGame(io, game, flags, typed(...input));
  return out();
}

const readRecord = (file: string): { moves: string[]; result: unknown; players?: string[]; seed: string; termination?: string } =>
  JSON.parse(readFileSync(file, 'utf8'));

describe('terminal games keep their record', () => {
  it('a person’s game is saved as it goes, and --resume continues it where it stopped, undo included', async () => {
    const dir = scratchFolder();
    const first = await play(dir, 'hive', { black: 'easy', seed: 'keep' }, 'wS1', 'quit');
    expect(first).toContain('Saving the game in hive-keep.json as it goes.');
    expect(first).toContain('Saved in hive-keep.json: continue with "hexarena play hive --resume hive-keep.json"');
    const saved = readRecord(path.join(dir, 'hive-keep.json'));
    expect(saved).toMatchObject({ seed: 'keep', result: null, players: ['human', 'easy'] });
    expect(saved.moves).toHaveLength(2);
    expect(saved.moves[0]).toBe('wS1');

    const second = await play(dir, 'hive', { resume: 'hive-keep.json' }, 'wQ wS1-', 'undo', 'undo', 'quit');
    expect(second).toContain('Resumed from hive-keep.json after 2 moves.');
    expect(second).toContain(`White[2]> `);
    // The resumed game's undo goes back past the resume point: the whole game is there.
    expect(second).not.toContain('Nothing to undo.');
    expect(second).toContain('The game so far: Base+MLP;NotStarted;White[1]');
    expect(readRecord(path.join(dir, 'hive-keep.json')).moves).toEqual([]);
  });

  it('nothing is lost when the input ends, and a resumed DiceWars game plays on as it would have', async () => {
    const dir = scratchFolder();
    const flags = { players: 4, map: 'small', seats: 'human,gamedesign,gamedesign,gamedesign', seed: 'dice' };
    const cut = await play(dir, 'dicewars', flags, 'end');
    expect(cut).toContain('Input ended.');
    const file = path.join(dir, 'dicewars-dice.json');
    const record = readRecord(file);
    expect(record.moves).toContain('end');
    // The record replays to the same game: the dice come from the seed, not from the session.
    expect(replayRecord(record).ok).toBe(true);

    const resumed = await play(dir, 'dicewars', { resume: 'dicewars-dice.json' }, 'undo', 'end', 'quit');
    expect(resumed).toContain('No undo in a game of dice');
    const straight = await play(scratchFolder(), 'dicewars', flags, 'end', 'end', 'quit');
    // The bots' battles after the resume (their choices and the dice) are those of the game played straight through.
    const battles = (text: string) => text.split('\n').filter((l) => /^[BCD] \d+→\d+/.test(l));
    expect(battles(resumed).length).toBeGreaterThan(5);
    expect(battles(straight).slice(-battles(resumed).length)).toEqual(battles(resumed));
    expect(readRecord(file).moves.slice(0, record.moves.length)).toEqual(record.moves);
  });

  it('an all-AI game keeps a record only when asked, finished with its result', async () => {
    const dir = scratchFolder();
    await play(dir, 'nonaga', { red: 'random', black: 'random', seed: 'ai' });
    expect(existsSync(path.join(dir, 'nonaga-ai.json'))).toBe(false);
    const out = await play(dir, 'nonaga', { red: 'hard', black: 'random', seed: 'ai', record: 'watched.json' });
    const record = readRecord(path.join(dir, 'watched.json'));
    expect(out).toMatch(/Game over: Red wins/);
    expect(record.result).toMatchObject({ kind: 'win', winner: 0 });
    const replayed = replayRecord(record);
    expect(replayed.ok && replayed.value.moves.length).toBe(record.moves.length);
  });

  it('a move cap is recorded as such; --no-record keeps no file; the default never overwrites another game', async () => {
    const dir = scratchFolder();
    await play(dir, 'hive', { white: 'random', black: 'random', seed: 'cap', maxMoves: 4, record: 'cap.json' });
    expect(readRecord(path.join(dir, 'cap.json'))).toMatchObject({ termination: 'move-cap', result: { kind: 'draw' } });
    expect(replayRecord(readRecord(path.join(dir, 'cap.json'))).ok).toBe(true);
    await play(dir, 'hive', { black: 'human', seed: 'n', record: false }, 'wS1', 'quit');
    expect(existsSync(path.join(dir, 'hive-n.json'))).toBe(false);
    await play(dir, 'hive', { black: 'human', seed: 'twice' }, 'wS1', 'quit');
    const again = await play(dir, 'hive', { black: 'human', seed: 'twice' }, 'quit');
    expect(again).toContain('hive-twice-2.json');
    expect(readRecord(path.join(dir, 'hive-twice.json')).moves).toEqual(['wS1']);
  });

  it('a record file that cannot be written is refused before play starts', async () => {
    const dir = scratchFolder();
    await expect(play(dir, 'hive', { black: 'easy', record: 'no/such/folder/x.json' }, 'wS1')).rejects.toThrow(
      /^cannot save the game in no\/such\/folder\/x.json \(it does not exist\): name another file with --record FILE, or play with --no-record$/,
    );
  });

  it('a bad record is refused with what is wrong, and nothing is written over it', async () => {
    const dir = scratchFolder();
    const resume = (file: string, game = 'hive', flags: PlayFlags = {}) => play(dir, game, { ...flags, resume: file });
    await expect(resume('none.json')).rejects.toThrow('--resume: cannot read none.json: it does not exist');
    writeFileSync(path.join(dir, 'broken.json'), '{"game":');
    await expect(resume('broken.json')).rejects.toThrow(/--resume: broken.json is not JSON/);
    writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify({ game: 'hive', seed: 's', moves: ['wS1', 'wQ'], result: null }));
    await expect(resume('tampered.json')).rejects.toThrow(/--resume: tampered.json: move 2 \(wQ\): /);
    expect(readFileSync(path.join(dir, 'tampered.json'), 'utf8')).toContain('"wQ"');
    await expect(resume('tampered.json', 'nonaga')).rejects.toThrow(/this record is a game of hive, not nonaga/);
    await expect(resume('tampered.json', 'hive', { seed: 'x' })).rejects.toThrow('--seed cannot be used with --resume');
    await expect(resume('tampered.json', 'dicewars', { players: 3 })).rejects.toThrow('--players cannot be used with --resume');
  });

  it('only the game’s own words are commands: anything else is read as a move and refused with its reason', async () => {
    const out = await play(
      scratchFolder(),
      'dicewars',
      { players: 2, map: 'small', seats: 'human,human', seed: 'w' },
      'constructor',
      'quit',
    );
    expect(out).toContain('"constructor" is not a move: write "attack <from> <to>" or "end"');
  });

  it('a record from the browser or the server names people: they come back as human seats, agents as agents', async () => {
    const dir = scratchFolder();
    const record = { game: 'hive', seed: 's', moves: ['wS1'], result: null, players: ['bob', 'easy'] };
    writeFileSync(path.join(dir, 'online.json'), JSON.stringify(record));
    const out = await play(dir, 'hive', { resume: 'online.json' }, 'quit');
    expect(out).toContain('Hive, Base+MLP: White (human) against Black (easy).');
    expect(out).toMatch(/Black\[1\] easy: b/);
    // Nothing lost: the record still names bob.
    expect(readRecord(path.join(dir, 'online.json')).players).toEqual(['bob', 'easy']);
    const swapped = await play(dir, 'hive', { resume: 'online.json', white: 'easy', black: 'human' }, 'quit');
    expect(swapped).toContain('White (easy) against Black (human)');
    expect(readRecord(path.join(dir, 'online.json')).players).toEqual(['easy', 'human']);
  });

  it('resign ends the game for the other side, recorded as a resignation that replays', async () => {
    const dir = scratchFolder();
    const out = await play(dir, 'hive', { black: 'easy', seed: 'r' }, 'wS1', 'resign');
    expect(out).toContain('Black wins (White resigned).\nThe record is in hive-r.json.');
    const record = readRecord(path.join(dir, 'hive-r.json'));
    expect(record).toMatchObject({ termination: 'resignation', result: { kind: 'win', winner: 1 } });
    expect(replayRecord(record).ok).toBe(true);
    const crowd = await play(dir, 'dicewars', { players: 3, map: 'small', seats: 'human,hard,hard', seed: 'c' }, 'resign');
    expect(crowd).toMatch(/A> [BC] wins \(A resigned\)\.$/m);
    expect(readRecord(path.join(dir, 'dicewars-c.json')).result).toMatchObject({ ranking: [expect.any(Number), expect.any(Number), 0] });
  });

  it('a record that ended outside the rules is shown, not played on', async () => {
    const dir = scratchFolder();
    const record = { game: 'hive', seed: 's', moves: ['wS1'], result: { kind: 'win', winner: 0 }, termination: 'resignation' };
    writeFileSync(path.join(dir, 'resigned.json'), JSON.stringify(record));
    const out = await play(dir, 'hive', { resume: 'resigned.json' }, 'wQ -wS1');
    expect(out).toContain('This game ended by resignation: White wins.');
    expect(readRecord(path.join(dir, 'resigned.json')).moves).toEqual(['wS1']);
  });
});

describe('long and precious games are kept as they are', () => {
  /** An unfinished Hive game of `n` random moves, none of which ended it. */
  const longHiveRecord = (n: number) => ({
    game: 'hive',
    options: hive.defaultOptions,
    seed: 'long-terminal',
    moves: unfinishedGame('long-terminal', n).texts,
    result: null,
  });

  it('resuming a person’s game of 1,100 moves applies no move cap, and quitting leaves the file byte for byte', async () => {
    const dir = scratchFolder();
    const file = path.join(dir, 'long.json');
    // A field of another tool's, and the file's own layout: both must survive.
    const text = `${JSON.stringify({ ...longHiveRecord(1_100), event: 'club night' })}\n`;
    writeFileSync(file, text);
    const out = await play(dir, 'hive', { resume: 'long.json', white: 'human', black: 'human' }, 'quit');
    expect(out).not.toMatch(/Stopped after|draw/);
    expect(readFileSync(file, 'utf8')).toBe(text);
    // After a move the record is rewritten: one more move, still unfinished, the unknown field kept.
    const state = unwrap(replayRecord(JSON.parse(text))).state as HiveState;
    const move = hive.formatMove(state, hive.legalMoves(state)[0] as number);
    await play(dir, 'hive', { resume: 'long.json', white: 'human', black: 'human' }, move, 'quit');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after).toMatchObject({ event: 'club night', result: null });
    expect(after.moves).toHaveLength(1_101);
    expect(after.termination).toBeUndefined();
  });

  it('a save that fails mid-game does not end it: play goes on, and quitting prints every move', async () => {
    const dir = scratchFolder();
    const folder = path.join(dir, 'usb-stick');
    mkdirSync(folder);
    const { io, out } = captureIo(dir);
    async function* input() {
      yield 'b2';
      // The folder the record is in goes away (a drive unplugged).
      rmSync(folder, { recursive: true });
      yield 'a1';
      yield 'c3';
      yield 'quit';
    }
    await playGame(io, 'tictactoe', { o: 'human', seed: 'u', record: 'usb-stick/game.json' }, input());
    const printed = out();
    expect(printed).toMatch(/Could not save the game in usb-stick\/game.json \(it does not exist\); playing on/);
    expect(printed.match(/Could not save/g)).toHaveLength(1);
    expect(printed).toContain('The moves so far: b2, a1, c3');
    expect(printed).toContain('Not saved (it does not exist).');
  });
});
