import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_DEPTH, parseSearchDepth } from './search-limit.ts';

describe("the analysis engine's depth limit a test may store", () => {
  it('is a whole number of plies from 1 to 40; anything else is no limit', () => {
    expect(parseSearchDepth('3')).toBe(3);
    expect(parseSearchDepth(' 12 ')).toBe(12);
    expect(parseSearchDepth(String(MAX_SEARCH_DEPTH))).toBe(40);
    for (const junk of [null, '', '0', '41', '-2', '2.5', 'deep', '1e1']) expect(parseSearchDepth(junk)).toBeUndefined();
  });
});
