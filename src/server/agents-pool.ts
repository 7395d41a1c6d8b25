import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Decision } from '@hexarena/engines/ai/decide.ts';
import type { PositionEvaluation, PositionJob } from '@hexarena/engines/ai/review.ts';
import { AgentFailure } from '@hexarena/engines/engine/agent.ts';
import { AiQueue } from './ai-queue.ts';
import { compiled, packageRoot } from './package-root.ts';

/** What an AI thread is asked: the game as the store keeps it, and which agent plays. */
export interface AgentJob extends Decision {
  readonly id: number;
}

/** A review's position to judge (a thread tells the two kinds of job apart by `kind`). */
export interface EvaluationJob extends PositionJob {
  readonly id: number;
  readonly kind: 'evaluate';
}

export type AgentReply =
  | { readonly id: number; readonly move: string }
  | { readonly id: number; readonly evaluation: PositionEvaluation }
  /** `forfeit`: an outside program failed (it loses the game), not the server. */
  | { readonly id: number; readonly error: string; readonly forfeit?: boolean };

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  busy: number;
  /** Thinking for a review now (not for a live game). */
  reviewing: boolean;
}

/** A job waiting for a thread, and whoever waits for its answer (a move's text, a position's evaluation). */
interface Waiting {
  readonly job: Omit<AgentJob, 'id'> | Omit<EvaluationJob, 'id'>;
  readonly resolve: (answer: never) => void;
  readonly reject: (e: Error) => void;
}

/**
 * The server's AI seats think in a pool of worker threads (one fewer than the cores, at least one),
 * never on the event loop. Each thread thinks one move at a time; the moves waiting for one are
 * served fairly between the games' owners (ai-queue.ts), so one player's flood of AI games does not
 * hold back everyone else's replies. A thread that dies is replaced and its job fails with the reason.
 *
 * Reviews of finished games think on the same threads, below live games: a review is asked one
 * position at a time (a fraction of a second each), and a thread takes a review's position only
 * when no live game's move waits, so a move that arrives waits at most for the position in hand;
 * with several threads, one is always left to live games. Reviews take turns by who asked for them.
 */
export class AgentsPool {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, { resolve: (answer: never) => void; reject: (e: Error) => void; thread: Thread }>();
  private readonly queue = new AiQueue<Waiting>();
  /** Reviews' positions: each review has one waiting at most, so the bound per owner is reviews per owner. */
  private readonly reviews = new AiQueue<Waiting>(20, 1000);
  private nextId = 1;
  private closed = false;

  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {}

  /**
   * Starts the threads. The first job does, not the server's start: a server that never hears from
   * an AI (a site of people alone, most of the test suite's hundred-odd servers) does not pay their
   * start-up, and one that does is not slowed by them while it starts.
   */
  start(): void {
    if (this.threads.length > 0 || this.closed) return;
    for (let i = 0; i < this.size; i++) this.threads.push(this.spawn());
  }

  private spawn(): Thread {
    // From the sources, a thread needs tsx registered first (agent-thread.mjs); compiled, it has its own entry.
    const worker = new Worker(
      compiled(import.meta.url)
        ? path.join(packageRoot(import.meta.url), 'dist', 'cli', 'agent-thread.js')
        : new URL('./agent-thread.mjs', import.meta.url),
    );
    const thread: Thread = { worker, busy: 0, reviewing: false, ready: Promise.resolve() };
    thread.ready = new Promise<void>((resolve) => {
      const onReady = (m: { ready?: boolean }) => {
        if (m.ready) {
          worker.off('message', onReady);
          resolve();
        }
      };
      worker.on('message', onReady);
    });
    worker.on('message', (m: AgentReply | { ready: true }) => {
      if (!('id' in m)) return;
      const job = this.pending.get(m.id);
      if (!job) return;
      this.pending.delete(m.id);
      thread.busy--;
      thread.reviewing = false;
      if ('move' in m) job.resolve(m.move as never);
      else if ('evaluation' in m) job.resolve(m.evaluation as never);
      else job.reject(m.forfeit ? new AgentFailure(m.error) : new Error(m.error));
      this.dispatch();
    });
    worker.on('error', (e) => this.fail(thread, e));
    worker.on('exit', (code) => this.fail(thread, new Error(`an AI thread stopped (${code})`)));
    return thread;
  }

  private fail(thread: Thread, error: Error): void {
    for (const [id, job] of this.pending) {
      if (job.thread !== thread) continue;
      this.pending.delete(id);
      job.reject(error);
    }
    const i = this.threads.indexOf(thread);
    if (i >= 0 && !this.closed) {
      this.threads[i] = this.spawn();
      this.dispatch();
    }
  }

  /**
   * The move `agent` plays in the game so far, as text, once a thread is free and it is `owner`'s
   * turn among those waiting; refused at once when the waiting line is full.
   */
  choose(job: Omit<AgentJob, 'id'>, owner = job.seed): Promise<string> {
    if (this.closed) return Promise.reject(new Error('the AI pool is closed'));
    return new Promise<string>((resolve, reject) => {
      const refused = this.queue.add(owner, { job, resolve, reject });
      if (refused) reject(new Error(refused));
      else this.dispatch();
    });
  }

  /**
   * A review's position judged, once a thread is free, no live game's move waits, and it is `owner`'s
   * turn among the reviews waiting; refused at once when their line is full.
   */
  evaluate(job: PositionJob, owner: string): Promise<PositionEvaluation> {
    if (this.closed) return Promise.reject(new Error('the AI pool is closed'));
    return new Promise<PositionEvaluation>((resolve, reject) => {
      const refused = this.reviews.add(owner, { job: { ...job, kind: 'evaluate' }, resolve, reject });
      if (refused) reject(new Error(refused.replace('moves', 'reviews')));
      else this.dispatch();
    });
  }

  /** Moves waiting for a thread (reported by /healthz). */
  get waiting(): number {
    return this.queue.size;
  }

  /**
   * Gives each idle thread the next job: a live game's move in the fair order; else a review's
   * position, while another thread (if there is one) stays free of reviews.
   */
  private dispatch(): void {
    if (this.closed) return;
    this.start();
    for (const thread of this.threads) {
      if (thread.busy > 0 || this.closed) continue;
      const reviewing = this.threads.filter((t) => t.reviewing).length;
      const move = this.queue.next();
      const next = move ?? (reviewing < Math.max(1, this.threads.length - 1) ? this.reviews.next() : undefined);
      if (!next) return;
      const id = this.nextId++;
      thread.busy++;
      thread.reviewing = move === undefined;
      this.pending.set(id, { resolve: next.resolve, reject: next.reject, thread });
      // A thread still starting takes the job once it is ready.
      void thread.ready.then(() => thread.worker.postMessage({ ...next.job, id }));
    }
  }

  /**
   * Stops every thread, searches under way included (terminated, not waited for), and refuses every
   * job, waiting or in hand: whoever waits for a move hears at once that none is coming.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closed = new Error('the AI pool is closed');
    for (const queue of [this.queue, this.reviews]) for (let w = queue.next(); w; w = queue.next()) w.reject(closed);
    for (const [id, job] of this.pending) {
      this.pending.delete(id);
      job.reject(closed);
    }
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
