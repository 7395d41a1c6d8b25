import type { Layout } from '@hexarena/engines/hex/index.ts';

/** Nonaga's board as drawn, by the game's view and the position editor alike: pointy discs of size 1. */
export const LAYOUT: Layout = { orientation: 'pointy', size: 1, origin: { x: 0, y: 0 } };

/** A token on its disc: its colour and its letter (the board's, the editor's). */
export function Token({ at, side }: { at: { x: number; y: number }; side: number }) {
  return (
    <g class="token-piece">
      <circle class={`token side-${side}`} cx={at.x} cy={at.y} r={0.55} />
      <text class="token-label" x={at.x} y={at.y + 0.2} font-size="0.55" text-anchor="middle">
        {side === 0 ? 'R' : 'B'}
      </text>
    </g>
  );
}
