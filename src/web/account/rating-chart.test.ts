import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import ru from '../i18n/messages/ru.ts';
import { CHART, chartGeometry, chartLabel, dateGrain, labelledGames, linear, niceStep, ratingAxis } from './rating-chart.tsx';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 10, 12);
const points = (ratings: number[], spacing = DAY) => ratings.map((rating, i) => ({ at: T0 + i * spacing, rating }));
/** Dates as their grain and day number: no locale in the test. */
beforeAll(() => setCatalog('en', en));

const format = (at: number, grain: string) => `${grain}:${Math.round((at - T0) / DAY)}`;

describe('niceStep', () => {
  it('is 1, 2 or 5 times a power of ten, cutting the span into at most about that many parts', () => {
    expect(niceStep(100, 4)).toBe(50);
    expect(niceStep(40, 4)).toBe(10);
    expect(niceStep(187, 4)).toBe(50);
    expect(niceStep(900, 4)).toBe(500);
    expect(niceStep(3, 4)).toBe(1);
    expect(niceStep(0, 4)).toBe(1);
  });
});

describe('ratingAxis', () => {
  it('rounds the domain out to whole steps around every rating, ticks at each step', () => {
    expect(ratingAxis([1500, 1687, 1612])).toEqual({ domain: [1500, 1700], ticks: [1500, 1550, 1600, 1650, 1700] });
    expect(ratingAxis([1500, 1687, 1612], 2)).toEqual({ domain: [1500, 1700], ticks: [1500, 1600, 1700] });
    expect(ratingAxis([1140, 1760])).toEqual({ domain: [1000, 1800], ticks: [1000, 1200, 1400, 1600, 1800] });
    expect(ratingAxis([1320, 2150])).toEqual({ domain: [1000, 2500], ticks: [1000, 1500, 2000, 2500] });
  });

  it('gives one rating, or a flat run, a span of its own around it', () => {
    const one = ratingAxis([1662]);
    expect(one.domain[0]).toBeLessThan(1662);
    expect(one.domain[1]).toBeGreaterThan(1662);
    expect(one.ticks.length).toBeGreaterThanOrEqual(3);
    expect(one.ticks.length).toBeLessThanOrEqual(6);
    expect(ratingAxis([1500, 1500, 1500]).domain).toEqual([1450, 1550]);
  });

  it('has a default axis with nothing to show', () => {
    expect(ratingAxis([]).ticks).toEqual([1400, 1500, 1600]);
  });
});

describe('linear', () => {
  it('maps a domain onto a range, reversed ranges too; a domain of one value to the middle', () => {
    expect(linear([0, 10], [0, 100])(2.5)).toBe(25);
    expect(linear([1500, 1700], [130, 10])(1600)).toBe(70);
    expect(linear([0, 0], [40, 340])(0)).toBe(190);
  });
});

describe('labelledGames', () => {
  it('picks the first, the last and evenly between, each once', () => {
    expect(labelledGames(0, 3)).toEqual([]);
    expect(labelledGames(1, 3)).toEqual([0]);
    expect(labelledGames(2, 3)).toEqual([0, 1]);
    expect(labelledGames(11, 3)).toEqual([0, 5, 10]);
    expect(labelledGames(500, 3)).toEqual([0, 250, 499]);
  });
});

describe('dateGrain', () => {
  it('reads times within a day, days within most of a year, months past that', () => {
    expect(dateGrain(points([1, 2, 3], 60_000))).toBe('time');
    expect(dateGrain(points([1, 2, 3], 10 * DAY))).toBe('day');
    expect(dateGrain(points([1, 2, 3], 200 * DAY))).toBe('month');
  });
});

describe('chartGeometry', () => {
  it('draws a line through a dot per game, left to right, higher ratings higher up, inside the plot', () => {
    const g = chartGeometry(points([1500, 1687, 1612]), format);
    expect(g.dots).toHaveLength(3);
    const [a, b, c] = g.dots as [(typeof g.dots)[0], (typeof g.dots)[0], (typeof g.dots)[0]];
    expect(a.x).toBeLessThan(b.x);
    expect(b.x).toBeLessThan(c.x);
    expect(b.y).toBeLessThan(c.y);
    expect(c.y).toBeLessThan(a.y);
    for (const d of g.dots) {
      expect(d.x).toBeGreaterThan(CHART.left);
      expect(d.x).toBeLessThan(CHART.width - CHART.right);
      expect(d.y).toBeGreaterThanOrEqual(CHART.top);
      expect(d.y).toBeLessThanOrEqual(CHART.height - CHART.bottom);
    }
    expect(g.path).toBe(`M${a.x} ${a.y} L${b.x} ${b.y} L${c.x} ${c.y}`);
    // The domain's ends are the plot's top and bottom edges.
    expect(g.yTicks[0]).toEqual({ y: CHART.height - CHART.bottom, value: 1500 });
    expect(g.yTicks[g.yTicks.length - 1]).toEqual({ y: CHART.top, value: 1700 });
    expect(g.xLabels).toEqual([
      { x: a.x, text: 'day:0', anchor: 'start' },
      { x: b.x, text: 'day:1', anchor: 'middle' },
      { x: c.x, text: 'day:2', anchor: 'end' },
    ]);
  });

  it('draws one game as one dot in the middle, its date under it', () => {
    const g = chartGeometry(points([1662]), format);
    expect(g.dots).toHaveLength(1);
    const dot = g.dots[0] as (typeof g.dots)[0];
    expect(dot.x).toBe((CHART.left + 6 + CHART.width - CHART.right - 6) / 2);
    expect(dot.y).toBeGreaterThan(CHART.top);
    expect(dot.y).toBeLessThan(CHART.height - CHART.bottom);
    expect(g.path).toBe(`M${dot.x} ${dot.y}`);
    expect(g.xLabels).toEqual([{ x: dot.x, text: 'time:0', anchor: 'middle' }]);
  });

  it('says a date once when several labelled games share it', () => {
    const g = chartGeometry(points([1500, 1510, 1520, 1530, 1540], 60_000), (at) => new Date(at).toISOString().slice(0, 10));
    expect(g.xLabels.map((l) => l.text)).toEqual(['2026-03-10']);
  });

  it('has nothing to draw with no games', () => {
    const g = chartGeometry([], format);
    expect(g).toMatchObject({ path: '', dots: [], xLabels: [] });
  });
});

describe('chartLabel', () => {
  it('sums the chart up in words', () => {
    expect(chartLabel('Hive blitz', points([1500, 1550, 1687]))).toBe('Hive blitz rating, 3 games, from 1500 to 1687');
    expect(chartLabel('Hex', points([1662]))).toBe('Hex rating, 1 game: 1662');
    expect(chartLabel('Hex', [])).toBe('Hex rating: no rated games yet');
    // In the player's language, counted as it counts (Russian: 1, 2–4, 5+, and 21 again as 1).
    setCatalog('ru', ru);
    expect(chartLabel('Hex', points([1662]))).toBe('Рейтинг Hex, 1 партия: 1662');
    expect(chartLabel('Hex', points([1500, 1550, 1687]))).toBe('Рейтинг Hex, 3 партии, от 1500 до 1687');
    expect(chartLabel('Hex', points(Array.from({ length: 21 }, (_, i) => 1500 + i)))).toBe('Рейтинг Hex, 21 партия, от 1500 до 1520');
    expect(chartLabel('Hex', points(Array.from({ length: 25 }, (_, i) => 1500 + i)))).toBe('Рейтинг Hex, 25 партий, от 1500 до 1524');
    setCatalog('en', en);
  });
});
