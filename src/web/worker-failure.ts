import { RulesRefusal, type Why, whyOf } from '@hexarena/engines/engine/refusal.ts';

/**
 * Why an engine's worker (the analysis board's, the AI's) failed, as it crosses to the page: a worker has no catalog, and an error
 * posted to the page arrives as its English words alone. A rules' refusal keeps its code and values
 * (and its cause's, for a replay's refused move), so the page says it in the player's language.
 */
export interface EngineFailure {
  /** The engines' English, for the console. */
  readonly message: string;
  readonly why?: Why;
  readonly cause?: EngineFailure;
}

/** What the worker posts of an error it met. */
export function failureOf(e: unknown): EngineFailure {
  if (!(e instanceof Error)) return { message: String(e) };
  const why = whyOf(e);
  const cause = e.cause instanceof Error ? failureOf(e.cause) : undefined;
  return { message: e.message, ...(why ? { why } : {}), ...(cause ? { cause } : {}) };
}

/** The failure as an error again on the page: a refusal with its code, and its cause, where it had them. */
export function errorOf(failure: EngineFailure): Error {
  const cause = failure.cause && errorOf(failure.cause);
  return failure.why ? new RulesRefusal(failure.message, failure.why, cause) : new Error(failure.message, cause && { cause });
}
