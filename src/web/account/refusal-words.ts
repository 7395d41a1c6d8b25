import { type MessageKey, t } from '../i18n/index.ts';
import { cataloguedRefusal } from '../i18n/why.ts';

/** The account routes' refusals the catalogs say, by their codes (src/server/identity: `account.*`). */
export const ACCOUNT_REFUSALS = [
  'account.refusal.usernameRule',
  'account.refusal.usernameKept',
  'account.refusal.usernameTaken',
  'account.refusal.passwordShort',
  'account.refusal.passwordLong',
  'account.refusal.passwordCommon',
  'account.refusal.passwordIsUsername',
  'account.refusal.wrongPassword',
  'account.refusal.notYourPassword',
  'account.refusal.tooManyWrong',
  'account.refusal.tooManyAccounts',
  'account.refusal.tooManyGuests',
  'account.refusal.loggedInAs',
  'account.refusal.banned',
  'account.refusal.logInFirst',
  'account.refusal.tokenPlays',
] as const satisfies readonly MessageKey[];

const KNOWN: ReadonlySet<string> = new Set(ACCOUNT_REFUSALS);

/**
 * What went wrong with an account form, in the player's language: the refusal's code in the
 * catalog's words, or the server's own (a refusal with no code this page words), as a sentence.
 */
export const accountProblem = (error: Error): string => accountRefusal(error) ?? serverSentence(error);

/** An account route's refusal in the catalog's words by its code, or null for a code no message words (or none). */
const accountRefusal = (error: Error): string | null =>
  cataloguedRefusal(error, KNOWN, (code) => (code.startsWith('account.') ? `account.refusal.${code.slice('account.'.length)}` : null));

/**
 * Why logging out (here, or everywhere) did not work, in the player's language: its code's message
 * (log in first; an API token's session is managed from the site), or the server's words after "Not logged out".
 */
export const logOutProblem = (error: Error): string => accountRefusal(error) ?? t('account.notLoggedOut', { problem: error.message });

/** The server's own words (English: a refusal no catalog message says) as a sentence. */
export const serverSentence = (error: Error): string =>
  t('account.problem', { problem: `${error.message[0]?.toUpperCase() ?? ''}${error.message.slice(1)}` });
