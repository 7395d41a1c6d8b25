import type { Catalog } from './catalog.ts';
import type { PagePart } from './parts.ts';

/**
 * A catalog as its module gives it: under Node the whole of it; in the browser (the build splits it,
 * scripts/precompiled-catalogs.ts) its common part, and a loader for each page's part.
 */
export type CatalogModule = { readonly default: Partial<Catalog> };

/**
 * How a catalog's page parts load, each a module of its own (`en.ts?part=play`, made by the build).
 * Named here, beside the common part's loader, so a page's part is asked for at once with the page's
 * code, not after the common part has come in and run (a round trip of the first load saved). Under
 * Node a catalog is whole and no part is ever asked for.
 */
export type PartLoaders = Readonly<Record<PagePart, () => Promise<CatalogModule>>>;

/**
 * The languages the site speaks: adding one is its catalog in messages/ and one line here (its name
 * as its own speakers write it, and how its catalog loads). English is the source and the fallback.
 * Each catalog loads only when chosen: the others never reach the browser; and it loads in parts
 * (parts.ts), each page's beside that page.
 */
export const LANGUAGES = {
  en: {
    name: 'English',
    load: () => import('./messages/en.ts'),
    parts: {
      play: () => import('./messages/en.ts?part=play'),
      study: () => import('./messages/en.ts?part=study'),
      people: () => import('./messages/en.ts?part=people'),
      export: () => import('./messages/en.ts?part=export'),
    },
  },
  es: {
    name: 'Español',
    load: () => import('./messages/es.ts'),
    parts: {
      play: () => import('./messages/es.ts?part=play'),
      study: () => import('./messages/es.ts?part=study'),
      people: () => import('./messages/es.ts?part=people'),
      export: () => import('./messages/es.ts?part=export'),
    },
  },
  ru: {
    name: 'Русский',
    load: () => import('./messages/ru.ts'),
    parts: {
      play: () => import('./messages/ru.ts?part=play'),
      study: () => import('./messages/ru.ts?part=study'),
      people: () => import('./messages/ru.ts?part=people'),
      export: () => import('./messages/ru.ts?part=export'),
    },
  },
  ja: {
    name: '日本語',
    load: () => import('./messages/ja.ts'),
    parts: {
      play: () => import('./messages/ja.ts?part=play'),
      study: () => import('./messages/ja.ts?part=study'),
      people: () => import('./messages/ja.ts?part=people'),
      export: () => import('./messages/ja.ts?part=export'),
    },
  },
} as const satisfies Record<string, { name: string; load: () => Promise<CatalogModule>; parts: PartLoaders }>;

export type Locale = keyof typeof LANGUAGES;

/**
 * The pseudo-locale (pseudo.ts), for developers and tests: chosen by keeping "en-XA" as the language
 * on the device (localStorage `hexarena.lang`), never offered in the picker nor kept in an account.
 */
export const PSEUDO = {
  locale: 'en-XA',
  load: () => import('./messages/en-XA.ts'),
  parts: {
    play: () => import('./messages/en-XA.ts?part=play'),
    study: () => import('./messages/en-XA.ts?part=study'),
    people: () => import('./messages/en-XA.ts?part=people'),
    export: () => import('./messages/en-XA.ts?part=export'),
  },
} as const satisfies { locale: string; load: () => Promise<CatalogModule>; parts: PartLoaders };
/** A language the app can speak: one of the site's, or the pseudo-locale. */
export type SpokenLocale = Locale | typeof PSEUDO.locale;
export const isSpoken = (value: unknown): value is SpokenLocale => isLocale(value) || value === PSEUDO.locale;
/** How a spoken language's catalog loads (only that one reaches the browser). */
export const loadCatalog = (locale: SpokenLocale): Promise<CatalogModule> =>
  locale === PSEUDO.locale ? PSEUDO.load() : LANGUAGES[locale].load();
/** How a spoken language's page parts load (the build's split of its catalog). */
export const partLoaders = (locale: SpokenLocale): PartLoaders => (locale === PSEUDO.locale ? PSEUDO.parts : LANGUAGES[locale].parts);
export const LOCALES = Object.keys(LANGUAGES) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && Object.hasOwn(LANGUAGES, value);

/**
 * The first of a browser's languages that the site speaks, by its primary subtag ("es-MX" is Spanish,
 * "ja-JP" Japanese); English when none is.
 */
export function negotiate(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's languages, most wanted first (q=0 means "not this one"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((x) => x.tag !== '' && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((x) => x.tag);
}
