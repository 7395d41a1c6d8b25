import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { GAMES, replayRecord } from '@hexarena/engines/games/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentSummary } from './commands/match.ts';
import { CLI_GAMES } from './games/index.ts';
import { main } from './main.ts';
import { captureIo } from './testing.ts';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/hexarena.js', import.meta.url));
const temps: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexarena-'));
  temps.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo();
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

describe('hexarena solve', () => {
  it('--json prints exactly the keys of the issue, with the figures of the rules doc', async () => {
    const { code, out } = await cli('solve', 'tictactoe', '--json');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json)).toEqual([
      'positions',
      'terminal',
      'nonTerminal',
      'symmetryClasses',
      'games',
      'xWins',
      'oWins',
      'draws',
      'value',
    ]);
    expect(json).toEqual({
      positions: 5478,
      terminal: 958,
      nonTerminal: 4520,
      symmetryClasses: 765,
      games: 255168,
      xWins: 131184,
      oWins: 77904,
      draws: 46080,
      value: 'draw',
    });
  });

  it('prints a readable table without --json', async () => {
    const { code, out } = await cli('solve', 'tictactoe');
    expect(code).toBe(0);
    expect(out).toMatch(/positions\s+5,478/);
    expect(out).toMatch(/X wins\s+131,184/);
    expect(out).toMatch(/value of the start\s+draw/);
  });
});

describe('hexarena match', () => {
  it("an outside UHP engine plays a seat: --b 'uhp:npx hexarena uhp' to the end, asked by depth", async () => {
    const dir = await tempDir();
    const { code, out, err } = await cli(
      'match',
      'hive',
      '--records',
      path.join(dir, 'games'),
      '--a',
      'hard',
      '--b',
      'uhp:npx hexarena uhp --seed cli',
      '--games',
      '1',
      '--depth',
      '1',
      '--seed',
      'outside',
      // An engine asked by depth has no time budget: only a hung one should lose, however busy the machine.
      '--move-timeout',
      '3600',
      '--json',
    );
    // Without a terminal, one line for the game on stderr, and nothing else.
    expect(err).toMatch(/^game 1\/1: hard–uhp:npx hexarena uhp --seed cli (1-0|0-1|½-½) \([^)]*\) · score [\d.]+\/1\n$/);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.agents.map((a: { agent: string }) => a.agent)).toEqual(['hard', 'uhp:npx hexarena uhp --seed cli']);
    expect(json.games).toBe(1);
    // Played out by the rules, not forfeited: the record replays to its result.
    const record = JSON.parse(await readFile(path.join(dir, 'games', 'hive-1.json'), 'utf8'));
    expect(record.termination).toBeUndefined();
    expect(record.moves.length).toBeGreaterThan(6);
  });

  it('--json gives { games, results: [{ agent, wins, draws, losses }] }, perfect never losing', async () => {
    const { code, out } = await cli('match', 'tictactoe', '--a', 'perfect', '--b', 'random', '--games', '200', '--seed', 'cli', '--json');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.games).toBe(200);
    expect(json.results.map((r: { agent: string }) => r.agent)).toEqual(['perfect', 'random']);
    const [perfect, random] = json.results;
    expect(Object.keys(perfect)).toEqual(['agent', 'wins', 'draws', 'losses']);
    expect(perfect.losses).toBe(0);
    expect(perfect.wins + perfect.draws + perfect.losses).toBe(200);
    expect(random.wins).toBe(perfect.losses);
  });

  it('dicewars: seats rotate, agents are counted by name with win rate, 95% interval and fair share', async () => {
    const seats = ['hard', 'gamedesign', 'gamedesign', 'gamedesign'].join(',');
    const { code, out } = await cli(
      'match',
      'dicewars',
      '--rules',
      'classic',
      '--players',
      '4',
      '--map',
      'small',
      '--seats',
      seats,
      '--games',
      '12',
      '--seed',
      'dw',
      '--json',
    );
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.games).toBe(12);
    expect(json.agents.map((a: { agent: string; seats: number }) => [a.agent, a.seats])).toEqual([
      ['hard', 1],
      ['gamedesign', 3],
    ]);
    const [hard, gd] = json.agents;
    expect(hard.wins + gd.wins + json.draws).toBe(12);
    expect(hard.winRate).toBeCloseTo(hard.wins / 12);
    expect(hard.ci95[0]).toBeLessThanOrEqual(hard.winRate);
    expect(hard.ci95[1]).toBeGreaterThanOrEqual(hard.winRate);
    // Every game has one first mover: the agents' first-move games add up, and so do the wins.
    expect(hard.first.games + gd.first.games).toBe(12);
    expect(hard.first.wins).toBeLessThanOrEqual(hard.first.games);
    const f = json.firstMover;
    expect(f.wins + f.draws + f.losses).toBe(12);
    expect(hard.first.wins + gd.first.wins).toBe(f.wins);
    for (const a of json.agents) expect(a.first.wins + a.first.draws + a.first.losses).toBe(a.first.games);
    // A drawn game is no loss for the one who moved first: perfect play draws every game.
    const perfect = JSON.parse((await cli('match', 'tictactoe', '--seats', 'perfect,perfect', '--games', '4', '--json')).out);
    expect(perfect.agents[0].first).toEqual({ games: 4, wins: 0, draws: 4, losses: 0 });
    const text = await cli('match', 'dicewars', '--players', '3', '--seats', 'hard,gamedesign,gamedesign', '--games', '3', '--seed', 'dw');
    expect(text.out).toMatch(/^gamedesign\s+2\s+\d+\s+\d+\s+\d+\s+[\d.]+% \([\d.]+%–[\d.]+%\)\s+66\.7%$/m);
    expect(text.out).toMatch(/^the first to move won \d of 3 games \([\d.]+%\)$/m);
    // The same seed plays the same games: the text's first-mover line agrees with the JSON's tallies.
    const same = JSON.parse(
      (await cli('match', 'dicewars', '--players', '3', '--seats', 'hard,gamedesign,gamedesign', '--games', '3', '--seed', 'dw', '--json'))
        .out,
    );
    const movers = (same.agents as AgentSummary[])
      .filter((a) => a.first.games > 0)
      .map((a) => `${a.agent} won ${a.first.wins} of ${a.first.games} (${((a.first.wins / a.first.games) * 100).toFixed(1)}%)`);
    expect(text.out).toContain(`\nmoving first: ${movers.join(', ')}\n`);
  });

  it('--records keeps every game: one file each that replays to the result the match counted, never over earlier files', async () => {
    const dir = path.join(await tempDir(), 'games');
    const { code, out } = await cli(
      'match',
      'nonaga',
      '--a',
      'random',
      '--b',
      'seed',
      '--games',
      '12',
      '--seed',
      'kept',
      '--records',
      dir,
      '--json',
    );
    expect(code).toBe(0);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(Array.from({ length: 12 }, (_, i) => `nonaga-${String(i + 1).padStart(2, '0')}.json`));
    const summary = JSON.parse(out);
    const winners = new Map<string, number>();
    for (const file of files) {
      const replayed = replayRecord(JSON.parse(await readFile(path.join(dir, file), 'utf8')));
      if (!replayed.ok) throw replayed.error;
      const { record } = replayed.value;
      const winner = record.result?.kind === 'win' ? (record.players?.[record.result.winner] ?? '?') : 'draw';
      winners.set(winner, (winners.get(winner) ?? 0) + 1);
    }
    expect(winners.get('seed') ?? 0).toBe(summary.agents.find((a: { agent: string }) => a.agent === 'seed').wins);
    expect(winners.get('draw') ?? 0).toBe(summary.draws);
    const again = await cli('match', 'nonaga', '--a', 'random', '--b', 'seed', '--games', '1', '--records', dir);
    expect([again.code, again.err]).toEqual([2, `hexarena: --records: ${dir} is not empty; give a new or empty folder\n`]);
    expect(await readdir(dir)).toHaveLength(12);
  });

  it('dicewars strength rules on a 10×10 grid', async () => {
    const { code, out } = await cli(
      'match',
      'dicewars',
      '--rules',
      'strength',
      '--players',
      '4',
      '--map',
      '10',
      '--seats',
      'hard,hexo,hexo,hexo',
      '--games',
      '4',
      '--seed',
      's',
      '--json',
    );
    expect(code).toBe(0);
    expect(JSON.parse(out).agents.map((a: { agent: string }) => a.agent)).toEqual(['hard', 'hexo']);
  });

  it('the same seed gives the same match', async () => {
    const a = await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '30', '--seed', 'again', '--json');
    const b = await cli('match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '30', '--seed', 'again', '--json');
    expect(a.out).toBe(b.out);
  });

  it('draws are told by their reason: a full tic-tac-toe board is no move cap', async () => {
    const { out } = await cli('match', 'tictactoe', '--a', 'perfect', '--b', 'perfect', '--games', '4', '--seed', 'full');
    expect(out).toContain('draws 4 (4 board full)');
    expect(out).not.toContain('cap');
  });

  it('prints a table with win rates and the seed', async () => {
    const { out } = await cli('match', 'tictactoe', '--a', 'max', '--b', 'easy', '--games', '20', '--seed', 'tbl');
    expect(out).toMatch(/20 games, seed tbl/);
    expect(out).toMatch(/^max\s+1\s+\d+\s+\d+\s+0\s+\d+\.\d%/m);
  });
});

describe('hexarena perft', () => {
  it('--json prints [{ depth, nodes, ms }] with the published counts, bulk or not', async () => {
    for (const bulk of [[], ['--bulk']]) {
      const { code, out } = await cli('perft', 'hive', '--type', 'Base+MLP', '--depth', '4', '--json', ...bulk);
      expect(code).toBe(0);
      const rows = JSON.parse(out);
      expect(rows.map((r: { depth: number; nodes: number }) => [r.depth, r.nodes])).toEqual([
        [1, 7],
        [2, 294],
        [3, 6678],
        [4, 151686],
      ]);
      expect(rows.every((r: { ms: number }) => typeof r.ms === 'number')).toBe(true);
    }
  });

  it('counts from a GameString, and prints one line per depth with time and rate', async () => {
    const { code, out } = await cli('perft', 'hive', '--position', 'Base;InProgress;White[2];wS1;bS1 wS1-', '--depth', '1');
    expect(code).toBe(0);
    // White's second turn: five bugs (Q, S2, B, G, A) on the three cells that touch wS1 and not bS1.
    expect(out).toMatch(/^depth\s+1\s+15 nodes\s+[\d.]+ ms/);
  });

  it('works for any game through the contract', async () => {
    const { out } = await cli('perft', 'tictactoe', '--depth', '2', '--json');
    expect(JSON.parse(out).map((r: { nodes: number }) => r.nodes)).toEqual([9, 72]);
  });
});

describe('bad input: one line on stderr, exit code 2, no stack trace', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'unknown game',
      ['solve', 'chess'],
      new RegExp(`^hexarena: unknown game "chess" \\(known: ${GAMES.map((g) => g.id).join(', ')}\\)\n$`),
    ],
    ['unknown option', ['solve', 'tictactoe', '--fast'], /^hexarena: unknown option '--fast'/],
    ['unknown command', ['conquer'], /^hexarena: unknown command 'conquer'/],
    ['missing argument', ['solve'], /^hexarena: missing required argument 'game'/],
    ['bad number', ['match', 'tictactoe', '--a', 'random', '--b', 'random', '--games', '-3'], /^hexarena: .*--games/],
    ['unknown agent', ['match', 'tictactoe', '--a', 'god', '--b', 'random'], /^hexarena: unknown agent "god" for tictactoe/],
    ['missing agent', ['match', 'tictactoe', '--a', 'random'], /^hexarena: name the players with --a and --b/],
    [
      'bad options JSON',
      ['match', 'tictactoe', '--a', 'random', '--b', 'random', '--options', '{x'],
      /^hexarena: --options must be a JSON object/,
    ],
    [
      'bad options',
      ['match', 'tictactoe', '--a', 'random', '--b', 'random', '--options', '{"size":4}'],
      /^hexarena: options: tic-tac-toe has no options/,
    ],
    [
      'seats and players disagree',
      ['match', 'dicewars', '--players', '3', '--seats', 'hard,gamedesign'],
      /^hexarena: dicewars with these options has 3 seats, but 2 agents were given/,
    ],
    [
      'too many strength players',
      ['match', 'dicewars', '--rules', 'strength', '--players', '6', '--seats', 'hexo'],
      /^hexarena: options: the strength rules take 2 to 4 players/,
    ],
    [
      'dicewars flags elsewhere',
      ['match', 'hive', '--players', '3', '--a', 'random', '--b', 'random'],
      /^hexarena: --rules, --players and --map are for dicewars/,
    ],
    [
      'unknown dicewars agent',
      ['match', 'dicewars', '--players', '2', '--seats', 'hard,perfect'],
      /^hexarena: unknown agent "perfect" for dicewars/,
    ],
    [
      'no record to resume',
      ['play', 'hive', '--resume', 'no-such-record.json'],
      /^hexarena: --resume: cannot read no-such-record.json: it does not exist\n$/,
    ],
    ['unknown tic-tac-toe seat', ['play', 'tictactoe', '--o', 'sage'], /^hexarena: --o: unknown agent "sage" for tictactoe/],
    [
      'no terminal game',
      ['play', 'chess'],
      new RegExp(
        `^hexarena: console play is for ${CLI_GAMES.map((g) => g.id)
          .slice(0, -1)
          .join(', ')} and ${CLI_GAMES.at(-1)?.id} \\(got "chess"\\)`,
      ),
    ],
    [
      'another game’s play flag',
      ['play', 'tictactoe', '--rules', 'classic'],
      /^hexarena: --rules, --players and --map are for dicewars\n$/,
    ],
    ['seats and seat flags', ['play', 'hive', '--seats', 'max,max', '--white', 'human'], /^hexarena: give --seats or --white, not both/],
    ['seats miscounted', ['play', 'nonaga', '--seats', 'hard'], /^hexarena: --seats names 1 players; nonaga has 2 seats \(red, black\)/],
    ['resume and seed', ['play', 'nonaga', '--resume', 'x.json', '--seed', '1'], /^hexarena: --seed cannot be used with --resume/],
    ['bad mode', ['export-static', 'tictactoe', '--out', 'x', '--mode', 'solo'], /^hexarena: .*'solo' is invalid.*two-player, vs-ai/],
    ['missing --out', ['export-static', 'tictactoe'], /^hexarena: required option '--out <dir>' not specified/],
    ['bad game type', ['perft', 'hive', '--type', 'Base+X', '--depth', '2'], /^hexarena: "Base\+X" is not a game type/],
    [
      'bad GameString',
      ['perft', 'hive', '--position', 'Base;InProgress;White[1];wQ', '--depth', '2'],
      /^hexarena: --position: move 1 \(wQ\)/,
    ],
    ['perft depth 0', ['perft', 'hive', '--depth', '0'], /^hexarena: .*--depth/],
    [
      'hive flags on another game',
      ['perft', 'tictactoe', '--depth', '2', '--type', 'Base'],
      /^hexarena: --type and --position are for hive/,
    ],
  ];
  for (const [name, argv, message] of cases) {
    it(name, async () => {
      const { code, out, err } = await cli(...argv);
      expect(code).toBe(2);
      expect(err).toMatch(message);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).not.toMatch(/ at .*\.ts:\d+/);
      expect(out).toBe('');
    });
  }

  it('play tictactoe takes its seats from --x and --o', async () => {
    const { code, out } = await cli('play', 'tictactoe', '--x', 'perfect', '--o', 'perfect', '--seed', 'cli');
    expect(code).toBe(0);
    expect(out).toContain('Tic-tac-toe: X (perfect) against O (perfect).');
    expect(out).toContain('Game over: draw (board full).');
  });

  it('--help and no arguments print the commands and succeed', async () => {
    for (const argv of [[], ['--help']]) {
      const { code, out } = await cli(...argv);
      expect(code).toBe(0);
      expect(out).toMatch(/solve/);
      expect(out).toMatch(/export-static/);
      expect(out).toMatch(/match/);
    }
  });
});

describe('hexarena export-static', () => {
  it('two-player: 5,478 pages on disk whose links all open from disk', async () => {
    const dir = await tempDir();
    const { code, out } = await cli('export-static', 'tictactoe', '--out', dir, '--mode', 'two-player');
    expect(code).toBe(0);
    expect(out).toMatch(/wrote 5,478 pages/);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.html'));
    expect(files).toHaveLength(5478);
    expect(files).toContain('index.html');
    // Follow every link from every page as a browser would from file://, and find its file.
    const onDisk = new Set(files);
    const pages = await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const));
    for (const [file, html] of pages) {
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        const target = new URL(href as string, pathToFileURL(path.join(dir, file)));
        expect(target.protocol).toBe('file:');
        expect(onDisk.has(path.relative(dir, fileURLToPath(target)))).toBe(true);
      }
    }
  });

  it('vs-ai: a start page choosing X or O, and the pages of each side in its own folder', async () => {
    const dir = await tempDir();
    const { code } = await cli('export-static', 'tictactoe', '--out', dir, '--mode', 'vs-ai');
    expect(code).toBe(0);
    const index = await readFile(path.join(dir, 'index.html'), 'utf8');
    expect(index).toMatch(/href="x\/---------\.html"/);
    expect(index).toMatch(/href="o\/[-x]{9}\.html"/);
    expect((await readdir(path.join(dir, 'x'))).length).toBeGreaterThan(100);
    expect((await readdir(path.join(dir, 'o'))).length).toBeGreaterThan(10);
  });

  it('never writes over a folder it did not make, but replaces its own earlier export', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'notes.txt'), 'mine');
    const refused = await cli('export-static', 'tictactoe', '--out', dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not empty/);
    expect(await readdir(dir)).toEqual(['notes.txt']);

    const own = await tempDir();
    expect((await cli('export-static', 'tictactoe', '--out', own)).code).toBe(0);
    expect((await cli('export-static', 'tictactoe', '--out', own, '--mode', 'vs-ai')).code).toBe(0);
    const html = (await readdir(own)).filter((f) => f.endsWith('.html'));
    expect(html).toEqual(['index.html']); // the two-player pages are gone, nothing else was touched
  });
});

describe('the installed command', () => {
  it('`hexarena --help` runs through bin/ and lists the commands', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help']);
    expect(stdout).toMatch(/Usage: hexarena/);
    expect(stdout).toMatch(/export-static/);
  });

  it('exits with code 2 and one line on a bad flag', async () => {
    const failed = await run(process.execPath, [bin, 'solve', 'tictactoe', '--nope']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toBe("hexarena: unknown option '--nope'\n");
  });
});
