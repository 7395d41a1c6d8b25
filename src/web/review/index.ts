/** The computer review of a finished game (docs/review.md), for the game page and the analysis board. */
export { fetchReview, type ReviewFetch, requestReview } from './api.ts';
export { areaPath, type ChartPoint, chartPoints, chartValue, JUDGED_MAX, plyAt } from './chart.ts';
export { GameReview, type GameReviewProps } from './review.tsx';
