import { Writable } from 'node:stream';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { loadGameString } from '@hexarena/engines/games/hive/game.ts';
import { legalMoves } from '@hexarena/engines/games/hive/movegen.ts';
import { parseMove } from '@hexarena/engines/games/hive/notation.ts';
import { describe, expect, it } from 'vitest';
import { boundedLines, TOO_LONG, writerFor } from '../lines.ts';
import { UhpEngine } from './engine.ts';
import { MAX_LINE_BYTES, runUhpSession } from './session.ts';

/** Feeds commands to a fresh engine and returns every answer, each ending in "ok". */
async function transcript(...commands: string[]): Promise<string[][]> {
  const engine = new UhpEngine('0.1.0', 'test');
  const answers: string[][] = [];
  for (const c of commands) answers.push(await engine.handle(c));
  return answers;
}

describe('UHP engine', () => {
  it('introduces itself with id and capabilities, ending with ok', async () => {
    const [info] = await transcript('info');
    expect(info).toEqual(['id hexarena v0.1.0', 'Mosquito;Ladybug;Pillbug', 'ok']);
  });

  it('every answer ends with ok, errors and invalid moves included; a blank line is answered ok', async () => {
    const answers = await transcript(
      'play wS1',
      'newgame Chess',
      'newgame',
      'play wQ',
      'play',
      'frobnicate',
      'undo x',
      'bestmove depth 0',
      '   ',
    );
    expect(answers[0]).toEqual(["err No game in progress. Try 'newgame' to start a new game.", 'ok']);
    expect(answers[1]?.[0]).toMatch(/^err "Chess" is not a game type/);
    expect(answers[2]).toEqual(['Base;NotStarted;White[1]', 'ok']);
    expect(answers[3]).toEqual(["invalidmove You can't place your Queen Bee on your first turn.", 'ok']);
    expect(answers[4]?.[0]).toMatch(/^invalidmove /);
    expect(answers[5]?.[0]).toMatch(/^err Invalid command "frobnicate"/);
    expect(answers[6]?.[0]).toMatch(/^err /);
    expect(answers[7]?.[0]).toMatch(/^err /);
    expect(answers[8]).toEqual(['ok']);
    for (const a of answers) expect(a.at(-1)).toBe('ok');
  });

  it('commands are case-insensitive', async () => {
    const [, played] = await transcript('NEWGAME base+m', 'PlAy wS1');
    expect(played).toEqual(['Base+M;InProgress;Black[1];wS1', 'ok']);
  });

  it('newgame with a GameString replays it, normalising state, turn and references', async () => {
    const [a] = await transcript('newgame Base+MLP;NotStarted;White[1];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2;wQ /wQ');
    expect(a).toEqual(['Base+MLP;InProgress;Black[4];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2;wQ wA1\\', 'ok']);
    const [bad] = await transcript('newgame Base;InProgress;White[2];wS1;bS1 wS1-;wQ wS1');
    expect(bad).toEqual(["invalidmove move 3 (wQ wS1): You can't place a piece on top of another.", 'ok']);
  });

  it('play, pass, validmoves and undo N', async () => {
    const [, , valid, , undone, tooMany] = await transcript('newgame Base', 'play wS1', 'validmoves', 'play bS1 wS1-', 'undo 2', 'undo 1');
    expect(valid?.[0]?.split(';')).toHaveLength(24); // 4 bugs × 6 cells
    expect(undone).toEqual(['Base;NotStarted;White[1]', 'ok']);
    expect(tooMany).toEqual(["err Can't undo 1 moves: only 0 have been played.", 'ok']);
    const [, passTooEarly] = await transcript('newgame', 'pass');
    expect(passTooEarly).toEqual(['invalidmove You can only pass when you have no other move.', 'ok']);
  });

  it('options lists, gets and sets, refusing bad names and values', async () => {
    const [list, get, set, badName, badValue, after] = await transcript(
      'options',
      'options get TournamentRule',
      'options set TournamentRule False',
      'options get Speed',
      'options set DefaultTimeSeconds 0',
      'newgame',
    );
    expect(list).toEqual([
      'TournamentRule;bool;True;True',
      'RepetitionDraw;bool;False;False',
      'DefaultTimeSeconds;int;5;5;1;3600',
      'TranspositionTableSizeMB;int;14;14;1;1024',
      'MaxHelperThreads;int;0;0;0;64',
      'MaxSearchSeconds;int;600;600;1;86400',
      'ok',
    ]);
    expect(get).toEqual(['TournamentRule;bool;True;True', 'ok']);
    expect(set).toEqual(['TournamentRule;bool;False;True', 'ok']);
    expect(badName?.[0]).toMatch(/^err Unknown option "Speed"/);
    expect(badValue?.[0]).toMatch(/^err DefaultTimeSeconds is a whole number/);
    expect(after?.[0]).toBe('Base;NotStarted;White[1]');
  });

  it('the tournament option decides whether the queen may open', async () => {
    const [, , queen] = await transcript('options set TournamentRule False', 'newgame', 'play wQ');
    expect(queen).toEqual(['Base;InProgress;Black[1];wQ', 'ok']);
  });

  it('bestmove depth N and bestmove time return a legal move', async () => {
    const engine = new UhpEngine('0.1.0', 'bm');
    const gameString = 'Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2';
    await engine.handle(`newgame ${gameString}`);
    const state = unwrap(loadGameString(gameString));
    const legal = new Set(legalMoves(state.pos));
    const [byDepth] = await engine.handle('bestmove depth 2');
    expect(legal.has(unwrap(parseMove(state.pos, byDepth as string)))).toBe(true);
    const [byTime] = await engine.handle('bestmove time 00:00:01');
    expect(legal.has(unwrap(parseMove(state.pos, byTime as string)))).toBe(true);
    // Thinking does not change the game.
    expect(await engine.handle('undo 0')).toEqual(['err Use undo or undo N, with N a whole number of at least 1.', 'ok']);
    const [again] = await engine.handle('validmoves');
    expect(again?.split(';').length).toBe(legal.size);
  });

  it('a finished game: the GameString says who won, and bestmove, validmoves and play are refused', async () => {
    // A real game (hard as Black against random, Base): Black surrounds the white queen on move 18.
    const moves =
      'wB1;bS1 wB1\\;wQ wB1/;bQ bS1-;wS1 wQ-;bA1 /bS1;wB2 -wB1;bA1 wS1-;wS2 \\wS1;bA2 /bS1;wA1 -wQ;bA1 \\wA1;wA2 \\wS2;bA2 wS1-;wA2 wS2/;bA2 -wS2;wA3 /wB2;bQ wQ\\';
    const [loaded, best, valid, play] = await transcript(
      `newgame Base;InProgress;White[1];${moves}`,
      'bestmove depth 1',
      'validmoves',
      'play wA3 -wA1',
    );
    expect(loaded?.[0]).toMatch(/^Base;BlackWins;White\[10\];/);
    expect(best).toEqual(['err The game is over.', 'ok']);
    expect(valid).toEqual(['err The game is over.', 'ok']);
    expect(play).toEqual(['invalidmove The game is over.', 'ok']);
  });

  it('the perft extension counts from the current position', async () => {
    const [, perft] = await transcript('newgame Base+MLP', 'perft 3');
    expect(perft?.map((l) => l.replace(/ in .*/, ''))).toEqual(['perft(1) = 7', 'perft(2) = 294', 'perft(3) = 6678', 'ok']);
  });
});

describe('UHP session', () => {
  it('prints info at start, answers in order, and stops at exit', async () => {
    async function* lines() {
      yield 'newgame Base';
      yield 'play wS1';
      yield 'exit';
      yield 'play bS1 wS1-';
    }
    let out = '';
    await runUhpSession(
      lines(),
      (t) => {
        out += t;
      },
      '0.1.0',
      's',
    );
    expect(out).toBe('id hexarena v0.1.0\nMosquito;Ladybug;Pillbug\nok\nBase;NotStarted;White[1]\nok\nBase;InProgress;Black[1];wS1\nok\n');
  });
});

describe('UHP input from a careless or hostile client', () => {
  it('a line past the limit is answered with err and skipped; the next line is read as usual', async () => {
    async function* chunks() {
      yield Buffer.from('newgame Base\n');
      // 1.5 MiB of one line, in pieces as a pipe delivers them.
      for (let i = 0; i < 24; i++) yield Buffer.alloc(64 * 1024, 'a');
      yield Buffer.from('\ninfo\n');
    }
    let out = '';
    await runUhpSession(
      boundedLines(chunks(), MAX_LINE_BYTES),
      (t) => {
        out += t;
      },
      '0.1.0',
    );
    const lines = out.split('\n');
    expect(lines.slice(3, 5)).toEqual(['Base;NotStarted;White[1]', 'ok']);
    expect(lines[5]).toMatch(/^err The line is longer than 1048576 bytes; it was ignored\.$/);
    expect(lines.slice(6, 9)).toEqual(['ok', 'id hexarena v0.1.0', 'Mosquito;Ladybug;Pillbug']);
  });

  it('bounded lines: CRLF and a last line without newline are read; a long line is skipped whole', async () => {
    async function* chunks() {
      yield 'ab\r\ncd';
      yield 'efghij\nk';
    }
    const seen: (string | symbol)[] = [];
    for await (const line of boundedLines(chunks(), 4)) seen.push(line);
    expect(seen).toEqual(['ab', TOO_LONG, 'k']);
  });

  it('errors quote the client’s text without control characters and cut to a readable length', async () => {
    const [controls, huge] = await transcript(`frob\u001b[31mnicate\u0007`, `play ${'x'.repeat(100_000)}`);
    expect(controls?.[0]).toBe('err Invalid command "frob\\x1b[31mnicate\\x07". Try \'help\' to see a list of valid commands.');
    expect(huge?.[0]).toMatch(/^err No game in progress/);
    const [, long] = await transcript('newgame Base', `play ${'x'.repeat(100_000)}`);
    expect(long?.[0]?.length).toBeLessThan(300);
    expect(long?.[0]).toMatch(/^invalidmove .*… \(\d+ characters\)$/);
  });

  it('searches and perfts that could not finish are refused or cut short, and later commands are answered', async () => {
    let now = 0;
    // The search reads its clock every 1,024 nodes: 25 ms a reading makes a second about 40 readings.
    const engine = new UhpEngine('0.1.0', 'limits', () => (now += 25));
    const midgame = 'Base+MLP;InProgress;White[4];wS1;bG1 -wS1;wA1 wS1/;bG2 /bG1;wQ wA1-;bQ /bG2';
    await engine.handle(`newgame ${midgame}`);
    expect((await engine.handle('bestmove depth 60'))[0]).toMatch(/^err Use bestmove .*N from 1 to 30/);
    expect((await engine.handle('bestmove time 9999:00:00'))[0]).toMatch(
      /^err bestmove time 9999:00:00 is longer than MaxSearchSeconds \(600\)/,
    );
    // A deep search stops at MaxSearchSeconds, on the engine's clock.
    await engine.handle('options set MaxSearchSeconds 1');
    const [move, ok] = await engine.handle('bestmove depth 30');
    expect(move).toMatch(/^[wb][QSBGAMLP]/);
    expect(ok).toBe('ok');
    expect(now).toBeLessThan(1_100);
    const perft = await engine.handle('perft 8');
    expect(perft.at(-2)).toMatch(/^err perft stopped before depth \d: it would walk \d+ positions, more than 2000000\.$/);
    expect(perft.at(-1)).toBe('ok');
    expect((await engine.handle('validmoves'))[0]?.split(';').length).toBeGreaterThan(10);
  });

  it('a reader slower than the engine holds it back: output waits, memory does not grow', async () => {
    let most = 0;
    const slow = new Writable({
      highWaterMark: 4096,
      write(_chunk, _encoding, done) {
        setImmediate(done);
      },
    });
    const write = writerFor(slow);
    async function* commands() {
      yield 'newgame Base+MLP';
      for (let i = 0; i < 3_000; i++) {
        most = Math.max(most, slow.writableLength);
        yield 'validmoves';
      }
    }
    await runUhpSession(commands(), write, '0.1.0');
    // Each answer is a few hundred bytes: without waiting, the buffer would hold all 3,000 of them.
    expect(most).toBeLessThan(4096 + 1024);
  });
});
