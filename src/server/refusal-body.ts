import { type Why, whyOf } from '@hexarena/engines/engine/refusal.ts';

/** An HTTP refusal's body: the English words, and a code (with its values) an app says in its player's language. */
export interface RefusalBody {
  readonly error: string;
  readonly code?: string;
  readonly values?: Why['values'];
}

/**
 * The body of a refusal: from an error (a RulesRefusal keeps its code; another error has none), or
 * from a code, its words and the values they name.
 */
export function refusalBody(refused: Error): RefusalBody;
export function refusalBody(code: string, error: string, values?: Why['values']): RefusalBody;
export function refusalBody(refused: Error | string, error?: string, values?: Why['values']): RefusalBody {
  if (typeof refused === 'string') return { error: error ?? refused, code: refused, ...(values ? { values } : {}) };
  const why = whyOf(refused);
  return { error: refused.message, ...(why ? { code: why.code, ...(why.values ? { values: why.values } : {}) } : {}) };
}
