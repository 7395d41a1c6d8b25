import { fail, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { t } from '../i18n/index.ts';

/**
 * The moves of an analysis as a tree, as lichess's analysis board keeps them: the first child of a
 * node is its main line, the others are side lines; moves carry a mark (!, ?…) and a comment.
 * Plain immutable data: every change returns a new tree, so a page can keep and share them.
 */

export const GLYPHS = ['!!', '!', '!?', '?!', '?', '??'] as const;
export type Glyph = (typeof GLYPHS)[number];

export interface MoveNode {
  /** The move in the game's notation. */
  readonly move: string;
  readonly glyph?: Glyph;
  readonly comment?: string;
  readonly children: readonly MoveNode[];
}

export interface VariationTree {
  /** A comment on the starting position. */
  readonly comment?: string;
  readonly children: readonly MoveNode[];
}

/** A node, as the child taken at each step from the start ([] is the start itself). */
export type TreePath = readonly number[];

/** Past this, a shared link is refused rather than slow to open (a long Hive game has ~300 moves). */
export const MAX_NODES = 5000;
export const MAX_COMMENT = 500;

/** A game's moves as a tree with one line. */
export function lineTree(moves: readonly string[]): VariationTree {
  let children: MoveNode[] = [];
  for (let i = moves.length - 1; i >= 0; i--) children = [{ move: moves[i] as string, children }];
  return { children };
}

/** The node at `path`, or undefined when the path leads nowhere in this tree. */
export function nodeAt(tree: VariationTree, path: TreePath): VariationTree | MoveNode | undefined {
  let node: VariationTree | MoveNode | undefined = tree;
  for (const i of path) node = node?.children[i];
  return node;
}

/** The moves from the start to the node at `path`. */
export function movesTo(tree: VariationTree, path: TreePath): string[] {
  const moves: string[] = [];
  let node: VariationTree | MoveNode = tree;
  for (const i of path) {
    const next: MoveNode | undefined = node.children[i];
    if (!next) break;
    moves.push(next.move);
    node = next;
  }
  return moves;
}

/** From `path`, the main line on to its end. */
export function endOfLine(tree: VariationTree, path: TreePath): number[] {
  const end = [...path];
  let node = nodeAt(tree, path);
  while (node && node.children.length > 0) {
    end.push(0);
    node = node.children[0];
  }
  return end;
}

/** The tree with the node at `path` replaced by what `change` makes of it. */
function updateAt(
  tree: VariationTree,
  path: TreePath,
  change: (node: VariationTree | MoveNode) => VariationTree | MoveNode,
): VariationTree {
  const rebuild = (node: VariationTree | MoveNode, depth: number): VariationTree | MoveNode => {
    if (depth === path.length) return change(node);
    const i = path[depth] as number;
    const children = node.children.map((c, k) => (k === i ? (rebuild(c, depth + 1) as MoveNode) : c));
    return { ...node, children };
  };
  return rebuild(tree, 0) as VariationTree;
}

/**
 * Plays `move` after the node at `path`: the line already there if it is one, else a new side line
 * (the main line when the node had none). Returns the tree and the new node's path.
 */
export function addMove(tree: VariationTree, path: TreePath, move: string): { tree: VariationTree; path: number[] } {
  const node = nodeAt(tree, path);
  if (!node) throw new Error(`no node at ${formatPath(path)}`);
  const known = node.children.findIndex((c) => c.move === move);
  if (known >= 0) return { tree, path: [...path, known] };
  return {
    tree: updateAt(tree, path, (n) => ({ ...n, children: [...n.children, { move, children: [] }] })),
    path: [...path, node.children.length],
  };
}

/**
 * Raises the line through `path` one level: at the fork nearest the node where it is a side
 * line, it becomes the main line there. Returns the tree and the node's new path.
 */
export function promote(tree: VariationTree, path: TreePath): { tree: VariationTree; path: number[] } {
  const fork = path.findLastIndex((i) => i > 0);
  if (fork < 0) return { tree, path: [...path] };
  const i = path[fork] as number;
  const next = updateAt(tree, path.slice(0, fork), (n) => {
    const children = [...n.children];
    const [raised] = children.splice(i, 1);
    return { ...n, children: [raised as MoveNode, ...children] };
  });
  return { tree: next, path: [...path.slice(0, fork), 0, ...path.slice(fork + 1)] };
}

/** Deletes the node at `path` and every move after it; returns the tree and the parent's path. */
export function deleteAt(tree: VariationTree, path: TreePath): { tree: VariationTree; path: number[] } {
  if (path.length === 0) return { tree, path: [] };
  const parent = path.slice(0, -1);
  const i = path[path.length - 1] as number;
  return { tree: updateAt(tree, parent, (n) => ({ ...n, children: n.children.filter((_, k) => k !== i) })), path: parent };
}

/** Sets or clears (null) the mark and the comment of the node at `path` (the start takes only a comment). */
export function annotate(tree: VariationTree, path: TreePath, note: { glyph?: Glyph | null; comment?: string | null }): VariationTree {
  return updateAt(tree, path, (n) => {
    const next: { -readonly [K in keyof MoveNode]?: MoveNode[K] } = { ...n };
    if (note.glyph !== undefined && 'move' in n) {
      if (note.glyph === null) delete next.glyph;
      else next.glyph = note.glyph;
    }
    if (note.comment !== undefined) {
      const text = note.comment?.trim().slice(0, MAX_COMMENT);
      if (text) next.comment = text;
      else delete next.comment;
    }
    return next as MoveNode;
  });
}

/** How many moves the tree holds. */
export function countNodes(tree: VariationTree): number {
  let count = 0;
  const stack: (VariationTree | MoveNode)[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as VariationTree | MoveNode;
    count += node.children.length;
    stack.push(...node.children);
  }
  return count;
}

// The text form, for addresses: PGN's shape with the address's move separator. Moves and comments
// have their few structural characters escaped, so a move's own text never ends a token.
const STRUCTURAL = /[%;(){}!?]/g;
const escapeText = (text: string) => text.replace(STRUCTURAL, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
// Only what escapeText wrote is undone: decodeURIComponent would throw on a lone "%C3" in a link.
const unescapeText = (text: string) =>
  text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * `wS1;bG1 -wS1{a comment};(bA1 -wS1?;wQ wS1/);wQ \wS1!` — moves separated by `;`, a side line in
 * brackets after the move it stands for, a mark after its move, a comment in braces; a comment
 * before the first move is the start's.
 */
export function formatTree(tree: VariationTree): string {
  const tokens: string[] = [];
  if (tree.comment) tokens.push(`{${escapeText(tree.comment)}}`);
  const token = (n: MoveNode) => `${escapeText(n.move)}${n.glyph ?? ''}${n.comment ? `{${escapeText(n.comment)}}` : ''}`;
  const line = (first: MoveNode, siblings: readonly MoveNode[]) => {
    let node: MoveNode | undefined = first;
    let alternatives = siblings;
    while (node) {
      tokens.push(token(node));
      for (const alt of alternatives) {
        tokens.push('(');
        line(alt, []);
        tokens.push(')');
      }
      alternatives = node.children.slice(1);
      node = node.children[0];
    }
  };
  const [main, ...rest] = tree.children;
  if (main) line(main, rest);
  return tokens.join(';').replace(/\(;/g, '(').replace(/;\)/g, ')');
}

const TOKEN = /^((?:[^%;(){}!?]|%[0-9A-Fa-f]{2})*)(!!|!\?|\?!|\?\?|!|\?)?(?:\{((?:[^%;(){}!?]|%[0-9A-Fa-f]{2})*)\})?$/;

/** Reads `formatTree`'s text; untrusted (it comes from an address). Moves are checked against the rules later. */
export function parseTree(text: string): Result<VariationTree> {
  if (text.length > MAX_NODES * 40) return fail(t('analysis.tree.tooLong', { length: text.length }));
  const root: { comment?: string; children: MoveNode[] } = { children: [] };
  type Open = { children: MoveNode[] };
  // Where the next move goes, and the list the last move went into (a side line joins it).
  let into: MoveNode[] = root.children;
  let last: MoveNode[] | null = null;
  const frames: { into: MoveNode[]; last: MoveNode[] | null }[] = [];
  let nodes = 0;
  const parts = text.split(/([();])/).filter((p) => p !== '' && p !== ';');
  for (const [index, part] of parts.entries()) {
    if (part === '(') {
      if (last === null) return fail(t('analysis.tree.sideLineFirst'));
      frames.push({ into, last });
      into = last;
      last = null;
      continue;
    }
    if (part === ')') {
      const frame = frames.pop();
      if (!frame) return fail(t('analysis.tree.closesUnopened'));
      ({ into, last } = frame);
      continue;
    }
    const m = TOKEN.exec(part);
    if (!m) return fail(t('analysis.tree.noMove', { text: part.slice(0, 40) }));
    const [, raw = '', glyph, comment] = m;
    const move = unescapeText(raw);
    if (move === '') {
      if (index === 0 && comment !== undefined && glyph === undefined) {
        root.comment = unescapeText(comment).slice(0, MAX_COMMENT);
        continue;
      }
      return fail(t('analysis.tree.markAlone'));
    }
    if (++nodes > MAX_NODES) return fail(t('analysis.tree.tooMany', { max: MAX_NODES }));
    const node: Open & { move: string; glyph?: Glyph; comment?: string } = { move, children: [] };
    if (glyph) node.glyph = glyph as Glyph;
    if (comment) node.comment = unescapeText(comment).slice(0, MAX_COMMENT);
    into.push(node);
    last = into;
    into = node.children;
  }
  if (frames.length > 0) return fail(t('analysis.tree.leftOpen'));
  return ok(root);
}

/**
 * A path for an address: runs along main lines as counts, a side line as `vI` — `3.v1.2` is three
 * moves along the main line, the second choice there, then two more.
 */
export function formatPath(path: TreePath): string {
  const parts: string[] = [];
  let run = 0;
  for (const i of path) {
    if (i === 0) run++;
    else {
      if (run > 0) parts.push(String(run));
      parts.push(`v${i}`);
      run = 0;
    }
  }
  if (run > 0 || parts.length === 0) parts.push(String(run));
  return parts.join('.');
}

/** Reads `formatPath`'s text; it must lead to a node of `tree`. */
export function parsePath(text: string, tree: VariationTree): Result<number[]> {
  const path: number[] = [];
  for (const part of text.split('.')) {
    const run = /^\d{1,5}$/.test(part) ? Number(part) : null;
    const side = /^v\d{1,4}$/.test(part) ? Number(part.slice(1)) : null;
    if (run !== null) for (let k = 0; k < run; k++) path.push(0);
    else if (side !== null && side > 0) path.push(side);
    else return fail(`"${text.slice(0, 40)}" is no place in the analysis`);
    if (path.length > MAX_NODES) return fail('the place in the analysis is too deep');
  }
  if (!nodeAt(tree, path)) return fail(`the analysis has no move at ${text}`);
  return ok(path);
}
