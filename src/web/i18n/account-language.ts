import { call } from '../online/api.ts';
import type { Locale } from './languages.ts';

/**
 * Keeps the language in a signed-in player's account, for their other devices; a guest's choice stays
 * on this device (the server refuses it, which changes nothing here).
 */
export async function saveAccountLanguage(language: Locale): Promise<void> {
  await call('/api/account/language', { method: 'POST', body: { language } });
}
