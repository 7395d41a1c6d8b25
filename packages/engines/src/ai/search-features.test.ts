import { describe, expect, it } from 'vitest';
import type { SearchPosition } from '../engine/game.ts';
import { MATE_BOUND, Searcher, timeShare, WIN } from './search.ts';
import { EXACT, LOWER, TranspositionTable, UPPER } from './transposition.ts';

/**
 * A game tree written out by hand, so each of the search's tools is seen doing its one job: every
 * node names its children, its static score (for the side to move there), and what the game's hooks
 * say of it. Moves are child indices into `tree`.
 */
interface ToyNode {
  readonly children?: readonly number[];
  readonly score?: number;
  /** The result for the side to move when the game is over here. */
  readonly over?: -1 | 0 | 1;
  readonly noisy?: boolean;
  readonly threatened?: boolean;
}

function toy(tree: readonly ToyNode[], hooks: { quiescence?: boolean; threats?: boolean; nullMove?: boolean } = {}) {
  // A pass stays on the same node with the other side to move.
  const path = [0];
  const at = () => tree[path[path.length - 1] as number] as ToyNode;
  const depth = () => path.length - 1;
  const pos: SearchPosition & { nulls: number } = {
    nulls: 0,
    generate(buffer) {
      const children = at().children ?? [];
      children.forEach((c, i) => {
        buffer[i] = c;
      });
      return at().over === undefined ? children.length : 0;
    },
    make: (move) => {
      path.push(move);
    },
    unmake: () => {
      path.pop();
    },
    hashLo: () => (path[path.length - 1] as number) * 2 + (depth() % 2),
    hashHi: () => path.length,
    terminal: () => at().over ?? null,
    evaluate: () => at().score ?? 0,
    turn: () => depth() % 2,
  };
  if (hooks.quiescence) {
    pos.noisy = (move) => tree[move]?.noisy === true;
    pos.generateNoisy = (buffer) => {
      let n = 0;
      for (const c of at().children ?? []) if (tree[c]?.noisy) buffer[n++] = c;
      return n;
    };
  }
  if (hooks.threats) pos.threatened = () => at().threatened === true;
  if (hooks.nullMove)
    pos.makeNull = () => {
      pos.nulls++;
      path.push(path[path.length - 1] as number);
    };
  return pos;
}

describe('the quiescence search', () => {
  // From the root, move 1 looks fine at the horizon (+30 for us), but the opponent then has a noisy
  // move that wins; move 2 is a quiet +10 where the opponent's only reply is quiet.
  const tree: ToyNode[] = [
    { children: [1, 2] },
    { children: [3, 4], score: -30 },
    { children: [5], score: -10 },
    { over: -1, noisy: true },
    { score: 0 },
    { score: 0 },
  ];

  it('plays the noisy moves past the horizon, so a one-ply search sees the reply that wins', () => {
    const plain = new Searcher(8).search(toy(tree), 8, { depth: 1 });
    expect(plain.move).toBe(1);
    const quiet = new Searcher(8).search(toy(tree, { quiescence: true }), 8, { depth: 1 });
    expect(quiet.move).toBe(2);
    expect(quiet.score).toBe(10);
  });

  it('lets the side to move stand on its score instead of making a noisy move that loses', () => {
    // The opponent's only noisy move at node 1 loses for it: it keeps its static score.
    const standing: ToyNode[] = [{ children: [1] }, { children: [2, 3], score: -30 }, { score: 500, noisy: true }, { score: 0 }];
    expect(new Searcher(8).search(toy(standing, { quiescence: true }), 8, { depth: 1 }).score).toBe(30);
  });
});

describe('the extension for a threatened side', () => {
  // After move 1 the opponent's best reply leaves us threatened (node 3: +40 for us at a glance), and
  // whatever we do there, the opponent then wins. Move 2 is a quiet +5. At depth 3 the win lies a ply
  // beyond the horizon, unless the threatened side is searched a ply deeper.
  const tree: ToyNode[] = [
    { children: [1, 2] },
    { children: [3, 4], score: 0 },
    { children: [5, 6], score: 0 },
    { children: [7, 8], threatened: true, score: 40 },
    { children: [13, 14], score: 60 },
    { children: [15, 16], score: 5 },
    { children: [17, 18], score: 50 },
    { children: [9, 10], score: -40 },
    { children: [11, 12], score: -40 },
    { over: -1 },
    { score: 0 },
    { over: -1 },
    { score: 0 },
    { score: -60 },
    { score: -60 },
    { score: -5 },
    { score: -5 },
    { score: -50 },
    { score: -50 },
  ];

  it('searches a ply deeper where the side to move is threatened', () => {
    const plain = new Searcher(8).search(toy(tree), 8, { depth: 3 });
    expect([plain.move, plain.score]).toEqual([1, 40]);
    const extended = new Searcher(8).search(toy(tree, { threats: true }), 8, { depth: 3 });
    expect([extended.move, extended.score]).toEqual([2, 5]);
  });
});

describe('null-move pruning', () => {
  /** A uniform tree: `width` moves a node, `levels` deep, every leaf scored by its index. */
  function uniform(width: number, levels: number): ToyNode[] {
    const nodes: ToyNode[] = [];
    const build = (level: number): number => {
      const id = nodes.length;
      nodes.push({});
      if (level === levels) nodes[id] = { score: ((id * 7919) % 200) - 100 };
      else nodes[id] = { children: Array.from({ length: width }, () => build(level + 1)), score: ((id * 104729) % 60) - 30 };
      return id;
    };
    build(0);
    return nodes;
  }

  it('passes only where the game offers a pass, and then searches fewer nodes', () => {
    const tree = uniform(6, 6);
    const without = toy(tree);
    const plain = new Searcher(12).search(without, 8, { depth: 6 });
    const passing = toy(tree, { nullMove: true });
    const pruned = new Searcher(12).search(passing, 8, { depth: 6 });
    expect(passing.nulls).toBeGreaterThan(0);
    expect(pruned.nodes).toBeLessThan(plain.nodes);
    expect(Math.abs(pruned.score)).toBeLessThan(MATE_BOUND);
  });
});

describe('the transposition table', () => {
  it('keeps the deeper entry of a bucket and the newest beside it', () => {
    const tt = new TranspositionTable(4);
    // Three positions in one bucket (the low bits agree), told apart by their high halves.
    tt.store(3, 100, 8, EXACT, 11, 1);
    tt.store(3, 200, 2, LOWER, 22, 2);
    tt.store(3, 300, 1, UPPER, 33, 3);
    expect(tt.probe(3, 100)).toBeGreaterThanOrEqual(0);
    expect(tt.depthAt(tt.probe(3, 100))).toBe(8);
    expect(tt.probe(3, 200)).toBe(-1);
    expect(tt.scoreAt(tt.probe(3, 300))).toBe(33);
  });

  it('gives way to a later search: a deep entry of an earlier one is replaced, and moves down rather than vanish', () => {
    const tt = new TranspositionTable(4);
    tt.store(5, 100, 9, EXACT, 11, 1);
    tt.newSearch();
    tt.store(5, 200, 1, EXACT, 22, 2);
    expect(tt.depthAt(tt.probe(5, 200))).toBe(1);
    expect(tt.moveAt(tt.probe(5, 100))).toBe(1);
    tt.clear();
    expect(tt.probe(5, 100)).toBe(-1);
  });

  it('a shallower bound of the same search does not overwrite a deeper result for the same position', () => {
    const tt = new TranspositionTable(4);
    tt.store(7, 100, 6, EXACT, 50, 4);
    tt.store(7, 100, 2, LOWER, 80, 9);
    expect([tt.depthAt(tt.probe(7, 100)), tt.scoreAt(tt.probe(7, 100))]).toEqual([6, 50]);
  });
});

describe('time management', () => {
  it('spends more of its budget when the best move keeps changing, less when it has stood', () => {
    expect(timeShare(1, 0)).toBeGreaterThan(timeShare(0, 1));
    expect(timeShare(0, 1)).toBeGreaterThan(timeShare(0, 5));
    expect(timeShare(3, 0)).toBeLessThan(1);
  });
});

describe('aspiration windows', () => {
  it('a score outside the first window is found again with a wider one: the same result as a full window', () => {
    // An iteration that swings from +0 to a forced win: the window around the last score fails high.
    const tree: ToyNode[] = [
      { children: [1, 2] },
      { children: [3], score: 0 },
      { children: [4], score: 0 },
      { children: [5], score: 0 },
      { children: [6], score: 0 },
      { over: -1 },
      { score: 0 },
    ];
    const r = new Searcher(8).search(toy(tree), 8, { depth: 4 });
    expect(r.move).toBe(1);
    expect(r.score).toBe(WIN - 3);
  });
});
