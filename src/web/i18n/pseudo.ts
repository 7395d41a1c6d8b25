import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale (en-XA, as Android and Chrome name theirs): English with every letter accented
 * and each message 40% longer, in brackets. A page in it shows at a glance a word not from the
 * catalog (plain letters), a message cut or run into another (a missing bracket), and a layout that
 * holds English but not German or Russian (the length). It is made from the English catalog when
 * the site is built and when the tests read it (messages/en-XA.ts): never a file to keep.
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹḾÑÓƤɊŔŠŢÚṼŴẊÝŽ'][i] as string,
  ]),
);
/** The padding's words, accented too: words (not one long run) so the longer text wraps as a translation would. */
const PAD = ['ōñé', 'ţŵō', 'ţĥŕéé', 'ƒōúŕ', 'ƒíṽé', 'šíẋ', 'šéṽéñ', 'éíĝĥţ', 'ñíñé', 'ţéñ'];

export const accent = (text: string): string => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

/** About 40% of `length` in padding words, at least one word for any text. */
export function padding(length: number): string {
  const want = Math.max(1, Math.round(length * 0.4));
  let pad = '';
  for (let i = 0; pad.length < want; i++) pad += `${pad === '' ? '' : ' '}${PAD[i % PAD.length]}`;
  return pad;
}

/** How many characters a message's own text has (its literals, in every branch of a plural or select). */
function literalLength(elements: readonly MessageFormatElement[]): number {
  let n = 0;
  for (const e of elements) {
    if (e.type === TYPE.literal) n += e.value.length;
    else if (e.type === TYPE.tag) n += literalLength(e.children);
    else if (e.type === TYPE.plural || e.type === TYPE.select)
      n += Math.max(0, ...Object.values(e.options).map((o) => literalLength(o.value)));
  }
  return n;
}

/** Every literal accented, in every branch; placeholders, plurals' # and tags kept as they are. */
function accented(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((e): MessageFormatElement => {
    if (e.type === TYPE.literal) return { ...e, value: accent(e.value) };
    if (e.type === TYPE.tag) return { ...e, children: accented(e.children) };
    if (e.type === TYPE.plural || e.type === TYPE.select)
      return {
        ...e,
        options: Object.fromEntries(Object.entries(e.options).map(([k, o]) => [k, { ...o, value: accented(o.value) }])),
      } as MessageFormatElement;
    return e;
  });
}

/** A message of the English catalog, parsed, as the pseudo-locale says it: ⟦accented, then 40% more⟧. */
export function pseudoElements(elements: readonly MessageFormatElement[]): MessageFormatElement[] {
  const pad = padding(literalLength(elements));
  return [{ type: TYPE.literal, value: '⟦' }, ...accented(elements), { type: TYPE.literal, value: ` ${pad}⟧` }];
}
