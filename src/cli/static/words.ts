import type { Catalog } from '../../web/i18n/catalog.ts';
import { setCatalog } from '../../web/i18n/index.ts';
import type { Locale } from '../../web/i18n/languages.ts';
import en from '../../web/i18n/messages/en.ts';
import es from '../../web/i18n/messages/es.ts';
import ja from '../../web/i18n/messages/ja.ts';
import ru from '../../web/i18n/messages/ru.ts';

/**
 * The static exports speak the site's languages from the browser app's own catalogs (one source for
 * every word a player reads, docs/translating.md); the command line itself stays English. All four
 * are bundled into the command line: it has no first load to keep small.
 */
const CATALOGS: Readonly<Record<Locale, Catalog>> = { en, es, ru, ja };

/** Makes `lang` the language the pages about to be built are written in (the app's `t` and outcomes speak it). */
export function speak(lang: Locale): void {
  setCatalog(lang, CATALOGS[lang]);
}
