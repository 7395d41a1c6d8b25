import { describe, expect, it } from 'vitest';
import { titleFor } from './your-move.ts';

describe('the tab title', () => {
  it('counts the games waiting for your move', () => {
    expect(titleFor(0)).toBe('hexarena');
    expect(titleFor(1)).toBe('(1) hexarena');
    expect(titleFor(3)).toBe('(3) hexarena');
  });
});
