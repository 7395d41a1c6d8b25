import { createAgent } from '../../ai/agents.ts';
import type { Agent } from '../../engine/agent.ts';
import { type AnyGame, describeOutcome } from '../../engine/game.ts';
import { runMatch, wilson95 } from '../../engine/match.ts';
import { randomSeed } from '../../engine/rng.ts';
import { findGame } from '../../games/index.ts';
import { type CliIo, formatCount, UsageError } from '../io.ts';
import { progressBar } from '../progress.ts';

export interface MatchFlags {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly seed?: string;
  readonly options?: string;
  readonly json?: boolean;
}

function parseGameOptions(game: AnyGame, text: string | undefined): unknown {
  if (text === undefined) return game.defaultOptions;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--options must be JSON, such as '{"type":"Base+MLP"}'`);
  }
  const options = game.parseOptions(json);
  if (!options.ok) throw new UsageError(`--options: ${options.error.message}`);
  return options.value;
}

export async function matchCommand(io: CliIo, gameId: string, flags: MatchFlags): Promise<void> {
  const found = findGame(gameId);
  if (!found.ok) throw new UsageError(found.error.message);
  const game = found.value;
  const options = parseGameOptions(game, flags.options);
  if (game.seatNames(options).length !== 2)
    throw new UsageError(`${game.id} with these options is not a two-player game; --a/--b need two seats`);
  const agents: Agent<unknown, unknown>[] = [flags.a, flags.b].map((name) => {
    const agent = createAgent(game, name);
    if (!agent.ok) throw new UsageError(agent.error.message);
    return agent.value;
  });
  const seed = flags.seed ?? randomSeed();
  const bar = progressBar(io, `${game.id} match`);
  const result = await runMatch({ game, options, agents, games: flags.games, seed, onGame: (done, total) => bar.update(done, total) });
  bar.finish();

  const results = result.agents.map(({ agent, wins, draws, losses }) => ({ agent, wins, draws, losses }));
  if (flags.json) {
    io.stdout(`${JSON.stringify({ games: result.games, results })}\n`);
    return;
  }
  const seats = game.seatNames(options);
  io.stdout(`${game.title}: ${formatCount(result.games)} games, seed ${seed}, the first seat alternating\n`);
  io.stdout(`${'agent'.padEnd(12)}${'wins'.padStart(8)}${'draws'.padStart(8)}${'losses'.padStart(8)}  win rate (95% CI)\n`);
  for (const t of result.agents) {
    const [lo, hi] = wilson95(t.wins, result.games);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    io.stdout(
      `${t.agent.padEnd(12)}${formatCount(t.wins).padStart(8)}${formatCount(t.draws).padStart(8)}${formatCount(t.losses).padStart(8)}  ` +
        `${pct(t.wins / Math.max(1, result.games))} (${pct(lo)}–${pct(hi)})\n`,
    );
  }
  const bySeat = result.seats.map((t, s) => `${seats[s]} ${t.wins}`).join(', ');
  io.stdout(
    `wins by seat: ${bySeat}; draws ${result.seats[0]?.draws ?? 0}${result.capped ? `; ${result.capped} stopped by the move cap` : ''}\n`,
  );
  const last = result.records.at(-1);
  if (last) io.stdout(`last game: ${last.moves.join(' ')} (${describeOutcome(last.result, seats)})\n`);
}
