import type { Mark, Review, ReviewedMove } from '@hexarena/engines/ai/review.ts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchReview, type ReviewFetch, requestReview } from './api.ts';
import { areaPath, chartPoints, plyAt } from './chart.ts';
import './review.css';
import { type FormatNumberOptions, formatNumber, type MessageKey, t } from '../i18n/index.ts';
import { reviewProblem } from './review-refusals.ts';

/** How often a review under way is read again. */
const POLL_MS = 1500;
const WIDTH = 600;
const HEIGHT = 160;
const MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];
const MARK_GLYPH: Readonly<Record<Mark, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** A percentage to a tenth, as the player's locale writes one (12.5%, 12,5 %). */
const PERCENT: FormatNumberOptions = { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 };

export interface GameReviewProps {
  readonly gameId: string;
  /** Show the position after `ply` moves (0: the start). */
  readonly onJump: (ply: number) => void;
  /** The seats' names, first player first ("White", "Black"; or the players' names). */
  readonly seatLabels: readonly string[];
  /** The position shown now, marked on the chart. */
  readonly ply?: number;
}

/**
 * A finished online game's computer review: a button to ask for it, how far it has got, then the
 * evaluation over the game (click or arrow keys to go to a position), the inaccuracies, mistakes and
 * blunders with the engine's move, and each player's accuracy.
 */
export function GameReview({ gameId, onJump, seatLabels, ply }: GameReviewProps) {
  const [state, setState] = useState<ReviewFetch | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  // Read at once, then again while it is under way.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const got = await fetchReview(gameId);
      if (stopped) return;
      if (!got.ok) setError(reviewProblem(got.error));
      else {
        setError(null);
        setState(got.value);
        if (got.value.status === 'queued' || got.value.status === 'running') timer = setTimeout(read, POLL_MS);
      }
    };
    if (state === null || state.status === 'queued' || state.status === 'running') void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [gameId, state?.status]);

  const ask = async () => {
    setAsking(true);
    const got = await requestReview(gameId);
    setAsking(false);
    if (!got.ok) setError(reviewProblem(got.error));
    else {
      setError(null);
      setState(got.value);
    }
  };

  return (
    <section class="game-review panel" aria-labelledby="game-review-title">
      <h2 id="game-review-title">{t('review.title')}</h2>
      {state === null && error === null && <p class="muted">{t('review.asking')}</p>}
      {state?.status === 'none' && (
        <button type="button" class="primary" onClick={ask} disabled={asking}>
          {t('review.request')}
        </button>
      )}
      {(state?.status === 'queued' || state?.status === 'running') && (
        <p class="game-review-progress">
          <label for={`review-progress-${gameId}`}>
            {state.status === 'queued' ? t('review.queued') : t('review.judging', { done: state.done, total: state.total })}
          </label>
          <progress id={`review-progress-${gameId}`} value={state.done} max={state.total} />
        </p>
      )}
      {error && (
        <p class="game-review-error" role="alert">
          {error}
        </p>
      )}
      {state?.status === 'done' && <ReviewResult review={state.review} onJump={onJump} seatLabels={seatLabels} ply={ply} />}
    </section>
  );
}

const MARK_HEADINGS: Readonly<Record<Mark, MessageKey>> = {
  inaccuracy: 'review.inaccuracies',
  mistake: 'review.mistakes',
  blunder: 'review.blunders',
};
const MARK_NAMES: Readonly<Record<Mark, MessageKey>> = {
  inaccuracy: 'review.inaccuracy',
  mistake: 'review.mistake',
  blunder: 'review.blunder',
};
const label = (seatLabels: readonly string[], seat: number) => seatLabels[seat] ?? t('review.seat', { n: seat + 1 });
const moveNumber = (m: ReviewedMove) => `${Math.floor(m.ply / 2) + 1}${m.ply % 2 === 0 ? '.' : '…'}`;

function ReviewResult({ review, onJump, seatLabels, ply }: { review: Review } & Omit<GameReviewProps, 'gameId'>) {
  const marked = review.moves.filter((m) => m.mark !== null);
  return (
    <>
      <EvalChart review={review} onJump={onJump} seatLabels={seatLabels} ply={ply} />
      <table class="game-review-players">
        <caption class="visually-hidden">{t('review.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lobby.player')}</th>
            <th scope="col">{t('review.accuracy')}</th>
            {MARKS.map((m) => (
              <th scope="col" key={m} title={t(MARK_HEADINGS[m])}>
                <span aria-hidden="true">{MARK_GLYPH[m]}</span>
                <span class="visually-hidden">{t(MARK_HEADINGS[m])}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {review.accuracy.map((accuracy, seat) => (
            <tr key={seat}>
              <th scope="row">{label(seatLabels, seat)}</th>
              <td>{accuracy === null ? '—' : formatNumber(accuracy / 100, PERCENT)}</td>
              {MARKS.map((mark) => (
                <td key={mark}>{review.moves.filter((m) => m.seat === seat && m.mark === mark).length}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {marked.length === 0 ? (
        <p>{t('review.noMarks')}</p>
      ) : (
        <ol class="game-review-marks" aria-label={t('review.marked')}>
          {marked.map((m) => (
            <li key={m.ply} class={`mark-${m.mark}`}>
              <button type="button" class="quiet" onClick={() => onJump(m.ply + 1)} aria-current={ply === m.ply + 1 ? 'step' : undefined}>
                <span class="game-review-move">
                  {moveNumber(m)} {m.move}
                  {MARK_GLYPH[m.mark as Mark]}
                </span>{' '}
                {t('review.markLine', {
                  seat: label(seatLabels, m.seat),
                  mark: t(MARK_NAMES[m.mark as Mark]),
                  loss: `−${formatNumber(m.loss / 100, PERCENT)}`,
                })}
                {m.best !== undefined && <span class="game-review-best">{t('review.better', { move: m.best })}</span>}
              </button>
            </li>
          ))}
        </ol>
      )}
      <p class="game-review-budget">{t('review.budget', { depth: review.budget.depth, nodes: review.budget.nodes })}</p>
    </>
  );
}

/** The first player's chance over the game: click a point, or focus and use the arrow keys, to go to it. */
function EvalChart({ review, onJump, seatLabels, ply }: { review: Review } & Omit<GameReviewProps, 'gameId'>) {
  const points = chartPoints(review, WIDTH, HEIGHT);
  const last = points.length - 1;
  const [cursor, setCursor] = useState(ply ?? last);
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ply !== undefined) setCursor(Math.min(last, Math.max(0, ply)));
  }, [ply, last]);
  const go = (to: number) => {
    const target = Math.min(last, Math.max(0, to));
    setCursor(target);
    onJump(target);
  };
  const onClick = (e: MouseEvent) => {
    const box = svg.current?.getBoundingClientRect();
    if (box) go(plyAt(((e.clientX - box.left) / box.width) * WIDTH, WIDTH, points.length));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const to = { ArrowLeft: cursor - 1, ArrowRight: cursor + 1, ArrowDown: cursor - 1, ArrowUp: cursor + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const at = points[cursor];
  const move = cursor > 0 ? review.moves[cursor - 1] : undefined;
  const chance = review.positions[cursor]?.chance ?? 50;
  const valueText = t('review.chartValue', {
    where: cursor === 0 ? t('review.atStart') : t('review.after', { move: `${moveNumber(move as ReviewedMove)} ${move?.move}` }),
    seat: label(seatLabels, 0),
    chance: Math.round(chance) / 100,
  });
  return (
    <div
      class="game-review-chart"
      role="slider"
      tabIndex={0}
      aria-label={t('review.chartLabel', { seat: label(seatLabels, 0) })}
      aria-valuemin={0}
      aria-valuemax={last}
      aria-valuenow={cursor}
      aria-valuetext={valueText}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <svg ref={svg} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
        <rect class="game-review-second" x={0} y={HEIGHT / 2} width={WIDTH} height={HEIGHT / 2} />
        <path class="game-review-area" d={areaPath(points, HEIGHT)} />
        <line class="game-review-even" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
        {points
          .filter((p) => p.mark !== null)
          .map((p) => (
            <circle key={p.ply} class={`game-review-dot mark-${p.mark}`} cx={p.x} cy={p.y} r={4} vector-effect="non-scaling-stroke" />
          ))}
        {at && <line class="game-review-cursor" x1={at.x} x2={at.x} y1={0} y2={HEIGHT} vector-effect="non-scaling-stroke" />}
      </svg>
    </div>
  );
}
