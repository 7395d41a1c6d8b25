import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { ok, type Result } from '@hexarena/engines/engine/result.ts';

/**
 * Usernames: 3 to 20 letters, digits, `_` and `-`, in ASCII only, so no two names can look alike
 * through Unicode (a Cyrillic "а" for a Latin "a", a full-width "Ｂ", an invisible joiner); unique
 * without regard to case ("Zoe" and "zoe" are one name), shown as their owner typed them.
 */

export const USERNAME_RULE = 'a username is 3 to 20 letters (a–z), digits, _ or -, starting with a letter or digit';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$/;

/** Names that would pass for the site, its staff or its placeholders. */
const RESERVED =
  /^(admin|administrator|mod|moderator|staff|support|system|root|hexarena|anonymous|deleted|guest|bot|null|undefined|me|api)([-_]|$)/;

/** Whether a name (its lower-case key) would pass for the site: no player's, and no bot's either. */
export const keptForTheSite = (key: string): boolean => RESERVED.test(key);

export interface Username {
  /** As its owner typed it. */
  readonly name: string;
  /** What uniqueness is checked by: the name in lower case. */
  readonly key: string;
}

/** A username someone asks for (untrusted), or why it cannot be one. */
export function parseUsername(text: unknown): Result<Username> {
  if (typeof text !== 'string' || !USERNAME.test(text)) return refuse('account.usernameRule', USERNAME_RULE);
  const key = text.toLowerCase();
  if (keptForTheSite(key)) return refuse('account.usernameKept', `"${text}" is kept for the site: choose another username`, { name: text });
  return ok({ name: text, key });
}

/** The key of a name given at login (untrusted): looked up as is, never said back. */
export const usernameKey = (text: string): string => text.toLowerCase();
