import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.ts';
import { setCatalog } from './index.ts';
import { LOCALES } from './languages.ts';
import en from './messages/en.ts';
import pseudo from './messages/en-XA.ts';
import ja from './messages/ja.ts';
import { LanguagePicker, pickerChoices } from './picker.tsx';

afterAll(() => setCatalog('en', en));

/** The option the rendered select shows as chosen: its value, or null when none is (a blank select). */
const shown = (html: string): string | null =>
  [...html.matchAll(/<option\b([^>]*)>/g)]
    .map((m) => m[1] as string)
    .find((a) => /\bselected\b/.test(a))
    ?.match(/value="([^"]+)"/)?.[1] ?? null;

describe('the language picker', () => {
  it('in the pseudo-locale shows it chosen (it was blank: en-XA is none of the languages offered)', () => {
    setCatalog('en-XA', pseudo as Catalog);
    expect(pickerChoices('en-XA').map((c) => c.code)).toEqual([...LOCALES, 'en-XA']);
    expect(shown(renderToString(h(LanguagePicker, {})))).toBe('en-XA');
  });

  it("offers the site's languages alone otherwise, the one spoken chosen", () => {
    setCatalog('ja', ja);
    expect(pickerChoices('ja').map((c) => c.code)).toEqual(LOCALES);
    const html = renderToString(h(LanguagePicker, {}));
    expect(shown(html)).toBe('ja');
    expect(html).not.toContain('en-XA');
  });
});
