/**
 * The outcome of handling untrusted input: a value, or an error that says what was wrong.
 * Broken invariants throw instead; a Result is for what a user or a peer may get wrong.
 */
export type Result<T, E = Error> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Shorthand for the common case of an Error carrying a message for a person. */
export const fail = (message: string): Result<never, Error> => err(new Error(message));

/** For trusted input only (tests, data the program made itself): throws the error. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw result.error instanceof Error ? result.error : new Error(String(result.error));
}

export function map<T, U, E>(result: Result<T, E>, f: (value: T) => U): Result<U, E> {
  return result.ok ? ok(f(result.value)) : result;
}
