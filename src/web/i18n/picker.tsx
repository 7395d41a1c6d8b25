import { saveAccountLanguage } from './account-language.ts';
import { locale, storeLocale, t } from './index.ts';
import { isLocale, LANGUAGES, LOCALES, type Locale, PSEUDO, type SpokenLocale } from './languages.ts';

/**
 * The picker's choices for a page spoken in `current`: the site's languages, and the pseudo-locale
 * when it is the one spoken. It is never offered, but a select whose value is none of its options
 * shows blank (en-XA's settings menu did): listed while chosen, it shows what the page speaks, and
 * choosing any other language leaves it.
 */
export function pickerChoices(current: SpokenLocale): readonly { readonly code: SpokenLocale; readonly name: string }[] {
  const languages = LOCALES.map((code) => ({ code, name: LANGUAGES[code].name }));
  // Its code as its name: a developer's locale, with no name in any language's words.
  return current === PSEUDO.locale ? [...languages, { code: PSEUDO.locale, name: PSEUDO.locale }] : languages;
}

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
        {pickerChoices(locale()).map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
