import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedLines } from '../lines.ts';
import { GtpEngine } from './engine.ts';
import { cellAcross, colourOf, sideOf } from './frame.ts';
import { MAX_GTP_LINE_BYTES, runGtpSession } from './session.ts';

/** Each command's answer, in order (blank and comment lines have none). */
async function session(...lines: string[]): Promise<string[]> {
  const engine = new GtpEngine('test', { level: 'easy', timeMs: 100, seed: 'gtp' });
  const answers: string[] = [];
  for (const line of lines) {
    const answer = await engine.handle(line);
    if (answer) answers.push(answer.text);
  }
  return answers;
}

/** The stones of a showboard answer: `B`/`W` by cell name. */
function stones(board: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of board.split('\n')) {
    const m = /^\s*(\d+) (.*) \1$/.exec(line);
    if (!m) continue;
    (m[2] as string).split(' ').forEach((s, c) => {
      if (s !== '.') found[`${String.fromCharCode(97 + c)}${m[1]}`] = s;
    });
  }
  return found;
}

describe('the frames of the pie rule', () => {
  it('are one before a swap; after it the colours are exchanged and cells mirrored, each way the inverse of the other', () => {
    expect([colourOf(0, false), colourOf(1, false), colourOf(0, true), colourOf(1, true)]).toEqual(['b', 'w', 'w', 'b']);
    for (const swapped of [false, true]) for (const side of [0, 1]) expect(sideOf(colourOf(side, swapped), swapped)).toBe(side);
    // b1 on 5×5 (cell 1) is a2 (cell 5) in the mirror; a cell on the long diagonal stays.
    expect([cellAcross(5, 1, true), cellAcross(5, 5, true), cellAcross(5, 12, true), cellAcross(5, 1, false)]).toEqual([5, 1, 12, 1]);
  });
});

describe('hexarena as a GTP Hex engine', () => {
  it('answers the protocol’s own commands, with the command’s number when it has one; comments and blank lines get no answer', async () => {
    expect(await session('protocol_version', '# a comment', '', '7 name', 'known_command genmove', 'known_command fly', 'quit')).toEqual([
      '= 2\n\n',
      '=7 hexarena\n\n',
      '= true\n\n',
      '= false\n\n',
      '=\n\n',
    ]);
    const [list = ''] = await session('list_commands');
    expect(list.split('\n')).toEqual(expect.arrayContaining(['boardsize', 'play', 'genmove', 'undo', 'showboard', 'time_left']));
  });

  it('refuses in words: unknown commands, sizes, colours, cells, occupied cells, moves out of turn, a pie rule changed mid-game', async () => {
    expect(
      await session(
        'fly away',
        'boardsize 20',
        'boardsize 9 7',
        'boardsize 5',
        'play red c3',
        'play b z9',
        'play w c3',
        'play b c3',
        'play w c3',
        'param_game allow_swap 0',
        'genmove b',
        'undo',
        'undo',
        'undo',
      ),
    ).toEqual([
      '? unknown command fly\n\n',
      '? unacceptable size: hexarena plays square boards from 1 to 19\n\n',
      '? unacceptable size: hexarena plays square boards from 1 to 19\n\n',
      '=\n\n',
      '? red is not a colour: b, black, w or white\n\n',
      '? illegal move: "z9" is not a cell: a column letter and a row number, such as c3\n\n',
      "? it is Black's turn\n\n",
      '=\n\n',
      '? illegal move: c3 holds a Red stone\n\n',
      '? the pie rule is set before the first move\n\n',
      "? it is White's turn\n\n",
      '=\n\n',
      '? cannot undo: no move was played\n\n',
      '? cannot undo: no move was played\n\n',
    ]);
  });

  it('plays the pie rule as MoHex does: after swap-pieces the stone stays Black’s and White moves; the board is shown so', async () => {
    const answers = await session('boardsize 5', 'play b b1', 'play w swap-pieces', 'showboard', 'play b c3', 'play w c3', 'showboard');
    expect(answers.slice(0, 3)).toEqual(['=\n\n', '=\n\n', '=\n\n']);
    expect(stones(answers[3] as string)).toEqual({ b1: 'B' });
    expect(answers[4]).toBe("? it is White's turn\n\n");
    expect(answers[5]).toBe('=\n\n');
    expect(stones(answers[6] as string)).toEqual({ b1: 'B', c3: 'W' });
    // Without the pie rule there is no swap.
    expect((await session('boardsize 5', 'param_game allow_swap 0', 'play b b1', 'play w swap-pieces'))[3]).toMatch(
      /^\? illegal move: swap is the pie rule, which this game is played without/,
    );
  });

  it('genmove plays a legal move for the side to move and keeps it; final_score names the winner; undo takes back', async () => {
    const engine = new GtpEngine('test', { level: 'easy', timeMs: 100, seed: 'gtp' });
    const ask = async (line: string) => (await engine.handle(line))?.text ?? '';
    expect(await ask('boardsize 5')).toBe('=\n\n');
    const played = new Set<string>();
    let colour: 'b' | 'w' = 'b';
    for (let i = 0; i < 25; i++) {
      const answer = await ask(`genmove ${colour}`);
      if (answer.startsWith('? the game is over')) break;
      const move = /^= (\S+)\n\n$/.exec(answer)?.[1] as string;
      expect(move, answer).toMatch(/^([a-e][1-5]|swap-pieces)$/);
      // After swap-pieces the players have exchanged colours: White (now the first player) moves next.
      if (move === 'swap-pieces') continue;
      expect(played.has(move)).toBe(false);
      played.add(move);
      colour = colour === 'b' ? 'w' : 'b';
    }
    expect(await ask('final_score')).toMatch(/^= [BW]\+\n\n$/);
    const board = stones(await ask('showboard'));
    expect(Object.keys(board).sort()).toEqual([...played].sort());
    expect(await ask('undo')).toBe('=\n\n');
    expect(await ask('final_score')).toBe('? the game is not over\n\n');
  });

  it('takes its time from time_settings and time_left, and refuses nonsense there', async () => {
    expect(await session('time_settings 300 10 1', 'time_left b 30 0', 'time_left b 12 3', 'time_settings x', 'time_left red 1 1')).toEqual(
      [
        '=\n\n',
        '=\n\n',
        '=\n\n',
        '? time_settings takes main time, byo-yomi time and byo-yomi stones: three numbers\n\n',
        '? time_left takes a colour, the seconds left and the stones left\n\n',
      ],
    );
  });

  it('a session reads line by line, answers a line too long in words and goes on, and ends at quit', async () => {
    const out: string[] = [];
    const input = Readable.from([`name\n${'x'.repeat(MAX_GTP_LINE_BYTES + 10)}\nprotocol_version\nquit\nname\n`]);
    await runGtpSession(boundedLines(input, MAX_GTP_LINE_BYTES), (t) => void out.push(t), 'v', { level: 'easy', timeMs: 50 });
    expect(out).toEqual([
      '= hexarena\n\n',
      `? the line is longer than ${MAX_GTP_LINE_BYTES} bytes; it was ignored\n\n`,
      '= 2\n\n',
      '=\n\n',
    ]);
  });
});
