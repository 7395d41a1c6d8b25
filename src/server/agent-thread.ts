import { parentPort } from 'node:worker_threads';
import { createAgent } from '../ai/agents.ts';
import { Rng } from '../engine/rng.ts';
import { findGame } from '../games/index.ts';
import type { AgentJob, AgentReply } from './agents-pool.ts';

/**
 * One AI thread of the server: it rebuilds the position from options, seed and moves, asks the
 * named agent, and answers with the move's text. Thinking here never blocks the event loop that
 * serves the players.
 */
async function think(job: AgentJob): Promise<AgentReply> {
  const game = findGame(job.game);
  if (!game.ok) return { id: job.id, error: game.error.message };
  const options = game.value.parseOptions(job.options);
  if (!options.ok) return { id: job.id, error: options.error.message };
  let state = game.value.newGame(options.value, job.seed);
  for (const text of job.moves) {
    const move = game.value.parseMove(state, text);
    if (!move.ok) return { id: job.id, error: `move ${text}: ${move.error.message}` };
    state = game.value.play(state, move.value);
  }
  const agent = createAgent(game.value, job.agent);
  if (!agent.ok) return { id: job.id, error: agent.error.message };
  // The AI's chances hang on the seed and the move number: a game replays as it was played.
  const move = await agent.value.choose(game.value, state, { rng: Rng.fromSeed(`${job.seed}/ai/${job.moves.length}`) });
  return { id: job.id, move: game.value.formatMove(state, move) };
}

parentPort?.on('message', (job: AgentJob) => {
  think(job).then(
    (reply) => parentPort?.postMessage(reply),
    (e: unknown) => parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies AgentReply),
  );
});
parentPort?.postMessage({ ready: true });
