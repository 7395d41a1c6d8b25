import { parentPort } from 'node:worker_threads';
import { decide } from '@hexarena/engines/ai/decide.ts';
import { evaluateJob } from '@hexarena/engines/ai/review.ts';
import { AgentFailure } from '@hexarena/engines/engine/agent.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { resolveAgent } from '../protocols/agents.ts';
import { closeOutsideAgents } from '../protocols/opened-engines.ts';
import type { AgentJob, AgentReply, EvaluationJob } from './agents-pool.ts';

/**
 * One AI thread of the server: it rebuilds the position from options, seed and moves, asks the
 * named agent, and answers with the move's text. Thinking here never blocks the event loop that
 * serves the players.
 */
async function think(job: AgentJob): Promise<AgentReply> {
  // The AI's chances hang on the seed and the move number: a game replays as it was played.
  try {
    const move = await decide(job, Rng.fromSeed(`${job.seed}/ai/${job.moves.length}`), resolveAgent);
    return move.ok ? { id: job.id, move: move.value } : { id: job.id, error: move.error.message };
  } catch (e) {
    // An outside program that failed loses its game; anything else is the server's own fault.
    if (e instanceof AgentFailure) return { id: job.id, error: e.message, forfeit: true };
    throw e;
  } finally {
    // An outside engine is started for one move, as bridges do, and stopped after it.
    closeOutsideAgents();
  }
}

/** One position of a review judged (a search of a fixed budget: a fraction of a second). */
function evaluate(job: EvaluationJob): AgentReply {
  const judged = evaluateJob(job);
  return judged.ok ? { id: job.id, evaluation: judged.value } : { id: job.id, error: judged.error.message };
}

parentPort?.on('message', (job: AgentJob | EvaluationJob) => {
  if ('kind' in job) {
    let reply: AgentReply;
    try {
      reply = evaluate(job);
    } catch (e) {
      reply = { id: job.id, error: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
    return;
  }
  think(job).then(
    (reply) => parentPort?.postMessage(reply),
    (e: unknown) => parentPort?.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies AgentReply),
  );
});
parentPort?.postMessage({ ready: true });
