import { fail, ok, type Result } from '../engine/result.ts';

/**
 * Names people give themselves, shown to everyone else: printable text only. Control characters
 * break lines and logs; bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) turn the
 * text around it backwards on other players' screens ("‮evil" shows as "live"); invisible format
 * characters make two names look alike.
 */
const UNSHOWABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u;

export const MAX_NAME_LENGTH = 40;

/** A name as given (untrusted), trimmed and in one Unicode form; or why it cannot be shown. */
export function parseName(text: string): Result<string> {
  const name = text.normalize('NFC').trim();
  if (name === '') return fail('a name has at least one visible character');
  if ([...name].length > MAX_NAME_LENGTH) return fail(`a name is at most ${MAX_NAME_LENGTH} characters`);
  const bad = UNSHOWABLE.exec(name);
  if (bad)
    return fail(
      `a name may not hold U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} (control or format characters)`,
    );
  return ok(name);
}

/** A chat line as written (untrusted): trimmed, one Unicode form, printable; or why it cannot be shown. */
export function parseChatText(text: string): Result<string> {
  const line = text.normalize('NFC').trim();
  if (line === '') return fail('say something');
  const bad = UNSHOWABLE.exec(line);
  if (bad)
    return fail(
      `a chat line may not hold U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')} (control or format characters)`,
    );
  return ok(line);
}
