import { parentPort } from 'node:worker_threads';
import { decide } from '../ai/decide.ts';
import { Rng } from '../engine/rng.ts';
import type { AgentJob, AgentReply } from './agents-pool.ts';

/**
 * One AI thread of the server: it rebuilds the position from options, seed and moves, asks the
 * named agent, and answers with the move's text. Thinking here never blocks the event loop that
 * serves the players.
 */
async function think(job: AgentJob): Promise<AgentReply> {
  // The AI's chances hang on the seed and the move number: a game replays as it was played.
  const move = await decide(job, Rng.fromSeed(`${job.seed}/ai/${job.moves.length}`));
  return move.ok ? { id: job.id, move: move.value } : { id: job.id, error: move.error.message };
}

parentPort?.on('message', (job: AgentJob) => {
  think(job).then(
    (reply) => parentPort?.postMessage(reply),
    (e: unknown) => parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies AgentReply),
  );
});
parentPort?.postMessage({ ready: true });
