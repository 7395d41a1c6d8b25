import { InvalidArgumentError } from 'commander';
import { isLocale, LOCALES, type Locale } from '../../web/i18n/languages.ts';

/**
 * export-static's `--lang`: one of the site's languages (the pages at the folder's top, as before),
 * several joined by commas, or `all`. Several are written each in a folder of its own (`es/…`), the
 * same pages in each, every page with a switch to the same page in the others, and an index at the
 * top that lists them (static/languages.ts). Apart from the pages' words, for the parser's sake.
 */
export function languageList(text: string): Locale[] {
  const asked = text.trim().toLowerCase() === 'all' ? LOCALES : text.split(',').map((code) => code.trim());
  const unknown = asked.filter((code) => !isLocale(code));
  if (unknown.length > 0)
    throw new InvalidArgumentError(
      `no language ${unknown.map((code) => `"${code}"`).join(', ')}: say one of ${LOCALES.join(', ')}, several joined by commas, or all`,
    );
  return [...new Set(asked as Locale[])];
}
