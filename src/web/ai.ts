import type { AiAnswer, AiRequest } from './ai-worker.ts';

/** Asks the AI worker for a move; the page never blocks while it thinks. */
export class AiClient {
  private readonly worker = new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module' });
  private next = 1;
  private readonly pending = new Map<number, (answer: AiAnswer) => void>();

  constructor() {
    this.worker.onmessage = (event: MessageEvent<AiAnswer>) => {
      this.pending.get(event.data.id)?.(event.data);
      this.pending.delete(event.data.id);
    };
  }

  move(request: Omit<AiRequest, 'id'>): Promise<string> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (answer) => ('move' in answer ? resolve(answer.move) : reject(new Error(answer.error))));
      this.worker.postMessage({ ...request, id } satisfies AiRequest);
    });
  }
}
