import { describe, expect, it } from 'vitest';
import { dayText } from './dates.ts';

describe('a day as the player reads it', () => {
  it('takes the locale’s order and names the month, so no one mistakes the day for the month', () => {
    const day = Date.UTC(2026, 11, 5, 12);
    expect(dayText(day, 'en-US')).toBe('Dec 5, 2026');
    expect(dayText(day, 'en-GB')).toBe('5 Dec 2026');
    expect(dayText(day, 'de-DE')).toBe('5. Dez. 2026');
    expect(dayText(day)).not.toMatch(/^\d+\/\d+\/\d+$/);
  });
});
