import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createAgent } from '@hexarena/engines/ai/agents.ts';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import { addTally, type MatchResult, played, runMatch, type Tally, wilson95 } from '@hexarena/engines/engine/match.ts';
import type { GameRecord } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { gamedesignAgent, hexoAgent } from '@hexarena/engines/games/dicewars/bots/index.ts';
import { dicewars } from '@hexarena/engines/games/dicewars/game.ts';
import type { DiceWarsMove, DiceWarsPosition } from '@hexarena/engines/games/dicewars/position.ts';
import type { DiceWarsOptions } from '@hexarena/engines/games/dicewars/setup.ts';
import type { AgentSummary } from '../src/cli/commands/match.ts';

type DwAgent = Agent<DiceWarsPosition, DiceWarsMove>;

function printRate(label: string, wins: number, games: number, draws: number, fair: number, ms: number): void {
  const [lo, hi] = wilson95(wins, games);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `${label.padEnd(44)} ${pct(wins / games).padStart(6)} (95% CI ${pct(lo)}–${pct(hi)}), fair share ${pct(fair)}, ` +
      `${draws} draws, ${games} games in ${(ms / 1000).toFixed(1)} s`,
  );
}

async function winRate(label: string, options: DiceWarsOptions, agents: DwAgent[], games: number, fair: number): Promise<MatchResult> {
  const t = performance.now();
  const r = await runMatch({ game: dicewars, options, agents, games, seed: `bench/${label}` });
  printRate(label, r.agents[0]?.wins ?? 0, games, r.seats[0]?.draws ?? 0, fair, performance.now() - t);
  return r;
}

/** What a duel's figures need: the first agent's wins, its wins moving first, and every game's record. */
interface DuelResult {
  readonly games: number;
  readonly wins: number;
  readonly first: Tally;
  readonly records: readonly GameRecord[];
}

const hexarena = fileURLToPath(new URL('../bin/hexarena.js', import.meta.url));
const execFileAsync = promisify(execFile);

/**
 * A duel on every core: `hexarena match` processes on their own seeds, their tallies added and
 * their records read back (hard searches the first rounds of a duel, seconds a game).
 */
async function duelOnAllCores(label: string, seats: string, games: number): Promise<DuelResult> {
  const t = performance.now();
  const parts = Math.min(availableParallelism(), 8);
  const dir = mkdtempSync(path.join(tmpdir(), 'hexarena-bench-'));
  try {
    const runs = Array.from({ length: parts }, (_, i) => {
      const share = Math.floor(games / parts) + (i < games % parts ? 1 : 0);
      const argv = ['match', 'dicewars', '--players', '2', '--seats', seats, '--games', String(share)];
      argv.push('--seed', `bench/${label}/${i}`, '--records', path.join(dir, String(i)), '--json');
      return execFileAsync(process.execPath, [hexarena, ...argv], { maxBuffer: 1 << 26 });
    });
    let wins = 0;
    const first = { wins: 0, draws: 0, losses: 0 };
    for (const { stdout } of await Promise.all(runs)) {
      const summary = JSON.parse(stdout) as { agents: Pick<AgentSummary, 'wins' | 'first'>[] };
      const agent = summary.agents[0] as (typeof summary.agents)[number];
      wins += agent.wins;
      addTally(first, agent.first);
    }
    const records = readdirSync(dir).flatMap((part) =>
      readdirSync(path.join(dir, part)).map((f) => JSON.parse(readFileSync(path.join(dir, part, f), 'utf8')) as GameRecord),
    );
    const draws = records.filter((r) => r.result?.kind === 'draw').length;
    printRate(label, wins, games, draws, 1 / 2, performance.now() - t);
    return { games, wins, first, records };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const asDuel = (r: MatchResult): DuelResult => {
  const agent = r.agents[0];
  if (!agent) throw new Error('a match without agents');
  return { games: r.games, wins: agent.wins, first: agent.first, records: r.records };
};

/** In a duel the player who moves first wins most games: agent 0's win rate moving first and second. */
function moverSplit(label: string, r: DuelResult): void {
  const first = played(r.first);
  const rate = (wins: number, games: number) => `${((wins / games) * 100).toFixed(1)}% of ${games}`;
  console.log(
    `${label.padEnd(44)} as first mover ${rate(r.first.wins, first)}, as second mover ${rate(r.wins - r.first.wins, r.games - first)}`,
  );
}

/**
 * What decides a duel early: `agent`'s win rate moving second, by the share of the territories the
 * first mover held when `agent` moved for the first time (each game replayed from its record).
 */
function headStart(label: string, r: DuelResult, options: DiceWarsOptions, agent: string): void {
  // Bins by the first mover's share: below 65%, then 5-point steps, then 80% and more.
  const from = [0, 0.65, 0.7, 0.75, 0.8];
  const games = from.map(() => 0);
  const wins = from.map(() => 0);
  for (const record of r.records) {
    const seat = record.players?.indexOf(agent) ?? -1;
    let state = dicewars.newGame(options, record.seed);
    if (seat < 0 || state.order[0] === seat) continue;
    for (const text of record.moves) {
      if (state.seat === seat) break;
      state = dicewars.play(state, unwrap(dicewars.parseMove(state, text)));
    }
    const share = 1 - state.territoriesOf(seat) / state.board.territories;
    const bin = from.findLastIndex((low) => share >= low);
    games[bin] = (games[bin] as number) + 1;
    if (record.result?.kind === 'win' && record.result.winner === seat) wins[bin] = (wins[bin] as number) + 1;
  }
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const cells = from.map((low, i) => {
    const high = from[i + 1];
    const range = i === 0 ? `<${pct(high as number)}` : high === undefined ? `≥${pct(low)}` : `${pct(low)}–${pct(high)}`;
    const n = games[i] as number;
    return `${range}: ${n === 0 ? '–' : pct((wins[i] as number) / n)} of ${n}`;
  });
  console.log(`${label.padEnd(44)} ${cells.join(', ')}`);
}

/** Speed of the reference bot's games, and hexarena's AI against the reference bots. */
export async function benchDiceWars(): Promise<void> {
  console.log('\n## DiceWars: all-gamedesign 8-player classic games (map, deal and play; floor 300 games/s)');
  const games = 1000;
  const t = performance.now();
  const r = await runMatch({ game: dicewars, agents: Array(8).fill(gamedesignAgent), games, seed: 'bench/speed' });
  const s = (performance.now() - t) / 1000;
  const moves = r.records.reduce((sum, rec) => sum + rec.moves.length, 0);
  console.log(
    `${(games / s).toFixed(0)} games/s (${games} games, ${(moves / games).toFixed(0)} moves a game, ${(moves / s / 1000).toFixed(0)}k moves/s)`,
  );

  console.log('\n## DiceWars: hard against the reference bots (2,000 games each, seats rotated)');
  const hard = unwrap(createAgent(dicewars, 'hard')) as DwAgent;
  const classic = dicewars.defaultOptions;
  await winRate('classic, 8 players: hard vs 7 gamedesign', classic, [hard, ...Array(7).fill(gamedesignAgent)], 2000, 1 / 8);
  const duel = { ...classic, players: 2 };
  const duelResult = await duelOnAllCores('classic, 2 players: hard vs gamedesign', 'hard,gamedesign', 2000);
  moverSplit('  by turn order', duelResult);
  headStart('  second, by territories the first one held', duelResult, duel, 'hard');
  const mirror = await runMatch({
    game: dicewars,
    options: duel,
    agents: [gamedesignAgent, gamedesignAgent],
    games: 2000,
    seed: 'bench/mirror',
  });
  moverSplit('  gamedesign against itself', asDuel(mirror));
  // A 20×20 strength game runs about 9,000 moves (a second with hard): 2,000 of those would take half
  // an hour, so the 2,000-game figure is on 10×10 and the 20×20 one is a smaller sample.
  const hexos = [hard, hexoAgent, hexoAgent, hexoAgent];
  await winRate('strength 10×10, 4 players: hard vs 3 hexo', { ...classic, rules: 'strength', players: 4, size: 10 }, hexos, 2000, 1 / 4);
  await winRate('strength 20×20, 4 players: hard vs 3 hexo', { ...classic, rules: 'strength', players: 4, size: 20 }, hexos, 60, 1 / 4);
}
