import { RulesRefusal } from '@hexarena/engines/engine/refusal.ts';

/**
 * A refusal's body as an error with the server's words: one with a code keeps it (whyOf) and the
 * coded refusal it wraps (`cause`, a replay's move refused), for the page that shows it to say it in
 * the player's language; null for a body with no words.
 */
export function refusalOf(body: unknown, depth = 0): Error | null {
  const { error, code, values, cause } = (body ?? {}) as { error?: unknown; code?: unknown; values?: unknown; cause?: unknown };
  if (typeof error !== 'string') return null;
  if (typeof code !== 'string') return new Error(error);
  const plain = plainValues(values);
  // A refusal wraps one or two (a replay's move): a deeper chain is no server's.
  const wrapped = depth < 3 ? refusalOf(cause, depth + 1) : null;
  return new RulesRefusal(error, plain === undefined ? { code } : { code, values: plain }, wrapped ?? undefined);
}

/** A refusal's values as the server sent them: names of texts and numbers, nothing else. */
function plainValues(values: unknown): Record<string, string | number> | undefined {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return undefined;
  const entries = Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return Object.fromEntries(entries) as Record<string, string | number>;
}
