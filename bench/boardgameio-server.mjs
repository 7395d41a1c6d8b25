// boardgame.io's own server (in-memory storage) with tic-tac-toe, for the side-by-side in bench/server.ts.
// Written from boardgame.io's documented Game API; the same nine-move workload is played against it.
import { createRequire } from 'node:module';

// boardgame.io ships CommonJS entry folders that ESM cannot import by name.
const require = createRequire(import.meta.url);
const core = require('boardgame.io/core');
const server = require('boardgame.io/server');

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

const TicTacToe = {
  name: 'tic-tac-toe',
  setup: () => ({ cells: Array(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }, id) => {
      if (G.cells[id] !== null) return core.INVALID_MOVE;
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G, ctx }) => {
    for (const [a, b, c] of LINES)
      if (G.cells[a] !== null && G.cells[a] === G.cells[b] && G.cells[a] === G.cells[c]) return { winner: ctx.currentPlayer };
    if (G.cells.every((c) => c !== null)) return { draw: true };
  },
};

const port = Number(process.argv[2]);
const app = server.Server({ games: [TicTacToe], origins: [server.Origins.LOCALHOST] });
app.run({ port, callback: () => process.stdout.write(`boardgame.io is at ${port}\n`) });
