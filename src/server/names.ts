import { err, fail, ok, type Result } from '@hexarena/engines/engine/result.ts';

/**
 * Names people give themselves and chat lines, shown to everyone else: printable text only. Control
 * characters break lines and logs; bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * turn the text around it backwards on other players' screens ("‮evil" shows as "live"); invisible
 * format characters (every one of general category Cf, U+200B and U+FEFF among them) make two names
 * look alike; an unpaired surrogate is no character at all (a store or another client may choke on it).
 */
const UNSHOWABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u;

export const MAX_NAME_LENGTH = 40;

/** A refused chat line: why in words, and a code that stays the same whatever the words become. */
export interface ChatRefusal {
  readonly code: 'chat-empty' | 'chat-unshowable';
  readonly message: string;
}

/**
 * The first character of `text` nobody may be shown, as "U+XXXX", or null. Checked on the text as
 * sent, before any trimming: String#trim drops U+FEFF at either end, which would let it pass silently.
 */
function unshowableIn(text: string): string | null {
  const bad = UNSHOWABLE.exec(text);
  return bad ? `U+${(bad[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/** A name as given (untrusted), trimmed and in one Unicode form; or why it cannot be shown. */
export function parseName(text: string): Result<string> {
  const bad = unshowableIn(text);
  if (bad) return fail(`a name may not hold ${bad} (control or format characters)`);
  const name = text.normalize('NFC').trim();
  if (name === '') return fail('a name has at least one visible character');
  if ([...name].length > MAX_NAME_LENGTH) return fail(`a name is at most ${MAX_NAME_LENGTH} characters`);
  return ok(name);
}

/** A chat line as written (untrusted): trimmed, one Unicode form, printable; or why it cannot be shown. */
export function parseChatText(text: string): Result<string, ChatRefusal> {
  const bad = unshowableIn(text);
  if (bad)
    return err({
      code: 'chat-unshowable',
      message: `a chat line may not hold ${bad} (control or format characters, or an unpaired surrogate)`,
    });
  const line = text.normalize('NFC').trim();
  if (line === '') return err({ code: 'chat-empty', message: 'say something' });
  return ok(line);
}
