/**
 * Draws a position as an HTML fragment. `href(move)` is the page a move leads to, or undefined
 * when that move is not offered (the game is over).
 */
export type StaticBoard<S, M> = (state: S, href: (move: M) => string | undefined) => string;
