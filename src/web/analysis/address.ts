import type { AnyGame, Json } from '@hexarena/engines/engine/game.ts';
import { refuse } from '@hexarena/engines/engine/refusal.ts';
import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { addressOptions } from '../setup.ts';
import { formatPath, formatTree, lineTree, type MoveNode, parsePath, parseTree, type TreePath, type VariationTree } from './tree.ts';

/**
 * An analysis lives in the page's address, as a local game does: the game, its options and seed,
 * the move tree and the move shown. A link shares it whole; nothing is kept on a server.
 * `#analysis&game=hive&tree=wS1;bG1 -wS1&at=2`.
 */
export interface Analysis {
  readonly game: AnyGame;
  readonly options: unknown;
  /** The raw options, as the address and a record keep them. */
  readonly rawOptions: Json;
  readonly seed: string;
  /** Where the tree starts: the game's start, or a position set up (in the game's position notation). */
  readonly start: unknown;
  /** The start as text, when it is a position set up rather than the game's start. */
  readonly position?: string;
  readonly tree: VariationTree;
  readonly path: TreePath;
  /** The online game whose moves the main line is, for its computer review. */
  readonly review?: string;
}

export { isAnalysisAddress } from '../routes.ts';

/** The address of an analysis (`./#analysis&…`, or from another `base`: `/` on an online game's page). */
export function analysisUrl(
  a: { game: string; options: Json; seed: string; position?: string; tree: VariationTree; path: TreePath; review?: string },
  base = './',
): string {
  const q = new URLSearchParams({ game: a.game });
  if (a.options !== null && typeof a.options === 'object' && Object.keys(a.options).length > 0) q.set('options', JSON.stringify(a.options));
  if (a.position !== undefined) q.set('position', a.position);
  else if (a.seed) q.set('seed', a.seed);
  if (a.review) q.set('review', a.review);
  q.set('tree', formatTree(a.tree));
  q.set('at', formatPath(a.path));
  return `${base}#analysis&${q}`;
}

/** The analysis of a game's moves, at the position after `ply` of them (the last by default). */
export function gameAnalysisUrl(
  g: { game: string; options: Json; seed: string; moves: readonly string[]; review?: string },
  ply = g.moves.length,
  base = './',
): string {
  return analysisUrl({ ...g, tree: lineTree(g.moves), path: Array.from({ length: Math.min(ply, g.moves.length) }, () => 0) }, base);
}

/** A move of an analysis the rules refused: which, and why in the player's language. */
export interface RefusedMove {
  readonly ply: number;
  readonly move: string;
  readonly reason: string;
}

export interface OpenedAnalysis {
  readonly analysis: Analysis;
  /** The first move the rules refused, with everything after it left out; null when all were legal. */
  readonly refused: RefusedMove | null;
}

/** Reads an analysis address; the moves are checked against the rules (an illegal one is cut off and named). */
export function parseAnalysis(address: string): Result<OpenedAnalysis> {
  const q = new URLSearchParams(address.replace(/^[^#?]*[#?]analysis&?/, ''));
  const found = findGame(q.get('game') ?? '');
  if (!found.ok) return fail(t('analysis.noSuchGame', { game: (q.get('game') ?? '').slice(0, 40) }));
  const game = found.value;
  const parsedOptions = addressOptions(q.get('options'));
  if (!parsedOptions.ok) return parsedOptions;
  const rawOptions = parsedOptions.value;
  const options = game.parseOptions(rawOptions);
  if (!options.ok) return fail(rulesRefusal(options.error));
  const parsed = parseTree(q.get('tree') ?? '');
  if (!parsed.ok) return parsed;
  const seed = q.get('seed') ?? '';
  const position = q.get('position');
  let start = game.newGame(options.value, seed);
  if (position !== null) {
    if (!game.parsePosition) return fail(t('address.noNotation', { game: game.title }));
    const set = game.parsePosition(position);
    if (!set.ok) return fail(t('address.position', { problem: rulesRefusal(set.error) }));
    start = set.value;
  }
  const checked = checkTree(game, start, parsed.value);
  const path = parsePath(q.get('at') ?? '0', checked.tree);
  const review = q.get('review');
  return ok({
    analysis: {
      game,
      options: options.value,
      rawOptions,
      seed,
      start,
      ...(position === null ? {} : { position }),
      tree: checked.tree,
      path: path.ok ? path.value : [],
      ...(review && /^[\w-]{1,64}$/.test(review) ? { review } : {}),
    },
    refused: checked.refused,
  });
}

/**
 * The tree with every move the rules refuse cut off, with what follows it; the first one refused
 * found is named with its reason.
 */
export function checkTree<S>(game: AnyGame, start: S, tree: VariationTree): { tree: VariationTree; refused: RefusedMove | null } {
  let refused: RefusedMove | null = null;
  // Depth first with an explicit stack: a shared link may hold a line thousands of moves long.
  const rebuilt: { children: MoveNode[] } = { children: [] };
  const stack: { state: unknown; from: readonly MoveNode[]; into: MoveNode[]; ply: number }[] = [
    { state: start, from: tree.children, into: rebuilt.children, ply: 1 },
  ];
  while (stack.length > 0) {
    const { state, from, into, ply } = stack.pop() as (typeof stack)[number];
    for (const node of from) {
      const move = game.result(state) === null ? game.parseMove(state, node.move) : refuse('rules.gameOver', 'the game is over');
      if (!move.ok) {
        refused ??= { ply, move: node.move, reason: rulesRefusal(move.error) };
        continue;
      }
      const children: MoveNode[] = [];
      into.push({ ...node, children });
      stack.push({ state: game.play(state, move.value), from: node.children, into: children, ply: ply + 1 });
    }
  }
  return { tree: tree.comment ? { comment: tree.comment, children: rebuilt.children } : rebuilt, refused };
}
