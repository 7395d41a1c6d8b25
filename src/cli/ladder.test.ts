import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAMES } from '@hexarena/engines/games/index.ts';
import { describe, expect, it } from 'vitest';
import { HEXARENA_BIN } from '../protocols/uhp/bridge.testing.ts';
import { startServer } from '../server/online.testing.ts';
import { type LadderReport, ladderCommand, ladderEntrants } from './commands/ladder.ts';
import { UsageError } from './io.ts';
import { main } from './main.ts';
import { captureIo, scratchFolder } from './testing.ts';

/**
 * `hexarena ladder`: hexarena's levels and outside UHP engines in a rated round-robin. Every player
 * here stops at a depth or a node budget long before the time a move (60 s), so the games, and so the
 * table, are the same on any machine and under any load.
 */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { io, out, err } = captureIo(scratchFolder());
  const code = await main(argv, io);
  return { code, out: out(), err: err() };
}

const quote = (s: string) => `"${s}"`;
/** hexarena's own UHP engine as an outside program, asked for `bestmove depth 1` (as strong as easy). */
const OWN_ENGINE = `uhp:${quote(process.execPath)} ${quote(HEXARENA_BIN)} uhp --seed ladder`;
const FAKE = fileURLToPath(new URL('../protocols/uhp/fake-engine.testing.mjs', import.meta.url));
const CRASHING = `uhp:${quote(process.execPath)} ${quote(FAKE)} crash`;
const hive = GAMES.find((g) => g.id === 'hive');
if (!hive) throw new Error('no hive');

describe('hexarena ladder hive', () => {
  it('a round-robin of levels and an outside UHP engine ends with ratings ordered as their strength', async () => {
    // hexarena's own engine searched to depth 3 (hard's depth, without its node budget) is the strongest here.
    const { code, out, err } = await cli(
      ...['ladder', 'hive', '--entrants', `easy,depth3=${OWN_ENGINE},random`],
      ...['--rounds', '2', '--depth', '3', '--time', '60000', '--seed', 'ladder-test', '--json'],
    );
    expect(err).toBe('');
    expect(code).toBe(0);
    const report: LadderReport = JSON.parse(out);
    expect(report.standings.map((s) => s.entrant)).toEqual(['depth3', 'easy', 'random']);
    const [top, middle, bottom] = report.standings;
    expect(top?.rating).toBeGreaterThan(middle?.rating ?? Number.POSITIVE_INFINITY);
    expect(middle?.rating).toBeGreaterThan(bottom?.rating ?? Number.POSITIVE_INFINITY);
    // Every pair twice with each colour: 3 pairs, 12 games, 8 for each entrant.
    expect(report).toMatchObject({ game: 'hive', seed: 'ladder-test', rounds: 2, depth: 3, played: 12, scheduled: 12 });
    expect(report.games).toHaveLength(12);
    for (const s of report.standings) {
      expect(s.games).toBe(8);
      expect(s.wins + s.draws + s.losses).toBe(8);
      expect(s.interval).toEqual([Math.round(s.rating - 2 * s.deviation), Math.round(s.rating + 2 * s.deviation)]);
      expect(s.forfeits).toBe(0);
    }
    // In each pair the stronger scores more, and the matrix agrees with the games.
    const at = (name: string) => report.entrants.findIndex((e) => e.name === name);
    const points = (a: string, b: string) => {
      const t = report.matrix[at(a)]?.[at(b)];
      return (t?.wins ?? 0) + (t?.draws ?? 0) / 2;
    };
    for (const [a, b] of [
      ['depth3', 'easy'],
      ['depth3', 'random'],
      ['easy', 'random'],
    ] as const) {
      const won = report.games.filter(
        (g) => (g.first === a && g.second === b && g.score === 1) || (g.first === b && g.second === a && g.score === 0),
      );
      expect(points(a, b), `${a} against ${b}`).toBeGreaterThan(points(b, a));
      expect(won.length).toBe(report.matrix[at(a)]?.[at(b)]?.wins);
    }
    expect(new Set(report.games.map((g) => `${g.first}>${g.second}`)).size).toBe(6);
  });

  it('the same seed plays the same games and gives the same table; the table reads as words and as a JSON file', async () => {
    const args = ['ladder', 'hive', '--entrants', 'random,easy,medium', '--seed', 'again'];
    const first = await cli(...args, '--json');
    expect(first.code).toBe(0);

    const folder = scratchFolder();
    const { io, out, err } = captureIo(folder);
    expect(await main([...args, '--out', 'table.json'], io)).toBe(0);
    expect(err()).toBe('the table is in table.json\n');
    const file = JSON.parse(readFileSync(path.join(folder, 'table.json'), 'utf8'));
    expect(file).toEqual(JSON.parse(first.out));
    for (const key of ['game', 'seed', 'rounds', 'timeMs', 'entrants', 'standings', 'matrix', 'games', 'played', 'scheduled'])
      expect(file, key).toHaveProperty(key);
    expect(file).toMatchObject({ played: 6, scheduled: 6, stopped: false, timeMs: 1000 });
    expect(Object.keys(file.standings[0]).sort()).toEqual(
      [
        'rank',
        'entrant',
        'index',
        'rating',
        'deviation',
        'volatility',
        'interval',
        'provisional',
        'games',
        'wins',
        'draws',
        'losses',
        'points',
        'forfeits',
        'forfeitReasons',
      ].sort(),
    );
    const text = out();
    expect(text).toMatch(/^Hive ladder: 3 entrants, 1 round \(6 of 6 games\), 1,000 ms a move, seed again\n/);
    expect(text).toMatch(/rank {2}entrant +rating {2}95% interval/);
    // Random loses every game to the two searches, so it ranks last whatever they do between them.
    expect(text).toMatch(/\n {3}3 {2}random +\d+\? +\d+–\d+ +4 {2}0\/0\/4/);
    expect(text).toContain('points of each row against each column (by rank):');
  });

  it('an engine that crashes or cannot start forfeits its games, and the ladder goes on and says so', async () => {
    const { code, out } = await cli(
      ...['ladder', 'hive', '--entrants', `easy,crash=${CRASHING},missing=uhp:./no-such-engine uhp`, '--seed', 'crash', '--json'],
    );
    expect(code).toBe(0);
    const report: LadderReport = JSON.parse(out);
    expect(report.played).toBe(6);
    expect(report.standings[0]).toMatchObject({ entrant: 'easy', wins: 4, forfeits: 0 });
    const crash = report.standings.find((s) => s.entrant === 'crash');
    const missing = report.standings.find((s) => s.entrant === 'missing');
    expect(crash?.forfeitReasons.join()).toMatch(/stopped: it exited \(code 3\)/);
    expect(missing?.forfeitReasons.join()).toMatch(/stopped: it exited \(code 127\)/);
    // Between the two, whoever moves first fails first: each forfeits one of their two games.
    expect((crash?.forfeits ?? 0) + (missing?.forfeits ?? 0)).toBe(6);

    const text = await cli('ladder', 'hive', '--entrants', `easy,crash=${CRASHING}`, '--seed', 'crash');
    expect(text.out).toMatch(/crash +\d+\? .* {2}\(2 forfeited\)/);
    expect(text.out).toMatch(/\ncrash forfeited 2 games: the engine .* stopped: it exited \(code 3\)\n/);
  });

  it('refuses bad flags in words', async () => {
    const refused = async (words: RegExp, ...argv: string[]) => {
      const { code, err, out } = await cli('ladder', ...argv);
      expect(out).toBe('');
      expect(err).toMatch(words);
      expect(code).toBe(2);
    };
    await refused(/unknown game "chess"/, 'chess');
    await refused(/--entrants: unknown agent "strong" for hive \(known: random, easy/, 'hive', '--entrants', 'random,strong');
    await refused(/two entrants or more/, 'hive', '--entrants', 'hard');
    await refused(/an empty name between commas/, 'hive', '--entrants', 'hard,,easy');
    await refused(/hard is named twice/, 'hive', '--entrants', 'hard,easy,hard');
    await refused(
      /--depth is the depth outside engines search .* no outside engine is listed/,
      'hive',
      '--entrants',
      'hard,easy',
      '--depth',
      '2',
    );
    await refused(/--time 1500: UHP engines are given whole seconds/, 'hive', '--entrants', `hard,${OWN_ENGINE}`, '--time', '1500');
    await refused(/--rounds.*at least 1/, 'hive', '--rounds', '0');
    await refused(/--time.*from 1 to 3600000/, 'hive', '--time', 'soon');
    await refused(/a UHP engine plays Hive, not tictactoe/, 'tictactoe', '--entrants', 'random,uhp:nokamute uhp');
    await refused(/--options must be a JSON object/, 'hive', '--options', '[1]');
    await refused(/--out: there is no folder no-such-folder to write table.json in/, 'hive', '--out', 'no-such-folder/table.json');
    await refused(/--out: \. is a folder; name a file/, 'hive', '--out', '.');
    await refused(/a ladder pairs two players a game; dicewars with these options seats 8/, 'dicewars', '--entrants', 'random,easy');
  });

  it('by default: the levels, and for Hive the outside engines the operator listed', () => {
    const none = {};
    expect(ladderEntrants(hive, undefined, none).map((e) => e.name)).toEqual(['random', 'easy', 'medium', 'hard', 'max']);
    const env = { HEXARENA_OUTSIDE_SEATS: JSON.stringify(['uhp:nokamute uhp', 'http:127.0.0.1:9001']) };
    expect(ladderEntrants(hive, undefined, env)).toEqual([
      ...['random', 'easy', 'medium', 'hard', 'max'].map((name) => ({ name, agent: name, outside: false })),
      { name: 'uhp:nokamute uhp', agent: 'uhp:nokamute uhp', outside: true },
      { name: 'http:127.0.0.1:9001', agent: 'http:127.0.0.1:9001', outside: true },
    ]);
    expect(() => ladderEntrants(hive, undefined, { HEXARENA_OUTSIDE_SEATS: '["nokamute"]' })).toThrow(UsageError);
    // A label names an entrant; a command line's own "=" stays in it.
    expect(ladderEntrants(hive, 'noka=uhp:nokamute uhp --threads=1,easy', none)).toEqual([
      { name: 'noka', agent: 'uhp:nokamute uhp --threads=1', outside: true },
      { name: 'easy', agent: 'easy', outside: false },
    ]);
    expect(ladderEntrants(hive, 'uhp:nokamute --threads=1,easy', none)[0]).toEqual({
      name: 'uhp:nokamute --threads=1',
      agent: 'uhp:nokamute --threads=1',
      outside: true,
    });
  });
});

describe('hexarena ladder on a server', () => {
  it('asks the server for each game, between its engines, rated there; prints its table too; only with the operator token', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-ladder-server-'));
    const token = 'ladder operator';
    const server = await startServer(dir, { HEXARENA_OPERATOR_TOKEN: token });
    try {
      const run = async (env: NodeJS.ProcessEnv) => {
        const { io, out } = captureIo(scratchFolder());
        await ladderCommand(
          io,
          'hex',
          { entrants: 'random,easy', rounds: 1, time: 1000, seed: 'on-server', json: true, server: server.base },
          env,
        );
        return JSON.parse(out()) as LadderReport & { site: { name: string; games: number }[] };
      };
      await expect(run({})).rejects.toThrow(/set HEXARENA_OPERATOR_TOKEN/);
      await expect(run({ HEXARENA_OPERATOR_TOKEN: 'a guess' })).rejects.toThrow(
        /the server refused the game: the ladder’s games are asked for with the operator’s token/,
      );
      const report = await run({ HEXARENA_OPERATOR_TOKEN: token });
      expect(report).toMatchObject({ game: 'hex', played: 2, scheduled: 2 });
      expect(report.standings.map((s) => s.entrant)).toEqual(['easy', 'random']);
      // The server rated the same two games: its table has both engines, two games each.
      expect(report.site.map((e) => [e.name, e.games])).toEqual([
        ['hexarena-easy', 2],
        ['hexarena-random', 2],
      ]);
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
