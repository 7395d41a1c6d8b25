import { type BoardState, highlights, keysOfMove, select } from '@hexarena/engines/engine/board-interaction.ts';
import type { NonagaState, NonagaTurn, nonaga } from '@hexarena/engines/games/nonaga/index.ts';
import {
  joinedTokens,
  type NonagaStep,
  nonagaDiscBoard,
  nonaga as nonagaGame,
  nonagaPremoveState,
  nonagaSlideBoard,
} from '@hexarena/engines/games/nonaga/index.ts';
import { type Hex, hexCorners, hexToPixel } from '@hexarena/engines/hex/index.ts';
import { TORUS_CELLS } from '@hexarena/engines/hex/torus.ts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { MovePoints } from '../../analysis/info.ts';
import { type Motion, motionAllowed, runMotions, SLIDE_MS, useMoveMotion } from '../../board/motion.ts';
import { useEscape } from '../../escape.ts';
import { t } from '../../i18n/index.ts';
import { seatWord } from '../../i18n/outcome.ts';
import { premoveSeat } from '../../online/premove.ts';
import { GameShell } from '../../shell.tsx';
import { SvgButton } from '../../svg-button.tsx';
import type { SessionOf } from '../../use-game.ts';
import { LAYOUT, Token } from './drawing.tsx';
import { HOW_TO_PLAY } from './how-to-play.tsx';
import { nonagaMoveLabel } from './move-label.ts';

const SEATS = ['Red', 'Black'];
const parseKey = (key: string): Hex => {
  const [q, r] = key.split(',').map(Number);
  return { q: q as number, r: r as number };
};
const points = (h: Hex) =>
  hexCorners(LAYOUT, h)
    .map((p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`)
    .join(' ');

/** The cells of a turn written `2,0>-1,0 1,1>3,-1` (a pass writes `pass` for its step). */
function lastTurnCells(text: string | undefined): { slideFrom?: string; slideTo?: string; discFrom?: string; discTo?: string } | null {
  if (!text) return null;
  const [slide, disc] = text.split(' ');
  const [slideFrom, slideTo] = slide && slide !== 'pass' ? slide.split('>') : [];
  const [discFrom, discTo] = disc && disc !== 'pass' ? disc.split('>') : [];
  return {
    ...(slideFrom ? { slideFrom } : {}),
    ...(slideTo ? { slideTo } : {}),
    ...(discFrom ? { discFrom } : {}),
    ...(discTo ? { discTo } : {}),
  };
}

/** The token now on `to` slides there from `from`. */
const tokenSlide = (from: string, to: string): Motion => ({
  kind: 'slide',
  selector: `svg.nonaga [data-cell="${to}"] .token-piece`,
  from: hexToPixel(LAYOUT, parseKey(from)),
  to: hexToPixel(LAYOUT, parseKey(to)),
});

/**
 * A turn's motion: the token slides, then the disc moves. A turn made on this board showed its
 * slide as it was chosen (`slideShown`): only the disc moves then.
 */
function turnMotion(text: string | undefined, slideShown: boolean): Motion[] {
  const last = lastTurnCells(text);
  const motions: Motion[] = [];
  if (last?.slideFrom && last.slideTo && !slideShown) motions.push(tokenSlide(last.slideFrom, last.slideTo));
  if (last?.discFrom && last.discTo)
    motions.push({
      kind: 'slide',
      selector: `svg.nonaga [data-cell="${last.discTo}"]`,
      from: hexToPixel(LAYOUT, parseKey(last.discFrom)),
      to: hexToPixel(LAYOUT, parseKey(last.discTo)),
      delay: motions.length > 0 ? SLIDE_MS : 0,
    });
  return motions;
}

/** The last slide as an arrow from where the token stood to where it stopped. */
function LastSlide({ from, to }: { from: Hex; to: Hex }) {
  const a = hexToPixel(LAYOUT, from);
  const b = hexToPixel(LAYOUT, to);
  // It stops at the token's edge, so the token's letter stays readable.
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const end = Math.max(0, (length - 0.6) / length);
  return <line class="last-slide" x1={a.x} y1={a.y} x2={a.x + (b.x - a.x) * end} y2={a.y + (b.y - a.y) * end} data-testid="last-slide" />;
}

/** Where a turn's slide goes in the board's drawing: from the token's disc to where it stops. */
export function nonagaMovePoints(state: NonagaState, turn: NonagaTurn): MovePoints | null {
  const keys = keysOfMove(nonagaSlideBoard(state, true), (step) =>
    step.kind === 'slide' ? step.slide === turn.slide : step.turn.slide === turn.slide,
  );
  if (!keys?.from) return null;
  return { from: hexToPixel(LAYOUT, parseKey(keys.from)), to: hexToPixel(LAYOUT, parseKey(keys.to)) };
}

/** The board in its shell, for a game on this screen or online. */
export function NonagaBoard({ session }: { session: SessionOf<typeof nonaga> }) {
  const { state } = session;
  // On the opponent's turn online, the board offers this player's turns as if the turn were theirs:
  // the one chosen is queued as a premove, in notation, for the rules to judge when the turn comes.
  const seat = premoveSeat(session);
  const ahead = useMemo(() => (seat === null ? null : nonagaPremoveState(state, seat as 0 | 1)), [state, seat]);
  const premove = ahead && session.premove ? session.premove : null;
  const moving = ahead ?? state;
  const interactive = session.interactive || ahead !== null;
  const [pendingSlide, setPendingSlide] = useState<number | null>(null);
  // The cells of the slide chosen, for its motion.
  const pendingCells = useRef<{ from: string; to: string } | null>(null);
  const [board, setBoard] = useState<BoardState<string, NonagaStep> | null>(null);
  // Esc: a selected token or disc first, then the slide itself.
  useEscape(
    useCallback(() => {
      if (board?.selected) setBoard({ ...board, selected: null });
      else setPendingSlide(null);
    }, [board]),
  );

  // A half-made turn belongs to the position it was made in.
  useEffect(() => setPendingSlide(null), [state]);
  // The board for the step at hand: the slide, or the disc after a chosen slide.
  useEffect(() => {
    setBoard(pendingSlide === null || !interactive ? nonagaSlideBoard(moving, interactive) : nonagaDiscBoard(moving, pendingSlide));
  }, [moving, pendingSlide, interactive]);

  const choose = (key: string) => {
    if (!board) return;
    const r = select(board, key);
    setBoard(r.state);
    if (!r.move) return;
    if (r.move.kind === 'slide') {
      pendingCells.current = board.selected === null ? null : { from: board.selected, to: key };
      setPendingSlide(r.move.slide);
    } else {
      setPendingSlide(null);
      if (premove) premove.queue(nonagaGame.formatMove(moving, r.move.turn));
      else session.play(r.move.turn);
    }
  };

  // What to draw: the discs, and the tokens where the pending slide has put them.
  const shown = useMemo(() => {
    const pos = (pendingSlide === null ? state : moving).pos.clone();
    if (pendingSlide !== null) pos.make(pendingSlide);
    const discs: { key: string; h: Hex; token: number; blocked: boolean }[] = [];
    for (let c = 0; c < TORUS_CELLS; c++) {
      if (!pos.disc[c]) continue;
      const h = pos.coordinates(c);
      discs.push({ key: `${h.q},${h.r}`, h, token: pos.token[c] as number, blocked: c === pos.blocked });
    }
    return discs;
  }, [state, moving, pendingSlide]);
  // The slide chosen moves its token at once; a turn that arrives moves its token and its disc.
  useLayoutEffect(() => {
    const cells = pendingCells.current;
    if (pendingSlide !== null && cells && motionAllowed()) runMotions(document, [tokenSlide(cells.from, cells.to)]);
  }, [pendingSlide]);
  useMoveMotion(session.ply, pendingSlide !== null, (slideShown) => turnMotion(session.moves[session.ply - 1], slideShown));
  const lit = board ? highlights(board) : { selected: null, dests: [] };
  // The premove queued (its cells read from its text, as the last turn's are), drawn over the board.
  const queued = premove?.queued ? lastTurnCells(premove.queued) : null;
  const queuedKeys = queued ? [queued.slideFrom, queued.slideTo, queued.discFrom, queued.discTo].filter((k) => k !== undefined) : [];
  const spotKeys = [...new Set([...lit.dests, ...(queued?.discTo && pendingSlide === null ? [queued.discTo] : [])])];
  const spots = spotKeys.filter((k) => !shown.some((d) => d.key === k)).map((k) => ({ key: k, h: parseKey(k) }));
  const premoveMark = (key: string, h: Hex) => {
    if (!queuedKeys.includes(key)) return null;
    const p = hexToPixel(LAYOUT, h);
    return <circle class="premove-mark" cx={p.x} cy={p.y} r={0.75} />;
  };
  // The frame holds the discs and one ring around them, where every new place of a disc lies: it
  // stays put through both steps of a turn (it used to follow the highlighted spots and jump).
  const all = shown.map((d) => hexToPixel(LAYOUT, d.h));
  const [minX, maxX, minY, maxY] = [
    Math.min(...all.map((p) => p.x)) - 2.8,
    Math.max(...all.map((p) => p.x)) + 2.8,
    Math.min(...all.map((p) => p.y)) - 2.6,
    Math.max(...all.map((p) => p.y)) + 2.6,
  ];
  // What may move in this step: tokens that can slide, then discs that can be relocated.
  const movable = new Set(board?.movable && lit.selected === null ? board.dests.keys() : []);
  // The last turn, read from its text (cells are the same q,r keys): its slide and its disc.
  const last = lastTurnCells(session.moves[session.ply - 1]);
  const joined = joinedTokens(state);

  const mover = SEATS[session.toMove ?? 0];
  const prompt = t(pendingSlide === null ? 'nonaga.prompt.slide' : 'nonaga.prompt.disc', { seat: seatWord(mover ?? '') });

  const cell = (key: string, h: Hex, content: preact.ComponentChildren, extra: string) => {
    const focusable = board?.movable && (board.dests.has(key) || lit.dests.includes(key));
    return (
      <SvgButton key={key} canFocus={Boolean(focusable)} aria-label={key} data-cell={key} class={extra} onPress={() => choose(key)}>
        <polygon class="hex" points={points(h)} />
        {content}
        <title>{key}</title>
      </SvgButton>
    );
  };

  return (
    <GameShell help={HOW_TO_PLAY} session={session} title="Nonaga" prompt={prompt} separator=", " moveLabel={nonagaMoveLabel}>
      <svg class="board nonaga" viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`}>
        <title>{t('nonaga.board')}</title>
        {shown.map((d) => {
          const p = hexToPixel(LAYOUT, d.h);
          const cls = `disc${d.blocked ? ' blocked' : ''}${lit.selected === d.key ? ' selected' : ''}${lit.dests.includes(d.key) ? ' dest' : ''}${movable.has(d.key) ? ' movable' : ''}${last?.slideFrom === d.key ? ' last-from' : ''}${last?.slideTo === d.key ? ' last-to last-move' : ''}${last?.discTo === d.key ? ' last-disc' : ''}${joined.includes(d.key) ? ' win' : ''}${queuedKeys.includes(d.key) ? ' premove' : ''}`;
          const token =
            d.token >= 0 ? (
              <Token at={p} side={d.token} />
            ) : d.blocked ? (
              <text class="blocked-mark" x={p.x} y={p.y + 0.2} font-size="0.55" text-anchor="middle">
                ×
              </text>
            ) : null;
          return cell(
            d.key,
            d.h,
            <>
              {token}
              {premoveMark(d.key, d.h)}
            </>,
            cls,
          );
        })}
        {spots.map((s) =>
          cell(
            s.key,
            s.h,
            premoveMark(s.key, s.h),
            `spot${lit.dests.includes(s.key) ? ' dest' : ''}${queuedKeys.includes(s.key) ? ' premove' : ''}`,
          ),
        )}
        {last?.slideFrom && last.slideTo && <LastSlide from={parseKey(last.slideFrom)} to={parseKey(last.slideTo)} />}
      </svg>
      {board?.movable && board.direct.has('pass') && (
        <p>
          <button type="button" onClick={() => choose('pass')}>
            {pendingSlide === null ? t('nonaga.passSlide') : t('nonaga.passDisc')}
          </button>
        </p>
      )}
      {pendingSlide !== null && (
        <p>
          <button type="button" onClick={() => setPendingSlide(null)}>
            {t('nonaga.takeBack')}
          </button>
        </p>
      )}
    </GameShell>
  );
}
