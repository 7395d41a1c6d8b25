import type { AnalysisStep, ChanceStep } from '@hexarena/engines/ai/analysis.ts';
import { useEffect, useState } from 'preact/hooks';
import { errorOf } from '../worker-failure.ts';
import { failureWords } from '../worker-failure-words.ts';
import type { EngineAnswer, EngineRequest } from './engine-worker.ts';
import { storedSearchDepth } from './search-limit.ts';

/** What the engine has said of the position on the board so far. */
export interface EngineView {
  readonly on: boolean;
  /** Still thinking (on, and not done). */
  readonly thinking: boolean;
  readonly step: AnalysisStep | null;
  readonly chances: ChanceStep | null;
  /** The move the strongest level would play, where there are no lines (a game of chance). */
  readonly best: string | null;
  readonly error: string | null;
  setOn(on: boolean): void;
}

const NOTHING = { thinking: false, step: null, chances: null, best: null, error: null };

/**
 * Runs the engine on each position the board shows while it is on, in a worker of its own: a new
 * position, or turning it off, ends the worker thinking about the old one (a search cannot be
 * interrupted from outside), and the next position starts a fresh one.
 */
export function useEngine(request: EngineRequest | null): EngineView {
  const [on, setOn] = useState(true);
  const key = request && JSON.stringify(request);
  // What the engine said, and of which request: until the new position's effect runs, the old
  // position's lines are not shown over the new board.
  const [view, setView] = useState<Omit<EngineView, 'on' | 'setOn'> & { readonly of: string | null }>({ ...NOTHING, of: null });
  useEffect(() => {
    setView({ ...NOTHING, of: key });
    if (!on || !request) return;
    const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
    setView({ ...NOTHING, thinking: true, of: key });
    worker.onmessage = (event: MessageEvent<EngineAnswer>) => {
      const answer = event.data;
      setView((v) => {
        switch (answer.kind) {
          case 'step':
            return { ...v, step: answer.step };
          case 'chances':
            return { ...v, chances: answer.chances };
          case 'best':
            return { ...v, best: answer.move };
          case 'done':
            return { ...v, thinking: false };
          case 'error':
            return { ...v, thinking: false, error: failureWords(errorOf(answer.failure)) };
        }
      });
    };
    const maxDepth = storedSearchDepth();
    worker.postMessage({ ...request, ...(maxDepth === undefined ? {} : { maxDepth }) } satisfies EngineRequest);
    return () => worker.terminate();
    // The request is compared by its text: a new object for the same position is no new position.
  }, [key, on]);
  const { of, ...said } = view;
  return { ...(of === key ? said : { ...NOTHING, thinking: on && request !== null }), on, setOn };
}
