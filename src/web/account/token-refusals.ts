import type { MessageKey } from '../i18n/index.ts';
import { refusalTable } from '../i18n/why.ts';
import { serverSentence } from './refusal-words.ts';

/**
 * The refusals of the account's bots and API tokens the catalogs say, by the server's codes
 * (src/server/identity/routes.ts and bots.ts: `tokens.*`, `bots.*`, `too-many-bots`, and the
 * account's own when no player is logged in).
 */
export const TOKEN_REFUSALS: Readonly<Record<string, MessageKey>> = {
  'account.logInFirst': 'account.refusal.logInFirst',
  'account.tokenPlays': 'account.refusal.tokenPlays',
  'tokens.noSuchBot': 'tokens.refusal.noSuchBot',
  'tokens.label': 'tokens.refusal.label',
  'tokens.tooMany': 'tokens.refusal.tooMany',
  'tokens.noSuchToken': 'tokens.refusal.noSuchToken',
  'bots.nameRule': 'tokens.refusal.botNameRule',
  'bots.nameKept': 'tokens.refusal.botNameKept',
  'bots.nameTaken': 'tokens.refusal.botNameTaken',
  'bots.logIn': 'tokens.refusal.botLogIn',
  'too-many-bots': 'tokens.refusal.tooManyBots',
};

const catalogued = refusalTable(TOKEN_REFUSALS);

/**
 * What went wrong with a bot or a token, in the player's language: the refusal's code in the
 * catalog's words, or the server's own (no code, or one this page does not know) as a sentence.
 */
export const tokensProblem = (error: Error): string => catalogued(error) ?? serverSentence(error);
