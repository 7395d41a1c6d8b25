import { RulesRefusal, type Why, whyOf } from '@hexarena/engines/engine/refusal.ts';

/**
 * An HTTP refusal's body: the English words, and a code (with its values) an app says in its
 * player's language; `cause`, the coded refusal this one wraps (a replay's move, refused: its own
 * words and code), for the app to word both.
 */
export interface RefusalBody {
  readonly error: string;
  readonly code?: string;
  readonly values?: Why['values'];
  readonly cause?: RefusalBody;
}

/**
 * The body of a refusal: from an error (a RulesRefusal keeps its code, and its coded cause; another
 * error has none), or from a code, its words, the values they name and the refusal it wraps.
 */
export function refusalBody(refused: Error): RefusalBody;
export function refusalBody(code: string, error: string, values?: Why['values'], cause?: Error): RefusalBody;
export function refusalBody(refused: Error | string, error?: string, values?: Why['values'], cause?: Error): RefusalBody {
  if (typeof refused === 'string') return { error: error ?? refused, code: refused, ...(values ? { values } : {}), ...causeOf(cause) };
  const why = whyOf(refused);
  if (!why) return { error: refused.message };
  return { error: refused.message, code: why.code, ...(why.values ? { values: why.values } : {}), ...causeOf(refused.cause) };
}

/** A wrapped refusal, sent only when it is the rules' own (coded): an error of another kind may say what is no asker's business. */
const causeOf = (cause: unknown): { cause?: RefusalBody } => (cause instanceof RulesRefusal ? { cause: refusalBody(cause) } : {});
