import { t } from '../../web/i18n/index.ts';
import { LANGUAGES, type Locale } from '../../web/i18n/languages.ts';
import { escapeHtml, page } from './html.ts';
import type { Site } from './site.ts';
import { speak } from './words.ts';

/** The link from `from` (a page of one language's folder) to the same page in `to`'s folder. */
const across = (path: string, to: Locale): string => `${'../'.repeat(path.split('/').length)}${to}/${path}`;

/** The switch between languages on one page: the page's own named, the others linked, each in its own language. */
function languageSwitch(path: string, here: Locale, languages: readonly Locale[]): string {
  const items = languages.map((code) =>
    code === here
      ? `<strong>${escapeHtml(LANGUAGES[code].name)}</strong>`
      : `<a href="${escapeHtml(across(path, code))}" hreflang="${code}" lang="${code}">${escapeHtml(LANGUAGES[code].name)}</a>`,
  );
  return `<nav aria-label="${escapeHtml(t('settings.language'))}">\n<p>${items.join(' · ')}</p>\n</nav>`;
}

/**
 * The site in `languages` (--lang, lang-flag.ts): `build` writes it in the language it is given (after `speak`). One
 * language is the site as built; several are each put in their folder with the switch on every page.
 * `title` names the site in a language, for the index that lists them.
 */
export function inLanguages(languages: readonly Locale[], build: (lang: Locale) => Site, title: (lang: Locale) => string): Site {
  if (languages.length === 1) return build(languages[0] as Locale);
  const site: Site = new Map();
  const entries: string[] = [];
  for (const lang of languages) {
    const pages = build(lang);
    // The switch's own label in this language (a build may have spoken another since).
    speak(lang);
    for (const [path, html] of pages) {
      const at = html.indexOf('<body>\n');
      if (at < 0) throw new Error(`${lang}/${path}: a page without its <body> line`);
      const body = at + '<body>\n'.length;
      site.set(`${lang}/${path}`, `${html.slice(0, body)}${languageSwitch(path, lang, languages)}\n${html.slice(body)}`);
    }
    entries.push(
      `<li lang="${lang}"><a href="${lang}/index.html" hreflang="${lang}">${escapeHtml(LANGUAGES[lang].name)}</a>: ${escapeHtml(title(lang))}</li>`,
    );
  }
  const first = languages[0] as Locale;
  speak(first);
  site.set('index.html', page(title(first), `<h1>${escapeHtml(title(first))}</h1>\n<ul>\n${entries.join('\n')}\n</ul>`, first));
  return site;
}
