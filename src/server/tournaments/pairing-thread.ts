import { parentPort } from 'node:worker_threads';
import { pairRound } from '../../tournaments/swiss-dutch.ts';
import type { PairingJob, PairingReply } from './swiss-pairer.ts';

/**
 * The thread a Swiss round is paired on: the Dutch system at a few hundred players is seconds of
 * matching, which on the event loop would hold up every game the instance serves.
 */
parentPort?.on('message', (job: PairingJob) => {
  let reply: PairingReply;
  try {
    const paired = pairRound(job.tournament, job.round);
    reply = paired.ok ? { id: job.id, pairing: paired.value } : { id: job.id, refused: paired.error.message };
  } catch (e) {
    reply = { id: job.id, failed: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
