import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LANGUAGE_KEY } from '../storage-keys.ts';
import type { Catalog, MessageKey } from './catalog.ts';
import { isLocale, isSpoken, type Locale, loadCatalog, negotiate, partLoaders, type SpokenLocale } from './languages.ts';
import { Formats, formatMessage, type Message, type MessageValues, messageTree } from './message-format.ts';
import type { PagePart } from './parts.ts';

export type { MessageKey } from './catalog.ts';
export type { Locale, SpokenLocale } from './languages.ts';
export type { MessageValues } from './message-format.ts';
export type { PagePart } from './parts.ts';

/** How a number is written: Intl's options (a percent, fraction digits, grouping). */
export type FormatNumberOptions = Intl.NumberFormatOptions;

/** The language spoken now: its catalog as far as it is in, each message's tree once formatted, its formats. */
type Speaking = {
  readonly locale: SpokenLocale;
  readonly messages: Partial<Record<MessageKey, Message>>;
  readonly trees: Map<MessageKey, readonly MessageFormatElement[]>;
  readonly formats: Formats;
};
let speaking: Speaking | null = null;

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
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return isSpoken(saved) ? saved : null;
  } catch {
    // Storage off (private mode): the browser's languages decide.
    return null;
  }
}

/** Keeps `locale` on this device (a guest's choice, a signed-in player's too: it holds before the account answers). */
export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Not kept: the choice holds for this page only.
  }
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

const speak = (loaded: Loaded) => speakFrom(loaded.locale, loaded.messages);

function speakFrom(locale: SpokenLocale, messages: Partial<Record<MessageKey, Message>>): void {
  formatted.clear();
  // The formats made so far serve the same language's next parts.
  const formats = speaking?.locale === locale ? speaking.formats : new Formats(locale);
  speaking = { locale, messages, trees: new Map(), formats };
}

/** Speaks `locale` from `messages` at once, the whole catalog (tests, and the static exports). */
export function setCatalog(locale: SpokenLocale, messages: Catalog): void {
  loading = null;
  asked = null;
  speakFrom(locale, messages);
}

function current(): Speaking {
  if (!speaking) throw new Error('i18n: no catalog loaded yet (startI18n runs before the app renders)');
  return speaking;
}

export const locale = (): SpokenLocale => current().locale;

/** `key`'s message with `values`; a message missing or failing to format shows its key (the console says why): never a blank. */
function say(spoken: Speaking, key: MessageKey, values: MessageValues | undefined): string {
  const message = spoken.messages[key];
  if (message === undefined) {
    console.error(`Missing message: "${key}" for locale "${spoken.locale}"`);
    return key;
  }
  try {
    let tree = spoken.trees.get(key);
    if (!tree) {
      tree = messageTree(message);
      spoken.trees.set(key, tree);
    }
    return formatMessage(tree, values, spoken.formats);
  } catch (error) {
    console.error(`Error formatting message "${key}" for locale "${spoken.locale}": ${(error as Error).message}`);
    return key;
  }
}

/**
 * Messages as formatted, by key and values, for the catalog spoken now (emptied when it changes).
 * A board names each of its cells on every render: formatting each again walks the message's tree
 * per call (with @formatjs, a tenth of a Hex board's render). Bounded: emptied
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
  const spoken = current();
  const shape = values ? valuesKey(values) : '';
  if (shape === null) return say(spoken, key, values);
  const cacheKey = key + shape;
  const known = formatted.get(cacheKey);
  if (known !== undefined) return known;
  const text = say(spoken, key, values);
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  formatted.set(cacheKey, text);
  return text;
}

/** A number as the player's locale writes it (1,234.5; 1.234,5; 1 234,5). */
export const formatNumber = (value: number, options?: FormatNumberOptions): string => current().formats.number(value, options);

/** A rating, written as players write one in every language: digits alone, never grouped (1500, not 1,500). */
export const formatRating = (value: number): string => current().formats.number(value, { useGrouping: false });

/** A day with its month in words ("Dec 5, 2026", "5 dic 2026", "2026年12月5日"): never a bare 12/5/2026. */
export const formatDay = (at: number | Date): string => current().formats.date(at, { year: 'numeric', month: 'short', day: 'numeric' });

/** A day and its time of day. */
export const formatDateTime = (at: number | Date): string =>
  current().formats.date(at, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Items joined as the language joins them ("a, b and c", "a, b y c", "a、b、c"). */
export const formatList = (items: readonly string[]): string => current().formats.list(items, { type: 'conjunction' });

/** Items side by side, with no "and" ("White 60%, Black 40%"; "白 60%、黒 40%"). */
export const formatUnitList = (items: readonly string[]): string => current().formats.list(items, { type: 'unit', style: 'short' });
