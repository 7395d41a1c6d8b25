import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameRecord } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { hive, replayMoves } from '@hexarena/engines/games/hive/game.ts';
import { hiveProgress } from '@hexarena/engines/games/hive/progress.ts';
import { describe, expect, it } from 'vitest';
import { HEXARENA_BIN } from '../protocols/uhp/bridge.testing.ts';
import { main } from './main.ts';
import { captureIo, scratchFolder } from './testing.ts';

async function cli(...argv: string[]) {
  const { io, out, err } = captureIo(scratchFolder());
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

/** Two games of Hive between random players, with `flags` on top. */
const randomHive = (seed: string, ...flags: string[]) =>
  cli('match', 'hive', '--a', 'random', '--b', 'random', '--games', '2', '--seed', seed, ...flags);

/** The test engine of src/protocols/uhp in one of its modes, as a match names an outside engine. */
const fakeEngine = (mode: string): string =>
  `uhp:"${process.execPath}" "${fileURLToPath(new URL('../protocols/uhp/fake-engine.testing.mjs', import.meta.url))}" ${mode}`;

const records = (dir: string): GameRecord[] =>
  readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));

describe('hexarena match as engine authors run it', () => {
  it('writes each record as its game ends and, without a terminal, a line a game on stderr', async () => {
    const dir = path.join(scratchFolder(), 'games');
    const { io, out } = captureIo(scratchFolder());
    const seen: [string, string[]][] = [];
    // When a game's line is printed, its record (and every earlier one) is already on disk.
    const spy = { ...io, stderr: (t: string) => seen.push([t, readdirSync(dir).sort()]) };
    const code = await main(['match', 'tictactoe', '--a', 'max', '--b', 'random', '--games', '4', '--seed', 'each', '--records', dir], spy);
    expect(code).toBe(0);
    expect(seen.map(([, files]) => files)).toEqual([1, 2, 3, 4].map((n) => Array.from({ length: n }, (_, i) => `tictactoe-${i + 1}.json`)));
    expect(seen[0]?.[0]).toMatch(/^game 1\/4: max–random (1-0|0-1|½-½) \([^)]*, \d+ moves\) · score [\d.]+\/1\n$/);
    expect(seen[1]?.[0]).toMatch(/^game 2\/4: random–max /);
    expect(out()).toContain('records of the 4 games');
  });

  it('--concurrency plays games at once, each the game its number makes: the same records as one at a time', async () => {
    const one = path.join(scratchFolder(), 'one');
    const three = path.join(scratchFolder(), 'three');
    const common = ['match', 'tictactoe', '--a', 'random', '--b', 'max', '--games', '9', '--seed', 'lanes'];
    expect((await cli(...common, '--records', one)).code).toBe(0);
    const run = await cli(...common, '--concurrency', '3', '--records', three);
    expect(run.code).toBe(0);
    expect(records(three)).toEqual(records(one));
    expect(run.err.match(/^game \d+\/9: /gm)).toHaveLength(9);
    const http = await cli('match', 'hive', '--a', 'random', '--b', 'http:127.0.0.1:9', '--concurrency', '2');
    expect(http.code).toBe(2);
    expect(http.err).toMatch(/--concurrency: seed 004 players \(http:\) hear each game end before the next/);
  });

  it('an outside engine that never answers loses each game on time past --move-timeout; every game keeps its record', async () => {
    const stall = fakeEngine('stall');
    const dir = path.join(scratchFolder(), 'games');
    const { code, err } = await cli(
      'match',
      'hive',
      '--a',
      'random',
      '--b',
      stall,
      '--games',
      '2',
      '--seed',
      'hang',
      '--move-timeout',
      '1',
      '--records',
      dir,
    );
    expect(code).toBe(0);
    const games = records(dir);
    expect(games.map((r) => [r.termination, r.result?.kind === 'win' ? r.players?.[r.result.winner] : null])).toEqual([
      ['time', 'random'],
      ['time', 'random'],
    ]);
    expect(err).toMatch(/^game 2\/2: uhp:.* 0-1 \(uhp:.* lost on time: no move within 1 s, 0 moves\) · score 2\/2$/m);
  });

  it("an agent may carry a budget of its own after its name (@depth=N, @time=S), in place of the match's", async () => {
    const echo = fakeEngine('echo');
    const told = async (b: string, ...more: string[]) => {
      const { code, err } = await cli('match', 'hive', '--a', 'random', '--b', b, '--games', '1', '--seed', 'budget', ...more);
      expect(code).toBe(0);
      return /asked: (bestmove[^"]*)"/.exec(err)?.[1];
    };
    expect(await told(`${echo}@depth=4`)).toBe('bestmove depth 4');
    expect(await told(`${echo}@depth=4`, '--time', '2')).toBe('bestmove depth 4');
    expect(await told(`${echo}@time=3`, '--depth', '2')).toBe('bestmove time 00:00:03');
    expect(await told(echo, '--depth', '2')).toBe('bestmove depth 2');
    // The name keeps its budget, so the tally tells the two budgets of one engine apart.
    const own = await cli(
      'match',
      'hive',
      '--a',
      'easy@depth=1',
      '--b',
      'easy@depth=2',
      '--games',
      '2',
      '--seed',
      'b',
      '--max-moves',
      '6',
      '--json',
    );
    expect(own.code).toBe(0);
    expect(JSON.parse(own.out).agents.map((a: { agent: string }) => a.agent)).toEqual(['easy@depth=1', 'easy@depth=2']);
    for (const bad of ['easy@depth=0', 'easy@depth=x', 'easy@time=-1']) {
      const refused = await cli('match', 'hive', '--a', bad, '--b', 'random', '--games', '1');
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/@(depth|time)= takes/);
    }
  });

  it('an outside engine is brought up to date move by move (play), with newgame only for a new game', async () => {
    const log = path.join(scratchFolder(), 'sent.txt');
    const engine = fakeEngine(`tee "${log}" "${process.execPath}" "${HEXARENA_BIN}" uhp --seed tee`);
    const dir = path.join(scratchFolder(), 'games');
    const { code } = await cli(
      'match',
      'hive',
      '--a',
      'random',
      '--b',
      engine,
      '--games',
      '2',
      '--depth',
      '1',
      '--max-moves',
      '12',
      '--seed',
      'tee',
      '--records',
      dir,
    );
    expect(code).toBe(0);
    const games = records(dir);
    expect(games.map((r) => [r.moves.length, r.termination])).toEqual([
      [12, 'move-cap'],
      [12, 'move-cap'],
    ]);
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    // One newgame a game; every other move reaches the engine as a play, in the order of the record.
    expect(sent.filter((l) => l.startsWith('newgame'))).toHaveLength(2);
    expect(sent.filter((l) => l.startsWith('bestmove'))).toHaveLength(12);
    const [firstGame] = sent
      .join('\n')
      .split(/\nnewgame /)
      .map((part) => part.split('\n'));
    const played = (firstGame ?? []).filter((l) => l.startsWith('play ')).map((l) => l.slice(5));
    const newgame = (firstGame ?? [])[0] ?? '';
    const known = newgame.split(';').slice(3);
    expect([...known, ...played]).toEqual(games[0]?.moves.slice(0, known.length + played.length));
    expect(played.length).toBeGreaterThan(4);
  });

  it('--max-moves adjudicates a game going nowhere as a draw at the cap, and the record says so', async () => {
    const dir = path.join(scratchFolder(), 'games');
    const { code, out } = await randomHive('cap', '--max-moves', '12', '--records', dir);
    expect(code).toBe(0);
    expect(out).toContain('draws 2 (2 stopped after 12 moves)');
    for (const r of records(dir)) {
      expect(r.moves).toHaveLength(12);
      expect(r.termination).toBe('move-cap');
    }
  });

  it('--adjudicate draws a game whose queens and hands have stood still for n moves; games without such a measure refuse it', async () => {
    const dir = path.join(scratchFolder(), 'games');
    const { code, out } = await randomHive('still', '--adjudicate', '3', '--records', dir);
    expect(code).toBe(0);
    expect(out).toContain('draws 2 (2 adjudicated: nothing changed in 3 moves)');
    for (const r of records(dir)) {
      expect(r.termination).toBe('adjudication');
      // The last three moves left both queens' neighbours and both hands as they were.
      const options = unwrap(hive.parseOptions(r.options));
      const state = (n: number) => unwrap(replayMoves(options, r.moves.slice(0, n)));
      const still = [3, 2, 1, 0].map((back) => hiveProgress(state(r.moves.length - back)));
      expect(new Set(still).size).toBe(1);
      expect(hiveProgress(state(r.moves.length - 4))).not.toBe(still[0]);
    }
    const refused = await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', '--adjudicate', '3');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--adjudicate: tictactoe has no measure of progress (hive has); use --max-moves');
  });

  it('--random-opening: each opening is played twice from the same moves, the colours swapped', async () => {
    const dir = path.join(scratchFolder(), 'games');
    const { code, out } = await cli(
      'match',
      'hive',
      '--a',
      'easy',
      '--b',
      'random',
      '--games',
      '6',
      '--seed',
      'open',
      '--random-opening',
      '4',
      '--max-moves',
      '30',
      '--records',
      dir,
    );
    expect(code).toBe(0);
    expect(out).toContain('each opening played twice, the colours swapped');
    const games = records(dir);
    const openings = games.map((r) => r.moves.slice(0, 4).join(';'));
    for (let k = 0; k < 3; k++) {
      expect(openings[2 * k + 1]).toBe(openings[2 * k]);
      expect(games[2 * k]?.players).toEqual(['easy', 'random']);
      expect(games[2 * k + 1]?.players).toEqual(['random', 'easy']);
      expect(games[2 * k + 1]?.seed).toBe(games[2 * k]?.seed);
    }
    expect(new Set(openings).size).toBe(3);
  });

  it('--random-opening 0: DiceWars games paired on one seed (map, deal, dice), the seats swapped', async () => {
    const dir = path.join(scratchFolder(), 'games');
    const args = ['--seats', 'medium,gamedesign', '--games', '4', '--seed', 'pair', '--random-opening', '0', '--records', dir];
    const { code } = await cli('match', 'dicewars', '--players', '2', ...args);
    expect(code).toBe(0);
    const games = records(dir);
    for (let k = 0; k < 2; k++) {
      expect(games[2 * k]?.players).toEqual(['medium', 'gamedesign']);
      expect(games[2 * k + 1]?.players).toEqual(['gamedesign', 'medium']);
      expect(games[2 * k + 1]?.seed).toBe(games[2 * k]?.seed);
    }
    expect(games[2]?.seed).not.toBe(games[0]?.seed);
  });

  it('--openings: a file of GameStrings (hive) or moves by ; (others), each line played twice with the colours swapped', async () => {
    const folder = scratchFolder();
    writeFileSync(
      path.join(folder, 'hive.txt'),
      '# two openings\nBase+MLP;InProgress;Black[1];wS1\nBase+MLP;InProgress;White[2];wG1;bA1 wG1-\n',
    );
    writeFileSync(path.join(folder, 'ttt.txt'), 'b2;a1\n');
    const dir = path.join(folder, 'games');
    const { io } = captureIo(folder);
    expect(
      await main(
        [
          'match',
          'hive',
          '--a',
          'easy',
          '--b',
          'random',
          '--games',
          '4',
          '--seed',
          'f',
          '--openings',
          'hive.txt',
          '--max-moves',
          '20',
          '--records',
          dir,
        ],
        io,
      ),
    ).toBe(0);
    const games = records(dir);
    expect(games.map((r) => r.moves.slice(0, r === games[0] || r === games[1] ? 1 : 2))).toEqual([
      ['wS1'],
      ['wS1'],
      ['wG1', 'bA1 wG1-'],
      ['wG1', 'bA1 wG1-'],
    ]);
    expect(games.map((r) => r.players?.[0])).toEqual(['easy', 'random', 'easy', 'random']);
    const t = path.join(folder, 't');
    expect(
      await main(['match', 'tictactoe', '--a', 'max', '--b', 'random', '--games', '2', '--openings', 'ttt.txt', '--records', t], io),
    ).toBe(0);
    expect(records(t).map((r) => r.moves.slice(0, 2))).toEqual([
      ['b2', 'a1'],
      ['b2', 'a1'],
    ]);
  });

  it('--sprt stops when the test decides, with the LLR and its bounds: a known-better pair accepts H1, a known-equal pair H0', async () => {
    const better = await cli(
      'match',
      'tictactoe',
      '--a',
      'max',
      '--b',
      'random',
      '--games',
      '200',
      '--seed',
      's',
      '--sprt',
      '0,200',
      '--json',
    );
    expect(better.code).toBe(0);
    const b = JSON.parse(better.out);
    expect(b.sprt).toMatchObject({ elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05, verdict: 'H1' });
    expect(b.sprt.llr).toBeGreaterThanOrEqual(b.sprt.upper);
    expect(b.sprt.upper).toBeCloseTo(Math.log(0.95 / 0.05));
    expect(b.games).toBeLessThan(20);
    expect(b.games % 2).toBe(0);

    const equal = await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '400', '--seed', 's', '--sprt', '0,200');
    expect(equal.code).toBe(0);
    expect(equal.out).toMatch(/^SPRT \[0, 200\] α 0\.05 β 0\.05: LLR -\d+\.\d\d \(bounds -2\.94, 2\.94\): H0 accepted/m);
    expect(equal.out).toMatch(/^Tic-tac-toe: (\d+) games/m);
    expect(Number(/(\d+) games/.exec(equal.out)?.[1])).toBeLessThan(400);
    // Every game's line carries the LLR as it stands.
    expect(equal.err).toMatch(/^game 2\/400: .* · LLR -?\d+\.\d\d \(-2\.94, 2\.94\)$/m);
  });

  it.each([
    [['--sprt', '10,0'], /^hexarena: --sprt must be two Elo differences elo0,elo1 with elo0 below elo1/],
    [['--sprt', '0,x'], /^hexarena: --sprt must be two/],
    [['--alpha', '0.05'], /^hexarena: --alpha and --beta are for --sprt/],
    [['--sprt', '0,5', '--alpha', '2'], /^hexarena: .*--alpha.*probability/],
    [['--random-opening', '2', '--openings', 'x.txt'], /^hexarena: give --openings or --random-opening, not both/],
    [['--max-moves', '0'], /^hexarena: .*--max-moves/],
    [['--random-opening', '4', '--max-moves', '4'], /^hexarena: --random-opening 4 leaves no move to the agents under --max-moves 4/],
  ])('refuses %j in words', async (flags, message) => {
    const { code, err } = await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', ...flags);
    expect([code, err]).toEqual([2, expect.stringMatching(message)]);
  });

  it('refuses openings it cannot read: a line of another game type, a bad move, a game of chance', async () => {
    const folder = scratchFolder();
    writeFileSync(path.join(folder, 'o.txt'), 'Base;InProgress;Black[1];wS1\n');
    writeFileSync(path.join(folder, 't.txt'), 'b2;b2\n');
    const { io, err } = captureIo(folder);
    expect(await main(['match', 'hive', '--a', 'random', '--b', 'random', '--openings', 'o.txt'], io)).toBe(2);
    expect(await main(['match', 'tictactoe', '--a', 'random', '--b', 'random', '--openings', 't.txt'], io)).toBe(2);
    expect(await main(['match', 'dicewars', '--players', '2', '--seats', 'hard,hard', '--openings', 't.txt'], io)).toBe(2);
    const lines = err().split('\n');
    expect(lines[0]).toMatch(/^hexarena: --openings: o\.txt line 1: it is a Base game, and the match plays Base\+MLP/);
    expect(lines[1]).toMatch(/^hexarena: --openings: t\.txt line 1: b2: /);
    expect(lines[2]).toMatch(/^hexarena: --openings: dicewars deals its start from the seed/);
  });
});
