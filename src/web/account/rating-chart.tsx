/**
 * A player's rating over their rated games of one kind, drawn as plain SVG.
 *
 * Why no charting library: the smallest well-kept ones cost more than the whole chart needs. uPlot
 * (MIT, maintained) is 53 kB minified, 23 kB gzipped, plus its CSS, on an app whose own script is
 * 62 kB gzipped; Chart.js (MIT) is 153 kB / 54 kB for a line chart alone. Both draw on a canvas, so
 * the text alternative, the site's colours and dark mode would be ours to add anyway. One line, a
 * dot per game, a few rating ticks and dates are about a hundred lines of SVG, which the browser
 * scales, themes with CSS and reads out through role="img" and its label. (This chart and the
 * leaderboard pages together added 8 kB minified, under 3 kB gzipped, to the app's script.)
 *
 * The x axis is the games' order, not time: each game gets the same room (a day of twenty games is
 * not a smear, a month away is not a gap), and the dates under the axis are those of the games above them.
 */

import { formatDateTime, formatRating, locale, t } from '../i18n/index.ts';

/** A point of the chart: the rating after a game, and when that game ended. */
export interface ChartPoint {
  readonly at: number;
  readonly rating: number;
}

/** The drawing's own units: the SVG scales to its box (width 100%), text and all. */
export const CHART = { width: 400, height: 170, left: 44, right: 12, top: 10, bottom: 26 } as const;

/** The least span of ratings shown: one game, or a flat run, is not drawn as a cliff. */
const MIN_SPAN = 100;

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into at most about `most` parts. */
export function niceStep(span: number, most: number): number {
  const raw = Math.max(span, 1) / Math.max(most, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  const step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
  return Math.max(1, step);
}

/** The ratings axis: a domain rounded out to whole steps around every rating, and its ticks. */
export function ratingAxis(ratings: readonly number[], most = 4): { domain: [number, number]; ticks: number[] } {
  if (ratings.length === 0) return { domain: [1400, 1600], ticks: [1400, 1500, 1600] };
  let lo = Math.min(...ratings);
  let hi = Math.max(...ratings);
  if (hi - lo < MIN_SPAN) {
    const mid = (lo + hi) / 2;
    lo = mid - MIN_SPAN / 2;
    hi = mid + MIN_SPAN / 2;
  }
  const step = niceStep(hi - lo, most);
  const domain: [number, number] = [Math.floor(lo / step) * step, Math.ceil(hi / step) * step];
  const ticks: number[] = [];
  for (let t = domain[0]; t <= domain[1]; t += step) ticks.push(t);
  return { domain, ticks };
}

/** A linear map from `domain` onto `range`; a domain of one value maps to the middle of the range. */
export function linear(domain: readonly [number, number], range: readonly [number, number]): (v: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  if (d0 === d1) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** How the dates under the axis read: with the time of day within one day, days within most of a year, else months. */
export function dateGrain(points: readonly ChartPoint[]): 'time' | 'day' | 'month' {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'day';
  const a = new Date(first.at);
  const b = new Date(last.at);
  if (a.toDateString() === b.toDateString()) return 'time';
  return last.at - first.at < 300 * 86_400_000 ? 'day' : 'month';
}

const FORMATS: Record<'time' | 'day' | 'month', Intl.DateTimeFormatOptions> = {
  time: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short', year: 'numeric' },
};

/** The games whose dates label the x axis: the first, the last, and a few evenly between (indices). */
export function labelledGames(count: number, most: number): number[] {
  if (count <= 0) return [];
  if (count === 1 || most <= 1) return [0];
  const picked = new Set<number>();
  const labels = Math.min(count, most);
  for (let j = 0; j < labels; j++) picked.add(Math.round((j * (count - 1)) / (labels - 1)));
  return [...picked];
}

export interface ChartGeometry {
  /** The line through the games, as an SVG path ("" for none). */
  readonly path: string;
  readonly dots: readonly { readonly x: number; readonly y: number; readonly rating: number; readonly at: number }[];
  readonly yTicks: readonly { readonly y: number; readonly value: number }[];
  readonly xLabels: readonly { readonly x: number; readonly text: string; readonly anchor: 'start' | 'middle' | 'end' }[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Where everything goes, in the drawing's units; `format` writes a date (the player's language's way by default). */
export function chartGeometry(
  points: readonly ChartPoint[],
  format: (at: number, grain: 'time' | 'day' | 'month') => string = (at, grain) =>
    new Intl.DateTimeFormat(locale(), FORMATS[grain]).format(new Date(at)),
): ChartGeometry {
  const { width, height, left, right, top, bottom } = CHART;
  const { domain, ticks } = ratingAxis(points.map((p) => p.rating));
  const y = linear(domain, [height - bottom, top]);
  const x = linear([0, points.length - 1], [left + 6, width - right - 6]);
  const dots = points.map((p, i) => ({ x: round1(x(i)), y: round1(y(p.rating)), rating: p.rating, at: p.at }));
  const path = dots.map((d, i) => `${i === 0 ? 'M' : 'L'}${d.x} ${d.y}`).join(' ');
  const grain = dateGrain(points);
  const xLabels: { x: number; text: string; anchor: 'start' | 'middle' | 'end' }[] = [];
  const picked = labelledGames(points.length, 3);
  for (const i of picked) {
    const dot = dots[i] as (typeof dots)[number];
    const text = format(dot.at, grain);
    // The same date twice says nothing more.
    if (xLabels.some((l) => l.text === text)) continue;
    const anchor = picked.length === 1 ? 'middle' : i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle';
    xLabels.push({ x: dot.x, text, anchor });
  }
  return { path, dots, yTicks: ticks.map((value) => ({ y: round1(y(value)), value })), xLabels };
}

/** What the chart shows, in words: its accessible name and its title. */
export function chartLabel(title: string, points: readonly ChartPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  return t('profile.chartLabel', {
    title,
    count: points.length,
    first: first ? formatRating(first.rating) : '',
    last: last ? formatRating(last.rating) : '',
  });
}

/** The chart itself: responsive (the viewBox fills the width given), themed by the site's CSS. */
export function RatingChart({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const { width, height, left, right } = CHART;
  const g = chartGeometry(points);
  const label = chartLabel(title, points);
  // Many games: smaller dots, so the line still shows between them.
  const r = points.length > 60 ? 2 : points.length > 20 ? 3 : 4.5;
  return (
    <svg class="rating-chart" viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={label}>
      <title>{label}</title>
      <g class="rating-chart-grid">
        {g.yTicks.map((t) => (
          <g>
            <line x1={left} x2={width - right} y1={t.y} y2={t.y} />
            <text x={left - 6} y={t.y} text-anchor="end" dominant-baseline="middle">
              {t.value}
            </text>
          </g>
        ))}
        {g.xLabels.map((l) => (
          <text x={l.x} y={height - 6} text-anchor={l.anchor}>
            {l.text}
          </text>
        ))}
      </g>
      {points.length > 1 && <path class="rating-chart-line" d={g.path} />}
      <g class="rating-chart-dots">
        {g.dots.map((d) => (
          <circle cx={d.x} cy={d.y} r={r}>
            <title>{`${formatDateTime(d.at)}: ${formatRating(d.rating)}`}</title>
          </circle>
        ))}
      </g>
    </svg>
  );
}
