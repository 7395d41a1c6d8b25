import { createIntl, createIntlCache, type FormatNumberOptions, type IntlShape } from '@formatjs/intl';
import type { Catalog, MessageKey } from './catalog.ts';
import { DEFAULT_LOCALE, isLocale, isSpoken, type Locale, loadCatalog, negotiate, partLoaders, type SpokenLocale } from './languages.ts';
import type { PagePart } from './parts.ts';

export type { FormatNumberOptions } from '@formatjs/intl';
export type { MessageKey } from './catalog.ts';
export type { Locale, SpokenLocale } from './languages.ts';
export type { PagePart } from './parts.ts';

/** What a message's placeholders take. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

const STORAGE_KEY = 'hexarena.lang';
const cache = createIntlCache();
let intl: IntlShape<string> | null = null;

/**
 * The player's language: the one chosen on this device (the settings menu), else the one the server
 * put on the page (a signed-in player's own, or its reading of Accept-Language), else the browser's.
 */
export function chosenLocale(): SpokenLocale {
  const stored = storedLocale();
  if (stored) return stored;
  const root = typeof document === 'undefined' ? undefined : document.documentElement;
  if (root?.dataset.langChosen !== undefined && isLocale(root.lang)) return root.lang;
  return negotiate(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

function storedLocale(): SpokenLocale | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isSpoken(saved) ? saved : null;
  } catch {
    // Storage off (private mode): the browser's languages decide.
    return null;
  }
}

/** Keeps `locale` on this device (a guest's choice, a signed-in player's too: it holds before the account answers). */
export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Not kept: the choice holds for this page only.
  }
}

/**
 * Has the browser load its locale data (ICU), which it does once per page on the first Intl call:
 * ~100 ms of a phone's CPU that createIntl (setCatalog) would spend when the catalog arrives, just
 * before the page draws. main.tsx calls it while the page's code and catalog are still on their way.
 */
export function warmLocaleData(): void {
  // The two calls createIntl makes first: each format's list of locales is built once.
  Intl.NumberFormat.supportedLocalesOf(DEFAULT_LOCALE);
  Intl.DateTimeFormat.supportedLocalesOf(DEFAULT_LOCALE);
}

/** The chosen language's catalog as far as it is in: its common part's messages, and those of the parts come in. */
type Loaded = { locale: SpokenLocale; messages: Partial<Catalog> };
let loading: Promise<Loaded> | null = null;
/** The chosen language, and its page parts asked for (each once: a part that failed is asked again). */
let asked: { locale: SpokenLocale; parts: Map<PagePart, Promise<Partial<Catalog>>> } | null = null;

/**
 * Loads `locale`'s catalog (only that one: its common part, and the `parts` of the page first shown)
 * and makes it the one `t` speaks; sets `<html lang>`.
 */
export async function startI18n(locale: SpokenLocale = chosenLocale(), parts: readonly PagePart[] = []): Promise<void> {
  asked = { locale, parts: new Map() };
  loading = loadCatalog(locale).then((module) => {
    const loaded: Loaded = { locale, messages: { ...module.default } };
    speak(loaded);
    return loaded;
  });
  await loadMessages(parts);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * Has the parts of the catalog that a page shows come in (a page's loader calls it beside its code's
 * import, app.tsx); at once when they are in, or when the catalog is whole (under Node, and in tests
 * that set it with setCatalog). A part is asked for at once, beside the common part, not after it.
 */
export async function loadMessages(parts: readonly PagePart[]): Promise<void> {
  if (!loading || !asked) return;
  const mine = asked;
  const { locale, parts: requested } = mine;
  const coming = parts.map((part) => {
    let messages = requested.get(part);
    if (!messages) {
      messages = partLoaders(locale)
        [part]()
        .then((m) => m.default);
      // A part that failed to load is asked for again by the next page that needs it.
      messages.catch(() => requested.delete(part));
      requested.set(part, messages);
    }
    return messages;
  });
  const [loaded, ...partsIn] = await Promise.all([loading, ...coming]);
  // Another language chosen meanwhile, or a whole catalog set (setCatalog): these words are not spoken.
  if (asked !== mine) return;
  const fresh = partsIn.filter((messages) => Object.keys(messages).some((key) => !(key in loaded.messages)));
  if (fresh.length === 0) return;
  for (const messages of fresh) Object.assign(loaded.messages, messages);
  speak(loaded);
}

const speak = (loaded: Loaded) => {
  formatted.clear();
  intl = createIntl({ locale: loaded.locale, defaultLocale: DEFAULT_LOCALE, messages: loaded.messages, onError: reportError }, cache);
};

/** Speaks `locale` from `messages` at once, the whole catalog (tests, and the static exports). */
export function setCatalog(locale: SpokenLocale, messages: Catalog): void {
  loading = null;
  asked = null;
  formatted.clear();
  intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError: reportError }, cache);
}

// A message that fails to format shows its key (onError says why in the console): never a blank.
function reportError(error: Error): void {
  console.error(error.message);
}

function current(): IntlShape<string> {
  if (!intl) throw new Error('i18n: no catalog loaded yet (startI18n runs before the app renders)');
  return intl;
}

export const locale = (): SpokenLocale => current().locale as SpokenLocale;

/**
 * Messages as formatted, by key and values, for the catalog spoken now (emptied when it changes).
 * A board names each of its cells on every render: formatting each again costs @formatjs a
 * serialization of the message's tree per call, a tenth of a Hex board's render. Bounded: emptied
 * when full (clocks and counts make new values all the time).
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 4000;

/** A message's values as part of the cache's key, or null for values a key cannot hold (dates). */
function valuesKey(values: MessageValues): string | null {
  let key = '';
  for (const name in values) {
    const value = values[name];
    if (typeof value === 'object') return null;
    key += `\u0000${name}\u0001${typeof value}\u0001${value}`;
  }
  return key;
}

/** A message in the player's language, its placeholders filled (plurals, selects, numbers, dates). */
export function t(key: MessageKey, values?: MessageValues): string {
  const speaking = current();
  const shape = values ? valuesKey(values) : '';
  if (shape === null) return speaking.formatMessage({ id: key }, values) as string;
  const cacheKey = key + shape;
  const known = formatted.get(cacheKey);
  if (known !== undefined) return known;
  const text = speaking.formatMessage({ id: key }, values) as string;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(cacheKey, text);
  return text;
}

/** A number as the player's locale writes it (1,234.5; 1.234,5; 1 234,5). */
export const formatNumber = (value: number, options?: FormatNumberOptions): string => current().formatNumber(value, options);

/** A rating, written as players write one in every language: digits alone, never grouped (1500, not 1,500). */
export const formatRating = (value: number): string => current().formatNumber(value, { useGrouping: false });

/** A day with its month in words ("Dec 5, 2026", "5 dic 2026", "2026年12月5日"): never a bare 12/5/2026. */
export const formatDay = (at: number | Date): string => current().formatDate(at, { year: 'numeric', month: 'short', day: 'numeric' });

/** A day and its time of day. */
export const formatDateTime = (at: number | Date): string =>
  current().formatDate(at, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Items joined as the language joins them ("a, b and c", "a, b y c", "a、b、c"). */
export const formatList = (items: readonly string[]): string => current().formatList(items, { type: 'conjunction' }) as string;

/** Items side by side, with no "and" ("White 60%, Black 40%"; "白 60%、黒 40%"). */
export const formatUnitList = (items: readonly string[]): string => current().formatList(items, { type: 'unit', style: 'short' }) as string;
