import type { Agent } from '../src/engine/agent.ts';
import { type AgentTally, type MatchResult, played, runMatch, wilson95 } from '../src/engine/match.ts';
import { unwrap } from '../src/engine/result.ts';
import { gamedesignAgent, hardAgent, hexoAgent } from '../src/games/dicewars/bots/index.ts';
import { dicewars } from '../src/games/dicewars/game.ts';
import type { DiceWarsMove, DiceWarsPosition } from '../src/games/dicewars/position.ts';
import type { DiceWarsOptions } from '../src/games/dicewars/setup.ts';

type DwAgent = Agent<DiceWarsPosition, DiceWarsMove>;

async function winRate(label: string, options: DiceWarsOptions, agents: DwAgent[], games: number, fair: number): Promise<MatchResult> {
  const t = performance.now();
  const r = await runMatch({ game: dicewars, options, agents, games, seed: `bench/${label}` });
  const wins = r.agents[0]?.wins ?? 0;
  const [lo, hi] = wilson95(wins, games);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `${label.padEnd(44)} ${pct(wins / games).padStart(6)} (95% CI ${pct(lo)}–${pct(hi)}), fair share ${pct(fair)}, ` +
      `${r.seats[0]?.draws ?? 0} draws, ${games} games in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return r;
}

/** In a duel the player who moves first wins most games: agent 0's win rate moving first and second. */
function moverSplit(label: string, r: MatchResult): void {
  const agent = r.agents[0] as AgentTally;
  const first = played(agent.first);
  const rate = (wins: number, games: number) => `${((wins / games) * 100).toFixed(1)}% of ${games}`;
  console.log(
    `${label.padEnd(44)} as first mover ${rate(agent.first.wins, first)}, as second mover ${rate(agent.wins - agent.first.wins, r.games - first)}`,
  );
}

/**
 * What decides a duel early: `agent`'s win rate moving second, by the share of the territories the
 * first mover held when `agent` moved for the first time (each game replayed from its record).
 */
function headStart(label: string, r: MatchResult, options: DiceWarsOptions, agent: string): void {
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
  const classic = dicewars.defaultOptions;
  await winRate('classic, 8 players: hard vs 7 gamedesign', classic, [hardAgent(), ...Array(7).fill(gamedesignAgent)], 2000, 1 / 8);
  const duel = { ...classic, players: 2 };
  const duelResult = await winRate('classic, 2 players: hard vs gamedesign', duel, [hardAgent(), gamedesignAgent], 2000, 1 / 2);
  moverSplit('  by turn order', duelResult);
  headStart('  second, by territories the first one held', duelResult, duel, 'hard');
  const mirror = await runMatch({
    game: dicewars,
    options: duel,
    agents: [gamedesignAgent, gamedesignAgent],
    games: 2000,
    seed: 'bench/mirror',
  });
  moverSplit('  gamedesign against itself', mirror);
  // A 20×20 strength game runs about 9,000 moves (a second with hard): 2,000 of those would take half
  // an hour, so the 2,000-game figure is on 10×10 and the 20×20 one is a smaller sample.
  const hexos = [hardAgent(), hexoAgent, hexoAgent, hexoAgent];
  await winRate('strength 10×10, 4 players: hard vs 3 hexo', { ...classic, rules: 'strength', players: 4, size: 10 }, hexos, 2000, 1 / 4);
  await winRate('strength 20×20, 4 players: hard vs 3 hexo', { ...classic, rules: 'strength', players: 4, size: 20 }, hexos, 60, 1 / 4);
}
