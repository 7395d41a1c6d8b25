import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import { formatClock, timeControl } from './clock-text.ts';

// The English catalog: the words the app speaks to an English browser.
beforeAll(() => setCatalog('en', en));

describe('a clock as players read it', () => {
  it('days and hours for correspondence, hours for long games, minutes and seconds, tenths at the end', () => {
    expect(formatClock(14 * 86_400_000)).toBe('14 d 0 h');
    expect(formatClock(86_400_000 + 5 * 3_600_000 + 59_000)).toBe('1 d 5 h');
    expect(formatClock(2 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('2:05:07');
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(61_001)).toBe('1:02');
    expect(formatClock(9_950)).toBe('9.9');
    expect(formatClock(-5)).toBe('0.0');
  });
});

describe('a time control as players say it', () => {
  it('minutes and the increment, seconds for a short budget, days for correspondence', () => {
    expect(timeControl({ initialMs: 300_000, incrementMs: 3000 })).toBe('5 min + 3 s');
    expect(timeControl({ initialMs: 30_000, incrementMs: 0 })).toBe('30 s');
    // "Live now" wrote a correspondence game's clock as "4320 min".
    expect(timeControl({ initialMs: 3 * 86_400_000, incrementMs: 0, perMove: true })).toBe('3 days a move');
    expect(timeControl({ initialMs: 86_400_000, incrementMs: 0, perMove: true })).toBe('1 day a move');
    expect(timeControl(null)).toBe('no clock');
  });
});
