import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { t } from './i18n/index.ts';
import { rulesRefusal } from './i18n/why.ts';

/**
 * Why an engine failed, in the player's language: a rules' refusal by its code; an error of the
 * engine's own (a fault, with no code) as the catalog's words, its English kept for the console.
 */
export function failureWords(error: unknown): string {
  if (error instanceof Error && whyOf(error)) return rulesRefusal(error);
  console.error(`engine: ${error instanceof Error ? error.message : String(error)}`);
  return t('analysis.engineFailed');
}
