import { saveAccountLanguage } from './account-language.ts';
import { locale, storeLocale, t } from './index.ts';
import { isLocale, LANGUAGES, LOCALES, type Locale } from './languages.ts';

/**
 * The language, for the settings menu: each named in its own words. A choice is kept on this device
 * (and in the account of a signed-in player) and the page loads again in it: every word on it, and
 * only that language's catalog.
 */
export function LanguagePicker() {
  const choose = async (chosen: Locale) => {
    storeLocale(chosen);
    await saveAccountLanguage(chosen);
    window.location.reload();
  };
  return (
    <label class="language-choice">
      {t('settings.language')}{' '}
      <select
        value={locale()}
        data-testid="language"
        onChange={(e) => {
          const chosen = e.currentTarget.value;
          if (isLocale(chosen)) void choose(chosen);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
    </label>
  );
}
