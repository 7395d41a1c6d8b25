import type { BugLetter } from '@hexarena/engines/games/hive/index.ts';

/**
 * A small drawing of each Hive bug, in a box from −1 to 1 (y down), for the board and the hands.
 * Shapes, not colour, tell the bugs apart: the crown, the eight legs, the shell, the long hind
 * legs, the three body parts, the wings, the spots, the segments.
 */
const GLYPHS: Record<BugLetter, string> = {
  // Queen bee: a crown.
  Q: 'M-0.8,0.5 L-0.8,-0.4 L-0.4,0 L0,-0.7 L0.4,0 L0.8,-0.4 L0.8,0.5 Z',
  // Spider: a round body and eight legs.
  S: 'M0,-0.3 a0.3,0.3 0 1 0 0.001,0 Z M-0.25,-0.15 L-0.8,-0.6 M-0.3,0 L-0.9,-0.1 M-0.3,0.1 L-0.9,0.4 M-0.2,0.25 L-0.7,0.8 M0.25,-0.15 L0.8,-0.6 M0.3,0 L0.9,-0.1 M0.3,0.1 L0.9,0.4 M0.2,0.25 L0.7,0.8',
  // Beetle: an oval shell split down the middle, two horns.
  B: 'M0,-0.55 C0.55,-0.55 0.6,0.8 0,0.8 C-0.6,0.8 -0.55,-0.55 0,-0.55 Z M0,-0.55 L0,0.8 M-0.15,-0.55 L-0.35,-0.9 M0.15,-0.55 L0.35,-0.9',
  // Grasshopper: a long body and folded hind legs.
  G: 'M-0.15,-0.8 C0.15,-0.8 0.15,0.8 0,0.85 C-0.15,0.8 -0.3,-0.8 -0.15,-0.8 Z M-0.1,0 L-0.6,-0.4 L-0.5,0.8 M0.05,0 L0.55,-0.4 L0.5,0.8',
  // Ant: head, thorax, abdomen in a row, and legs.
  A: 'M0,-0.85 a0.18,0.18 0 1 0 0.001,0 Z M0,-0.35 a0.15,0.15 0 1 0 0.001,0 Z M0,0.15 a0.35,0.35 0 1 0 0.001,0 Z M-0.1,-0.2 L-0.7,-0.5 M0.1,-0.2 L0.7,-0.5 M-0.12,-0.1 L-0.75,0.1 M0.12,-0.1 L0.75,0.1 M-0.1,0 L-0.6,0.6 M0.1,0 L0.6,0.6',
  // Mosquito: a thin body, two wings, a long proboscis.
  M: 'M0,-0.5 L0,0.8 M0,-0.5 L0,-0.95 M0,-0.2 C-0.6,-0.6 -0.9,0.1 0,0.1 M0,-0.2 C0.6,-0.6 0.9,0.1 0,0.1',
  // Ladybug: a round shell split in two, with spots.
  L: 'M0,-0.7 a0.75,0.75 0 1 0 0.001,0 Z M0,-0.7 L0,0.8 M-0.35,-0.1 a0.1,0.1 0 1 0 0.001,0 M0.35,-0.1 a0.1,0.1 0 1 0 0.001,0 M-0.3,0.35 a0.1,0.1 0 1 0 0.001,0 M0.3,0.35 a0.1,0.1 0 1 0 0.001,0',
  // Pillbug: an oval of segments.
  P: 'M0,-0.8 C0.7,-0.8 0.7,0.8 0,0.8 C-0.7,0.8 -0.7,-0.8 0,-0.8 Z M-0.5,-0.4 L0.5,-0.4 M-0.6,0 L0.6,0 M-0.5,0.4 L0.5,0.4',
};

/** The bug's drawing centred at (x, y), `size` from the middle to the edge of its box. */
export function BugGlyph({ bug, x, y, size, class: cls }: { bug: BugLetter; x: number; y: number; size: number; class?: string }) {
  return (
    <path
      class={`bug-glyph ${cls ?? ''}`}
      d={GLYPHS[bug]}
      transform={`translate(${x} ${y}) scale(${size})`}
      vector-effect="non-scaling-stroke"
    />
  );
}

/** The same drawing as a small inline picture, for buttons. */
export function BugIcon({ bug }: { bug: BugLetter }) {
  return (
    <svg class="bug-icon" viewBox="-1 -1 2 2" aria-hidden="true">
      <BugGlyph bug={bug} x={0} y={0} size={1} />
    </svg>
  );
}
