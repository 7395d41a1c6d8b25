import type { AiAnswer, AiRequest } from './ai-worker.ts';
import { storedSearchDepth } from './analysis/search-limit.ts';
import { errorOf } from './worker-failure.ts';

interface Pending {
  readonly resolve: (move: string) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Asks the AI worker for moves; the page never blocks while it thinks. A request nobody wants any
 * more (the player took a move back, left the game) is cancelled by ending the worker, since a
 * search cannot be interrupted from outside; the next request starts a fresh one.
 */
export class AiClient {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly ids = new WeakMap<Promise<string>, number>();

  private start(): Worker {
    const worker = new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<AiAnswer>) => {
      const answer = event.data;
      const pending = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if ('move' in answer) pending?.resolve(answer.move);
      else pending?.reject(errorOf(answer.failure));
    };
    return worker;
  }

  move(request: Omit<AiRequest, 'id' | 'maxDepth'>): Promise<string> {
    const id = this.next++;
    this.worker ??= this.start();
    const promise = new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
    });
    this.ids.set(promise, id);
    const maxDepth = storedSearchDepth();
    this.worker.postMessage({ ...request, id, ...(maxDepth === undefined ? {} : { maxDepth }) } satisfies AiRequest);
    return promise;
  }

  /** Drops a request still being worked on (its promise never settles); answered ones are left alone. */
  cancel(request: Promise<string>): void {
    const id = this.ids.get(request);
    if (id === undefined || !this.pending.has(id)) return;
    this.worker?.terminate();
    this.worker = null;
    this.pending.clear();
  }
}
