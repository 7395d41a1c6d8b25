import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LOCALES, PSEUDO } from './languages.ts';
import { Formats, formatMessage, writtenAsDigits } from './message-format.ts';

const catalogs = await Promise.all(
  [
    ...LOCALES.map((locale) => ({ locale: locale as string, load: LANGUAGES[locale].load })),
    { locale: PSEUDO.locale as string, load: PSEUDO.load },
  ].map(async ({ locale, load }) => ({ locale, messages: (await load()).default as Record<string, string> })),
);

/** A message's placeholders by name: a number, a plural, a select with its options, or plain. */
function placeholders(elements: readonly MessageFormatElement[], into = new Map<string, string[] | 'number' | 'percent' | 'plain'>()) {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound || e.type === TYPE.tag) continue;
    if (e.type === TYPE.select) {
      const known = into.get(e.value);
      into.set(e.value, [...new Set([...(Array.isArray(known) ? known : []), ...Object.keys(e.options), 'none-of-these'])]);
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    } else if (e.type === TYPE.plural) {
      into.set(e.value, 'number');
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    } else if (e.type === TYPE.number) into.set(e.value, e.style === 'percent' ? 'percent' : 'number');
    else if (!into.has(e.value)) into.set(e.value, 'plain');
  }
  return into;
}

const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 999, 1000, 1234, 21_000, 1_500_000, 2.5, -3];
const SHARES = [0, 0.5, 0.125, 1, 0.9999];

/** What `format` gives, or 'refused' when it throws. */
function written(format: () => unknown): string {
  try {
    return String(format());
  } catch {
    return 'refused';
  }
}

describe('messages formatted from their tree', () => {
  it('read as intl-messageformat reads them: every message of every catalog, with counts, shares and each select’s options', () => {
    let compared = 0;
    for (const { locale, messages } of catalogs) {
      const formats = new Formats(locale);
      for (const [key, message] of Object.entries(messages)) {
        const tree = parse(message);
        const reference = new IntlMessageFormat(message, locale);
        const wanted = placeholders(tree);
        const rounds = Math.max(COUNTS.length, ...[...wanted.values()].map((w) => (Array.isArray(w) ? w.length : 1)));
        for (let round = 0; round < rounds; round++) {
          const values: Record<string, string | number> = {};
          for (const [name, kind] of wanted)
            values[name] = Array.isArray(kind)
              ? (kind[round % kind.length] as string)
              : kind === 'number'
                ? (COUNTS[round % COUNTS.length] as number)
                : kind === 'percent'
                  ? (SHARES[round % SHARES.length] as number)
                  : `Ann ${round}`;
          const theirs = written(() => reference.format(values));
          const ours = written(() => formatMessage(tree, values, formats));
          if (ours !== theirs) expect(ours, `${locale} ${key} ${JSON.stringify(values)}`).toBe(theirs);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20_000);
  });

  it('refuses a missing value and a select with no option for it, as a caller can tell', () => {
    const formats = new Formats('en');
    expect(() => formatMessage(parse('{n, plural, one {# game} other {# games}}'), {}, formats)).toThrow(/no value for \{n\}/);
    const noOther = parse('{side, select, white {W} black {B}}', { requiresOtherClause: false });
    expect(() => formatMessage(noOther, { side: 'red' }, formats)).toThrow(/no option for red/);
    expect(formatMessage(parse('{n, plural, =0 {none} one {# game} other {# games}}'), { n: 0 }, formats)).toBe('none');
    expect(formatMessage(parse('{n, plural, offset:1 one {you and # other} other {you and # others}}'), { n: 3 }, formats)).toBe(
      'you and 2 others',
    );
  });
});

describe('a count written as its digits alone', () => {
  it('is what each language’s own number format writes: 0 to 999, and any whole number with grouping off', () => {
    for (const { locale } of catalogs) {
      const plain = new Intl.NumberFormat(locale);
      const ungrouped = new Intl.NumberFormat(locale, { useGrouping: false });
      for (let n = 0; n < 1000; n++) {
        expect(writtenAsDigits(n)).toBe(true);
        expect(String(n), `${locale} ${n}`).toBe(plain.format(n));
      }
      for (const n of [1000, 1500, 2999, 123_456, 9_007_199_254_740_991]) {
        expect(writtenAsDigits(n, { useGrouping: false })).toBe(true);
        expect(String(n), `${locale} ${n}`).toBe(ungrouped.format(n));
      }
    }
  });

  it('is never taken for what a format would write otherwise: fractions, negatives, groups, styles', () => {
    expect(writtenAsDigits(1000)).toBe(false);
    expect(writtenAsDigits(2.5)).toBe(false);
    expect(writtenAsDigits(-1)).toBe(false);
    expect(writtenAsDigits(Number.NaN)).toBe(false);
    expect(writtenAsDigits(5, { style: 'percent' })).toBe(false);
    expect(writtenAsDigits(5, { minimumIntegerDigits: 2 })).toBe(false);
    expect(new Formats('es').number(1234.5)).toBe(new Intl.NumberFormat('es').format(1234.5));
    expect(new Formats('ru').number(21_000)).toBe(new Intl.NumberFormat('ru').format(21_000));
  });
});
