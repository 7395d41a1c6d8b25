import type { GameAi } from '../../engine/game.ts';
import { type HiveState, hiveSearchPosition } from './game.ts';
import { MAX_MOVES } from './movegen.ts';
import type { HiveMove } from './position.ts';

/** What Hive gives the AIs: its position made and unmade in place for the alpha-beta search. */
export const hiveAi: GameAi<HiveState, HiveMove> = {
  search: {
    open: hiveSearchPosition,
    toMove: (_state, plies) => plies[0] as HiveMove,
    maxMoves: MAX_MOVES,
    // The first two placements of each side touch nothing that can fight yet: two plies tell them apart.
    shallowDepth: (state) => (state.pos.ply < 4 ? 2 : undefined),
  },
  // Hive's hard looks a ply deeper than the shared level's three: with late-move reductions and the
  // quiescence search a fourth ply costs about what the third did, and it is what beats nokamute's
  // "medium" (depth 4). At most 100,000 nodes, about a third of a second here.
  levels: { hard: { depth: 4, nodes: 100_000 } },
};
