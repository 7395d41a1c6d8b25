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
