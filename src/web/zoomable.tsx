import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { formatViewBox, panBox, type ViewBox, zoomBox } from './board/viewport.ts';

/**
 * An SVG board that follows `fit` (the box around everything to see) until the player zooms or pans
 * it, and goes back to following it on Fit. The wheel zooms about the pointer, a drag pans (a drag
 * is not a click), and +, −, Fit buttons do the same by touch or keyboard.
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
        onWheel={(e) => {
          e.preventDefault();
          setOwn(zoomBox(box, e.deltaY < 0 ? 1.15 : 1 / 1.15, toBoard(e.clientX, e.clientY)));
        }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY, box, moved: false };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || (e.buttons & 1) === 0) return;
          const [dx, dy] = [e.clientX - d.x, e.clientY - d.y];
          if (!d.moved && Math.hypot(dx, dy) < 5) return;
          d.moved = true;
          const k = unitsPerPixel();
          setOwn(panBox(d.box, dx * k, dy * k));
        }}
        onPointerUp={() => {
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
        <button type="button" aria-label="Zoom in" onClick={() => setOwn(zoomBox(box, 1.25))}>
          +
        </button>
        <button type="button" aria-label="Zoom out" onClick={() => setOwn(zoomBox(box, 1 / 1.25))}>
          −
        </button>
        <button type="button" aria-label="Fit the board" disabled={own === null} onClick={() => setOwn(null)}>
          Fit
        </button>
      </div>
    </div>
  );
}
