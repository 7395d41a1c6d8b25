import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { pairRound, type RoundPairing } from '../../tournaments/swiss-dutch.ts';
import type { Tournament } from '../../tournaments/trf.ts';
import { compiled, packageRoot } from '../package-root.ts';

/** Pairs round `round` of a Swiss (the Dutch system); a refusal when no pairing meets the rules. */
export type SwissPairer = (tournament: Tournament, round: number) => Promise<Result<RoundPairing>>;

export interface PairingJob {
  readonly id: number;
  readonly tournament: Tournament;
  readonly round: number;
}

export type PairingReply =
  | { readonly id: number; readonly pairing: RoundPairing }
  /** No pairing meets the absolute criteria: the tournament's own outcome, not a fault. */
  | { readonly id: number; readonly refused: string }
  | { readonly id: number; readonly failed: string };

/** On the caller's thread: for tests and tools, where nothing else waits. */
export const pairInProcess: SwissPairer = async (tournament, round) => {
  const paired = pairRound(tournament, round);
  return paired.ok ? paired : err(paired.error);
};

/**
 * Swiss rounds paired on a thread of their own (started at the first round asked, one round at a
 * time, in the order asked), so the seconds a large round takes never stop the event loop. A thread
 * that fails is replaced at the next round; the round it held fails with the reason, and the
 * director asks again at its next tick.
 */
export class PairingThread {
  private worker: Worker | null = null;
  private ready: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<number, { resolve: (r: Result<RoundPairing>) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private closed = false;

  readonly pair: SwissPairer = (tournament, round) => {
    if (this.closed) return Promise.reject(new Error('the pairing thread is closed'));
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    return new Promise<Result<RoundPairing>>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      void this.ready.then(() => worker.postMessage({ id, tournament, round } satisfies PairingJob));
    });
  };

  private spawn(): Worker {
    // From the sources a thread needs tsx registered first (pairing-thread.mjs); compiled, it has its own entry.
    const worker = new Worker(
      compiled(import.meta.url)
        ? path.join(packageRoot(import.meta.url), 'dist', 'cli', 'pairing-thread.js')
        : new URL('./pairing-thread.mjs', import.meta.url),
    );
    this.worker = worker;
    this.ready = new Promise<void>((resolve) => {
      const onReady = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
    });
    worker.on('message', (m: PairingReply | { ready: true }) => {
      if (!('id' in m)) return;
      const job = this.waiting.get(m.id);
      if (!job) return;
      this.waiting.delete(m.id);
      // Idle, the thread does not keep the process alive.
      if (this.waiting.size === 0) worker.unref();
      if ('pairing' in m) job.resolve(ok(m.pairing));
      else if ('refused' in m) job.resolve(err(new Error(m.refused)));
      else job.reject(new Error(`pairing a round failed: ${m.failed}`));
    });
    const lost = (why: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.waiting.values()) job.reject(why);
      this.waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the pairing thread stopped (${code})`)));
    return worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    for (const job of this.waiting.values()) job.reject(new Error('the pairing thread is closed'));
    this.waiting.clear();
    await worker?.terminate();
  }
}
