/** Hex for the layers above the rules: the game, its options, moves and cells. */

export * from './ai.ts';
export { BLUE, type HexBoard, RED, type Side } from './board.ts';
export { cellName, columnOf, MAX_SIZE, mirrored, neighbours, parseCellName, rowOf } from './cells.ts';
export { winningChain } from './chain.ts';
export { connectionDistance } from './distance.ts';
export { DEFAULT_HEX_OPTIONS, type HexMove, type HexOptions, type HexState, hex, MIN_SIZE, newHexPosition, pieTaken } from './game.ts';
export { formatHexPosition, parseHexPosition } from './position-notation.ts';
