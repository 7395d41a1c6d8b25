import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChatText, parseName } from './names.ts';

/** Every code point of general category Cf, by the platform's own Unicode tables (the oracle). */
const FORMAT = Array.from({ length: 0x110000 }, (_, c) => c)
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c))
  .filter((c) => /\p{Cf}/u.test(c));
const LONE_SURROGATES = Array.from({ length: 0x800 }, (_, i) => String.fromCharCode(0xd800 + i));
const hex = (c: string) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

describe('chat lines and names hold nothing unshowable', () => {
  it('knows the format characters the issue named', () => {
    for (const c of ['\uFEFF', '\u200B', '\u202E', '\u2066', '\u00AD']) expect(FORMAT).toContain(c);
    expect(FORMAT.length).toBeGreaterThan(150);
  });

  it('refuses every format character and every unpaired surrogate, alone, first, inside or last', () => {
    for (const c of [...FORMAT, ...LONE_SURROGATES])
      for (const text of [c, `${c}hello`, `hel${c}lo`, `hello${c}`, ` ${c} `]) {
        const said = parseChatText(text);
        expect(said, `${hex(c)} in ${JSON.stringify(text)}`).toEqual({
          ok: false,
          error: { code: 'chat-unshowable', message: expect.stringContaining(hex(c)) },
        });
        expect(parseName(text).ok, `${hex(c)} in a name`).toBe(false);
      }
  });

  it('takes any line of showable characters, paired surrogates (emoji) among them', () => {
    const showable = fc
      .integer({ min: 0x20, max: 0x10ffff })
      .map((c) => String.fromCodePoint(c))
      .filter((c) => !/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u.test(c));
    fc.assert(
      fc.property(fc.array(showable, { minLength: 1, maxLength: 20 }), (chars) => {
        const text = `a${chars.join('')}`;
        const said = parseChatText(text);
        expect(said).toEqual({ ok: true, value: text.normalize('NFC').trim() });
      }),
    );
    expect(parseChatText('gg 🎉')).toEqual({ ok: true, value: 'gg 🎉' });
  });

  it('says so when there is nothing to say', () => {
    expect(parseChatText('   ')).toEqual({ ok: false, error: { code: 'chat-empty', message: 'say something' } });
  });
});
