import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { arrowBetweenCells, boardFocusEvents } from './board/arrow-keys.ts';
import { formatViewBox, panBox, pinchBox, type ViewBox, zoomBox } from './board/viewport.ts';
import { t } from './i18n/index.ts';

/**
 * An SVG board that follows `fit` (the box around everything to see) until the player zooms or pans
 * it, and goes back to following it on Fit. The wheel zooms about the pointer, two fingers pinch,
 * a drag pans (a drag is not a click), and +, −, Fit buttons do the same by touch or keyboard.
 * The arrow keys move the focus between the cells that can act (arrow-keys.ts).
 */
export function ZoomableSvg({
  fit,
  class: cls,
  title,
  children,
}: {
  fit: ViewBox;
  class: string;
  title: string;
  children: ComponentChildren;
}) {
  const [own, setOwn] = useState<ViewBox | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; box: ViewBox; moved: boolean } | null>(null);
  // The fingers on the board, and a pinch's start while two are down.
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ box: ViewBox; apart: number; mid: { x: number; y: number }; about: { x: number; y: number }; k: number } | null>(
    null,
  );
  const box = own ?? fit;

  /** A pointer position in board units. */
  const toBoard = (clientX: number, clientY: number) => {
    const m = svg.current?.getScreenCTM();
    if (!m) return undefined;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const unitsPerPixel = () => {
    const m = svg.current?.getScreenCTM();
    return m ? 1 / m.a : 0;
  };

  return (
    <div class="zoomable">
      <svg
        ref={svg}
        class={cls}
        viewBox={formatViewBox(box)}
        onKeyDown={arrowBetweenCells}
        {...boardFocusEvents}
        onWheel={(e) => {
          e.preventDefault();
          setOwn(zoomBox(box, e.deltaY < 0 ? 1.15 : 1 / 1.15, toBoard(e.clientX, e.clientY)));
        }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY, box, moved: false };
          fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          const two = [...fingers.current.values()];
          if (two.length === 2) {
            const [a, b] = two as [{ x: number; y: number }, { x: number; y: number }];
            const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
            const about = toBoard(mid.x, mid.y);
            if (about) pinch.current = { box, apart: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), mid, about, k: unitsPerPixel() };
          }
        }}
        onPointerMove={(e) => {
          if (fingers.current.has(e.pointerId)) fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          const p = pinch.current;
          if (p && fingers.current.size === 2) {
            const [a, b] = [...fingers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
            const factor = Math.hypot(a.x - b.x, a.y - b.y) / p.apart;
            const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
            if (drag.current) drag.current.moved = true;
            setOwn(pinchBox(p.box, p.about, factor, mid.x - p.mid.x, mid.y - p.mid.y, p.k));
            return;
          }
          const d = drag.current;
          if (!d || (e.buttons & 1) === 0) return;
          const [dx, dy] = [e.clientX - d.x, e.clientY - d.y];
          if (!d.moved && Math.hypot(dx, dy) < 5) return;
          d.moved = true;
          const k = unitsPerPixel();
          setOwn(panBox(d.box, dx * k, dy * k));
        }}
        onPointerCancel={(e) => {
          fingers.current.delete(e.pointerId);
          pinch.current = null;
        }}
        onPointerUp={(e) => {
          fingers.current.delete(e.pointerId);
          if (fingers.current.size < 2) pinch.current = null;
          // The click that ends a drag must not also select a cell: clear the flag after it.
          setTimeout(() => {
            drag.current = null;
          });
        }}
        onClickCapture={(e) => {
          if (drag.current?.moved) e.stopPropagation();
        }}
      >
        <title>{title}</title>
        {children}
      </svg>
      <div class="zoom-buttons">
        <button type="button" aria-label={t('zoom.in')} onClick={() => setOwn(zoomBox(box, 1.25))}>
          +
        </button>
        <button type="button" aria-label={t('zoom.out')} onClick={() => setOwn(zoomBox(box, 1 / 1.25))}>
          −
        </button>
        <button type="button" aria-label={t('zoom.fit')} disabled={own === null} onClick={() => setOwn(null)}>
          {t('zoom.fitShort')}
        </button>
      </div>
    </div>
  );
}
