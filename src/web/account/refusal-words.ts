import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { type MessageKey, t } from '../i18n/index.ts';

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
] as const satisfies readonly MessageKey[];

const KNOWN: ReadonlySet<string> = new Set(ACCOUNT_REFUSALS);

/**
 * What went wrong with an account form, in the player's language: the refusal's code in the
 * catalog's words, or the server's own (a refusal with no code this page words), as a sentence.
 */
export function accountProblem(error: Error): string {
  const why = whyOf(error);
  const key = why?.code.startsWith('account.') ? `account.refusal.${why.code.slice('account.'.length)}` : null;
  if (why && key && KNOWN.has(key)) return t(key as MessageKey, why.values);
  return t('account.problem', { problem: `${error.message[0]?.toUpperCase() ?? ''}${error.message.slice(1)}` });
}
