import type { AnalysisLine } from '@hexarena/engines/ai/analysis.ts';
import { firstPlayerChance, MATE_BOUND } from '@hexarena/engines/ai/score.ts';
import type { Player } from '@hexarena/engines/engine/game.ts';
import { ArrowUpToLine, Copy, PencilRuler, Trash2 } from 'lucide-preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { editorUrl } from '../editor/address.ts';
import { OpeningExplorer } from '../explorer/index.ts';
import { HistoryNav } from '../history-nav.tsx';
import { GameReview } from '../review/index.ts';
import type { GameSession } from '../use-game.ts';
import type { AnalysisInfo, BoardPoint, MovePoints } from './info.ts';
import { OpenAnalysis } from './open.tsx';
import { endOfLine, formatPath, GLYPHS, type MoveNode, nodeAt } from './tree.ts';
import './analysis.css';
import { formatNumber, formatUnitList, t } from '../i18n/index.ts';

/** A line's score as a reader wants it: from the first player's side, or who wins and in how many of their moves. */
export function lineScore(line: AnalysisLine, toMove: Player, seatLabels: readonly string[]): string {
  if (Math.abs(line.score) >= MATE_BOUND) {
    const winner = line.score > 0 ? toMove : 1 - toMove;
    // The line alternates from the side to move: the winner's moves are every other one.
    const own = winner === toMove ? Math.ceil(line.moves.length / 2) : Math.floor(line.moves.length / 2);
    return t('analysis.winsIn', { seat: seatLabels[winner] ?? '', count: Math.max(1, own) });
  }
  const forFirst = toMove === 0 ? line.score : -line.score;
  return `${forFirst >= 0 ? '+' : '−'}${formatNumber(Math.abs(forFirst) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Beside the board: the evaluation as a bar filled with the first player's chance (lichess's
 * curve), or each seat's share of the simulated games in a game of chance.
 */
export function EvalBar({ info, seatLabels }: { info: AnalysisInfo; seatLabels: readonly string[] }) {
  const { step, chances } = info.engine;
  if (chances && chances.playouts > 0) {
    return (
      <div
        class="chance-bar"
        role="img"
        aria-label={t('analysis.chances', { chances: chanceText(chances.wins, chances.playouts, seatLabels) })}
        data-testid="eval-bar"
      >
        {chances.wins.map((w, i) => (
          <span key={i} class={`seat-${i}`} style={{ flexGrow: w }} />
        ))}
      </div>
    );
  }
  const best = step?.lines[0];
  const chance = best && step ? firstPlayerChance(best.score, step.toMove) : 0.5;
  const percent = Math.round(chance * 100);
  return (
    <div
      class="eval-bar"
      role="img"
      aria-label={
        best && step
          ? t('analysis.chance', { seat: seatLabels[0] ?? '', chance: percent / 100, score: lineScore(best, step.toMove, seatLabels) })
          : t('analysis.notJudged')
      }
      data-testid="eval-bar"
      data-chance={best ? percent : undefined}
    >
      <span class="fill" style={{ height: `${chance * 100}%` }} />
    </div>
  );
}

const chanceText = (wins: readonly number[], playouts: number, seatLabels: readonly string[]) =>
  formatUnitList(wins.map((w, i) => t('analysis.seatShare', { seat: seatLabels[i] ?? '', share: Math.round((100 * w) / playouts) / 100 })));

/**
 * The engine's best move drawn over the board: an arrow from where the piece stands, or a ring
 * where a piece from a hand would go. The points are the board's own; they are placed over it as
 * it is laid out, zoomed and panned.
 */
export function BestMoveArrow({ points }: { points: MovePoints | null }) {
  const layer = useRef<SVGSVGElement>(null);
  const [shape, setShape] = useState<{ from?: BoardPoint; to: BoardPoint; r: number } | null>(null);
  useLayoutEffect(() => {
    const wrap = layer.current?.parentElement;
    const board = wrap?.querySelector<SVGSVGElement>('svg.board');
    if (!wrap || !board || !points) {
      setShape(null);
      return;
    }
    const measure = () => {
      const ctm = board.getScreenCTM();
      if (!ctm) return setShape(null);
      const origin = wrap.getBoundingClientRect();
      const place = (p: BoardPoint) => {
        const q = new DOMPoint(p.x, p.y).matrixTransform(ctm);
        return { x: q.x - origin.left, y: q.y - origin.top };
      };
      setShape({ to: place(points.to), r: 0.7 * Math.hypot(ctm.a, ctm.b), ...(points.from ? { from: place(points.from) } : {}) });
    };
    measure();
    // Zooming and panning change the board's view box, not this component: watch the board itself.
    const watch = new MutationObserver(measure);
    watch.observe(board, { attributes: true, attributeFilter: ['viewBox', 'transform'] });
    const resize = new ResizeObserver(measure);
    resize.observe(wrap);
    return () => {
      watch.disconnect();
      resize.disconnect();
    };
  }, [points?.from?.x, points?.from?.y, points?.to.x, points?.to.y]);
  return (
    <svg
      ref={layer}
      class="best-move"
      aria-hidden="true"
      data-testid="best-move"
      data-shown={shape ? (shape.from ? 'arrow' : 'ring') : undefined}
    >
      <defs>
        <marker id="best-move-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      {/* Under each mark a casing in the page's colour, so that it stands out from a board of any colours (DiceWars' seats). */}
      {shape?.from && (
        <>
          <line class="casing" x1={shape.from.x} y1={shape.from.y} x2={shape.to.x} y2={shape.to.y} />
          <line class="arrow" x1={shape.from.x} y1={shape.from.y} x2={shape.to.x} y2={shape.to.y} marker-end="url(#best-move-head)" />
        </>
      )}
      {shape && !shape.from && (
        <>
          <circle class="casing" cx={shape.to.x} cy={shape.to.y} r={shape.r} />
          <circle class="ring" cx={shape.to.x} cy={shape.to.y} r={shape.r} />
        </>
      )}
    </svg>
  );
}

/** The side of the analysis board: the engine's lines, the move tree, the tools and the link. */
export function AnalysisSide<S, M, O>({ session: s, seatLabels }: { session: GameSession<S, M, O>; seatLabels: readonly string[] }) {
  const a = s.analysis as AnalysisInfo;
  const node = nodeAt(a.tree, a.path);
  return (
    <>
      <EngineLines info={a} seatLabels={seatLabels} over={s.outcome !== null} />
      <MoveTree info={a} />
      {a.explorable && (
        <OpeningExplorer
          game={s.game.id}
          moves={s.moves}
          options={s.setup.options}
          onPlay={(move) => a.playLine([move], 1)}
          seatLabels={seatLabels}
        />
      )}
      {a.review && (
        <GameReview
          gameId={a.review}
          onJump={(ply) => a.goToPath(Array.from({ length: ply }, () => 0))}
          seatLabels={seatLabels}
          {...(a.path.every((i) => i === 0) ? { ply: a.path.length } : {})}
        />
      )}
      <HistoryNav
        legend={t('analysis.moves')}
        extraClass="analysis-nav"
        firstLabel={t('analysis.start')}
        lastLabel={t('analysis.endOfLine')}
        atStart={a.path.length === 0}
        atEnd={!node?.children.length}
        go={{
          first: () => a.goToPath([]),
          previous: () => a.goToPath(a.path.slice(0, -1)),
          next: () => a.goToPath([...a.path, 0]),
          last: () => a.goToPath(endOfLine(a.tree, a.path)),
        }}
      />
      {a.path.length > 0 && node && 'move' in node && <MoveTools info={a} node={node} />}
      <ShareLink link={a.link} />
      {s.game.formatPosition && (
        <a class="button-link" href={editorUrl(s.game.id, s.game.formatPosition(s.state))} data-testid="edit-position">
          <PencilRuler class="icon" aria-hidden="true" /> {t('analysis.setUpFromHere')}
        </a>
      )}
      <OpenAnalysis game={s.game.id} />
    </>
  );
}

function EngineLines({ info, seatLabels, over }: { info: AnalysisInfo; seatLabels: readonly string[]; over: boolean }) {
  const { engine } = info;
  const { step, chances } = engine;
  return (
    <section class="engine panel" aria-label={t('analysis.engineLabel')} data-testid="engine">
      <header>
        <label class="switch">
          <input type="checkbox" checked={engine.on} onChange={(e) => engine.setOn(e.currentTarget.checked)} /> {t('analysis.engine')}
        </label>
        {!chances && (
          <label class="engine-lines-count">
            {t('analysis.lines')}{' '}
            <select value={engine.lines} onChange={(e) => engine.setLines(Number(e.currentTarget.value))}>
              {[1, 2, 3, 4].map((n) => (
                <option value={n}>{n}</option>
              ))}
            </select>
          </label>
        )}
        <span class="engine-state" data-testid="engine-state">
          {over
            ? t('analysis.over')
            : !engine.on
              ? t('analysis.off')
              : engine.error
                ? t('analysis.stopped', { problem: engine.error })
                : step
                  ? t('analysis.depth', { depth: step.depth, thinking: String(engine.thinking) })
                  : chances
                    ? t('analysis.simulated', { count: chances.playouts, thinking: String(engine.thinking) })
                    : t('analysis.thinking')}
        </span>
      </header>
      {chances && chances.playouts > 0 && <p class="chances">{chanceText(chances.wins, chances.playouts, seatLabels)}</p>}
      {engine.best && !step && (
        <p class="engine-best">
          {t('analysis.best')}{' '}
          <button type="button" onClick={() => info.playLine([engine.best as string], 1)}>
            {engine.best}
          </button>
        </p>
      )}
      {step && engine.on && (
        <ol class="engine-lines" data-testid="engine-lines">
          {step.lines.map((line, i) => (
            <li key={i} data-score={line.score}>
              <span class="score">{lineScore(line, step.toMove, seatLabels)}</span>
              {line.moves.slice(0, 8).map((move, k) => (
                <button
                  type="button"
                  key={k}
                  class="line-move"
                  title={t('analysis.playLineHere')}
                  onClick={() => info.playLine(line.moves, k + 1)}
                >
                  {move}
                </button>
              ))}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The moves as lichess shows a study: the main line as text, each side line in brackets under the
 * move it stands for, nested as deep as it goes. A click goes to a move.
 */
function MoveTree({ info }: { info: AnalysisInfo }) {
  const box = useRef<HTMLElement>(null);
  const current = formatPath(info.path);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>('[aria-current]');
    el?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const move = (n: MoveNode, path: readonly number[]) => {
    const at = formatPath(path);
    return (
      <>
        {path.length % 2 === 1 && <span class="round">{(path.length + 1) / 2}.</span>}
        <button
          type="button"
          class="tree-move"
          data-path={at}
          aria-current={at === current ? 'step' : undefined}
          onClick={() => info.goToPath(path)}
        >
          {n.move}
          {n.glyph && <span class="glyph">{n.glyph}</span>}
        </button>
        {n.comment && <span class="comment">{n.comment}</span>}
      </>
    );
  };
  // A line from a node on: its moves in a row, and the side lines of each fork in brackets.
  const line = (first: MoveNode, firstPath: readonly number[], siblings: readonly { node: MoveNode; path: readonly number[] }[]) => {
    const parts = [];
    let node: MoveNode | undefined = first;
    let path = firstPath;
    let alternatives = siblings;
    while (node) {
      parts.push(move(node, path));
      if (alternatives.length > 0)
        parts.push(
          <div class="side-lines">
            {alternatives.map((alt) => (
              <div class="side-line">{line(alt.node, alt.path, [])}</div>
            ))}
          </div>,
        );
      const parent: readonly number[] = path;
      alternatives = node.children.slice(1).map((c, i) => ({ node: c, path: [...parent, i + 1] }));
      node = node.children[0];
      path = [...parent, 0];
    }
    return parts;
  };
  const [main, ...rest] = info.tree.children;
  return (
    <section ref={box} class="move-tree panel" data-testid="move-tree" aria-label={t('game.moves')}>
      {info.tree.comment && <span class="comment">{info.tree.comment}</span>}
      {main ? (
        line(
          main,
          [0],
          rest.map((node, i) => ({ node, path: [i + 1] })),
        )
      ) : (
        <span class="empty">{t('analysis.playAMove')}</span>
      )}
    </section>
  );
}

function MoveTools({ info, node }: { info: AnalysisInfo; node: MoveNode }) {
  const [comment, setComment] = useState(node.comment ?? '');
  useEffect(() => setComment(node.comment ?? ''), [node]);
  const side = info.path.some((i) => i > 0);
  return (
    <fieldset class="move-tools panel">
      <legend>
        {t('analysis.move')} <strong>{node.move}</strong>
      </legend>
      <fieldset class="glyphs">
        <legend class="visually-hidden">{t('analysis.markMove')}</legend>
        {GLYPHS.map((g) => (
          <button
            type="button"
            key={g}
            aria-pressed={node.glyph === g}
            onClick={() => info.annotate({ glyph: node.glyph === g ? null : g })}
          >
            {g}
          </button>
        ))}
      </fieldset>
      <label class="comment-box">
        <span class="visually-hidden">{t('analysis.comment')}</span>
        <textarea
          rows={2}
          maxLength={500}
          placeholder={t('analysis.commentHint')}
          value={comment}
          onInput={(e) => setComment(e.currentTarget.value)}
          onBlur={() => info.annotate({ comment })}
        />
      </label>
      <div class="tree-actions">
        {side && (
          <button type="button" onClick={info.promote}>
            <ArrowUpToLine class="icon" aria-hidden="true" /> {t('analysis.promote')}
          </button>
        )}
        <button type="button" onClick={info.remove}>
          <Trash2 class="icon" aria-hidden="true" /> {t('analysis.deleteFromHere')}
        </button>
      </div>
    </fieldset>
  );
}

function ShareLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [link]);
  return (
    <label class="share-link">
      <span>{t('analysis.link')}</span>
      <span class="share-row">
        <input type="text" readOnly value={link} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          aria-label={t('analysis.copyLink')}
          title={t('analysis.copyLink')}
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          <Copy class="icon" aria-hidden="true" />
          {copied ? ` ${t('online.copied')}` : ''}
        </button>
      </span>
    </label>
  );
}
