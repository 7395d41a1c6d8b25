import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * ICU messages formatted from their syntax tree, as @formatjs's intl-messageformat formats them (the
 * catalogs reach the browser parsed, scripts/precompiled-catalogs.ts), with one difference that is the
 * reason for this module: no number or date format is made until a message needs one that is not a
 * plain count. The first `Intl.NumberFormat` of a page (or its `supportedLocalesOf`, which
 * intl-messageformat and @formatjs/intl call for every message and language) loads the browser's number
 * data: 30–40 ms of a desk's main thread, four times that on a phone, in one task the page cannot split.
 * A home page's counts ("0 waiting", "3 players", a rating) are digits alone in every language spoken
 * here, so it never pays it.
 */

/** What a message's placeholders take. */
export type MessageValues = Readonly<Record<string, string | number | Date>>;

/** A catalog's message: its text (under Node) or the tree the build parsed it into (in the browser). */
export type Message = string | readonly MessageFormatElement[];

/** A message that cannot be formatted with the values given: a value missing, or of the wrong kind. */
export class MessageValueError extends Error {}

/** The ICU styles a message may name (`{n, number, percent}`), as intl-messageformat defines them. */
const NUMBER_STYLES: Readonly<Record<string, Intl.NumberFormatOptions>> = {
  integer: { maximumFractionDigits: 0 },
  currency: { style: 'currency' },
  percent: { style: 'percent' },
};
const DATE_STYLES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { month: 'numeric', day: 'numeric', year: '2-digit' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
};
const TIME_STYLES: Readonly<Record<string, Intl.DateTimeFormatOptions>> = {
  short: { hour: 'numeric', minute: 'numeric' },
  medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
  long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
};

/**
 * Whether every language spoken here writes `value` with `options` as its digits alone: a whole number
 * from 0, under 1,000 (no group separator yet) or with grouping off. All of them write Latin digits by
 * default (ja included); message-format.test.ts holds this against the platform's own formats.
 */
export function writtenAsDigits(value: unknown, options?: Intl.NumberFormatOptions): value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return false;
  if (options)
    for (const name in options) if (name !== 'useGrouping' && options[name as keyof Intl.NumberFormatOptions] !== undefined) return false;
  return value < 1000 || options?.useGrouping === false;
}

/** The format kept under `key`, made by `make` the first time it is asked for. */
function madeOnce<F>(made: Map<string, F>, key: string, make: () => F): F {
  let format = made.get(key);
  if (format === undefined) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** Options as a key: the same options, the same format. */
const keyOf = (options: object | undefined): string => (options ? JSON.stringify(options) : '');

/** One language's formats, each made once and only when first needed. */
export class Formats {
  private readonly numbers = new Map<string, Intl.NumberFormat>();
  private readonly dates = new Map<string, Intl.DateTimeFormat>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly lists = new Map<string, Intl.ListFormat>();

  constructor(readonly locale: string) {}

  number(value: number, options?: Intl.NumberFormatOptions): string {
    if (writtenAsDigits(value, options)) return String(value);
    return madeOnce(this.numbers, keyOf(options), () => new Intl.NumberFormat(this.locale, options)).format(value);
  }

  date(at: number | Date, options?: Intl.DateTimeFormatOptions): string {
    return madeOnce(this.dates, keyOf(options), () => new Intl.DateTimeFormat(this.locale, options)).format(at);
  }

  plural(value: number, type: Intl.PluralRuleType = 'cardinal'): string {
    return madeOnce(this.plurals, type, () => new Intl.PluralRules(this.locale, { type })).select(value);
  }

  list(items: readonly string[], options: Intl.ListFormatOptions): string {
    return madeOnce(this.lists, keyOf(options), () => new Intl.ListFormat(this.locale, options)).format(items);
  }
}

/** A message's tree: the build's, or parsed here from its text (under Node). */
export const messageTree = (message: Message): readonly MessageFormatElement[] => (typeof message === 'string' ? parse(message) : message);

/**
 * `elements` with `values` filled in. A `#` is the count of the plural it is in, also inside a select
 * within that plural. Throws MessageValueError when a value is missing or a select has no option for it.
 */
export function formatMessage(
  elements: readonly MessageFormatElement[],
  values: MessageValues | undefined,
  formats: Formats,
  count?: number,
): string {
  let text = '';
  for (const element of elements) {
    switch (element.type) {
      case TYPE.literal:
        text += element.value;
        continue;
      case TYPE.pound:
        if (count !== undefined) text += formats.number(count);
        continue;
      case TYPE.tag:
        throw new MessageValueError(`<${element.value}>: the catalogs hold no markup`);
    }
    const name = element.value;
    if (!values || !(name in values)) throw new MessageValueError(`no value for {${name}}`);
    const value = values[name];
    switch (element.type) {
      case TYPE.argument:
        text += typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        break;
      case TYPE.number: {
        const style = element.style;
        let options: Intl.NumberFormatOptions | undefined;
        let scale = 1;
        if (typeof style === 'string') options = NUMBER_STYLES[style];
        else if (style) {
          const { scale: scaled, ...rest } = style.parsedOptions;
          options = rest as Intl.NumberFormatOptions;
          scale = scaled ?? 1;
        }
        text += formats.number(Number(value) * scale, options);
        break;
      }
      case TYPE.date:
      case TYPE.time: {
        const style = element.style;
        const named = element.type === TYPE.date ? DATE_STYLES : TIME_STYLES;
        const options =
          typeof style === 'string'
            ? named[style]
            : (style?.parsedOptions ?? (element.type === TYPE.time ? TIME_STYLES.medium : undefined));
        text += formats.date(value as number | Date, options);
        break;
      }
      case TYPE.select: {
        const option = element.options[String(value)] ?? element.options.other;
        if (!option) throw new MessageValueError(`{${name}}: no option for ${String(value)}`);
        text += formatMessage(option.value, values, formats, count);
        break;
      }
      case TYPE.plural: {
        const n = Number(value);
        const offset = element.offset || 0;
        const option = element.options[`=${n}`] ?? element.options[formats.plural(n - offset, element.pluralType)] ?? element.options.other;
        if (!option) throw new MessageValueError(`{${name}}: no plural option for ${n}`);
        text += formatMessage(option.value, values, formats, n - offset);
        break;
      }
    }
  }
  return text;
}
