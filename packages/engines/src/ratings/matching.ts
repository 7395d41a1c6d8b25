/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables, as
 * Galil describes it ("Efficient algorithms for finding maximum matching in graphs", 1986), O(n³).
 * Pairing players is a matching in a graph that is not bipartite (anyone may meet anyone), so the
 * Hungarian method does not apply; odd cycles ("blossoms") are shrunk to a vertex and expanded again.
 *
 * Vocabulary: an edge has two ends, numbered 2k and 2k+1 for edge k (the end at `a` and at `b`); a
 * vertex's mate is the far end of its matched edge. Vertices are labelled S (outer, even distance
 * from a free vertex) or T (inner) while a stage grows alternating trees; a stage ends with an
 * augmenting path (the matching grows) or with nothing left to gain.
 */

export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  readonly weight: number;
}

const FREE = 0;
const S = 1;
const T = 2;

/**
 * The matching of greatest total weight (with `maxCardinality`, the greatest weight among those
 * matching the most vertices): each vertex's partner, or -1. Edges are undirected; no self-loops.
 */
export function maxWeightMatching(vertices: number, edges: readonly WeightedEdge[], maxCardinality = false): Int32Array {
  if (edges.length === 0) return new Int32Array(vertices).fill(-1);
  return new Blossoms(vertices, edges, maxCardinality).solve();
}

/** Python-style index into a cyclic list: -1 is the last. */
const at = (list: readonly number[], i: number): number => list[(i + list.length) % list.length] as number;

class Blossoms {
  private readonly n: number;
  /** The vertex at each end. */
  private readonly end: Int32Array;
  /** Per vertex, the far ends of its edges. */
  private readonly farEnds: number[][];
  /** Per vertex, the far end of its matched edge, or -1. */
  private readonly mate: Int32Array;
  /** Per vertex or blossom (top-level ones matter): FREE, S or T. */
  private readonly label: Int8Array;
  /** The end through which the label came (the far end of the edge towards the root), or -1. */
  private readonly labelEnd: Int32Array;
  /** Per vertex, the top-level blossom holding it (itself when none). */
  private readonly top: Int32Array;
  private readonly parent: Int32Array;
  /** Per blossom, its sub-blossoms around the cycle, from the base. */
  private readonly children: (number[] | null)[];
  private readonly base: Int32Array;
  /** Per blossom, the ends of the cycle's edges: children[i] to children[i + 1] through endsOf[i]. */
  private readonly endsOf: (number[] | null)[];
  /** Per vertex or blossom, its least-slack edge to an S-blossom elsewhere (-1: none). */
  private readonly bestEdge: Int32Array;
  /** Per S-blossom, its least-slack edges to each other S-blossom. */
  private readonly bestEdges: (number[] | null)[];
  private readonly unused: number[] = [];
  private readonly dual: Float64Array;
  /** Edges of zero slack, usable in the trees. */
  private readonly allowed: Uint8Array;
  private readonly marked: Uint8Array;
  private queue: number[] = [];

  constructor(
    vertices: number,
    private readonly edges: readonly WeightedEdge[],
    private readonly maxCardinality: boolean,
  ) {
    const n = vertices;
    this.n = n;
    const m = edges.length;
    this.end = new Int32Array(2 * m);
    this.farEnds = Array.from({ length: n }, () => []);
    let heaviest = 0;
    for (const [k, e] of edges.entries()) {
      if (e.a === e.b || e.a < 0 || e.b < 0 || e.a >= n || e.b >= n)
        throw new RangeError(`edge ${k} (${e.a}–${e.b}) is not between two of ${n} vertices`);
      this.end[2 * k] = e.a;
      this.end[2 * k + 1] = e.b;
      (this.farEnds[e.a] as number[]).push(2 * k + 1);
      (this.farEnds[e.b] as number[]).push(2 * k);
      heaviest = Math.max(heaviest, e.weight);
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.top = Int32Array.from({ length: n }, (_, v) => v);
    this.parent = new Int32Array(2 * n).fill(-1);
    this.children = new Array(2 * n).fill(null);
    this.base = Int32Array.from({ length: 2 * n }, (_, v) => (v < n ? v : -1));
    this.endsOf = new Array(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.bestEdges = new Array(2 * n).fill(null);
    for (let b = n; b < 2 * n; b++) this.unused.push(b);
    this.dual = Float64Array.from({ length: 2 * n }, (_, v) => (v < n ? heaviest : 0));
    this.allowed = new Uint8Array(m);
    this.marked = new Uint8Array(2 * n);
  }

  private slack(k: number): number {
    const e = this.edges[k] as WeightedEdge;
    return (this.dual[e.a] as number) + (this.dual[e.b] as number) - 2 * e.weight;
  }

  /** The vertices inside blossom (or vertex) `b`. */
  private leaves(b: number, into: number[] = []): number[] {
    if (b < this.n) into.push(b);
    else for (const c of this.children[b] as number[]) this.leaves(c, into);
    return into;
  }

  /** Labels `w`'s top blossom `t`, reached through end `p`; a T-blossom's mate becomes S in turn. */
  private assign(w: number, t: number, p: number): void {
    const b = this.top[w] as number;
    this.label[w] = this.label[b] = t;
    this.labelEnd[w] = this.labelEnd[b] = p;
    this.bestEdge[w] = this.bestEdge[b] = -1;
    if (t === S) this.queue.push(...this.leaves(b));
    else {
      const mateEnd = this.mate[this.base[b] as number] as number;
      this.assign(this.end[mateEnd] as number, S, mateEnd ^ 1);
    }
  }

  /**
   * Walks up from S-vertices `v` and `w` towards their roots, in turns: the base of a new blossom where
   * the paths meet, or -1 when they reach two different roots (an augmenting path).
   */
  private meeting(v: number, w: number): number {
    const path: number[] = [];
    let found = -1;
    let x = v;
    let y = w;
    while (x !== -1 || y !== -1) {
      let b = this.top[x] as number;
      if (this.marked[b]) {
        found = this.base[b] as number;
        break;
      }
      path.push(b);
      this.marked[b] = 1;
      if (this.labelEnd[b] === -1) x = -1;
      else {
        // Through the T-blossom above to the S-blossom above it.
        b = this.top[this.end[this.labelEnd[b] as number] as number] as number;
        x = this.end[this.labelEnd[b] as number] as number;
      }
      if (y !== -1) [x, y] = [y, x];
    }
    for (const b of path) this.marked[b] = 0;
    return found;
  }

  /** Shrinks the cycle closed by edge `k` through `base` into a new S-blossom. */
  private shrink(base: number, k: number): void {
    const e = this.edges[k] as WeightedEdge;
    const bb = this.top[base] as number;
    let bv = this.top[e.a] as number;
    let bw = this.top[e.b] as number;
    const b = this.unused.pop() as number;
    this.base[b] = base;
    this.parent[b] = -1;
    this.parent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.parent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv] as number);
      bv = this.top[this.end[this.labelEnd[bv] as number] as number] as number;
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.parent[bw] = b;
      path.push(bw);
      ends.push((this.labelEnd[bw] as number) ^ 1);
      bw = this.top[this.end[this.labelEnd[bw] as number] as number] as number;
    }
    this.children[b] = path;
    this.endsOf[b] = ends;
    this.label[b] = S;
    this.labelEnd[b] = this.labelEnd[bb] as number;
    this.dual[b] = 0;
    for (const v of this.leaves(b)) {
      // The T-vertices inside become S: scan them too.
      if (this.label[this.top[v] as number] === T) this.queue.push(v);
      this.top[v] = b;
    }
    // The new blossom's least-slack edge to each other S-blossom, from its children's.
    const bestTo = new Map<number, number>();
    for (const child of path) {
      const lists = this.bestEdges[child]
        ? [this.bestEdges[child] as number[]]
        : this.leaves(child).map((v) => (this.farEnds[v] as number[]).map((p) => p >> 1));
      for (const list of lists)
        for (const edge of list) {
          const f = this.edges[edge] as WeightedEdge;
          const j = this.top[f.b] === b ? f.a : f.b;
          const bj = this.top[j] as number;
          if (bj === b || this.label[bj] !== S) continue;
          const best = bestTo.get(bj);
          if (best === undefined || this.slack(edge) < this.slack(best)) bestTo.set(bj, edge);
        }
      this.bestEdges[child] = null;
      this.bestEdge[child] = -1;
    }
    const list = [...bestTo.values()];
    this.bestEdges[b] = list;
    let best = -1;
    for (const edge of list) if (best === -1 || this.slack(edge) < this.slack(best)) best = edge;
    this.bestEdge[b] = best;
  }

  /** Undoes blossom `b` (its dual reached zero, or the stage ended): its children are top-level again. */
  private expand(b: number, endOfStage: boolean): void {
    const children = this.children[b] as number[];
    const ends = this.endsOf[b] as number[];
    for (const s of children) {
      this.parent[s] = -1;
      if (s < this.n) this.top[s] = s;
      else if (endOfStage && this.dual[s] === 0) this.expand(s, endOfStage);
      else for (const v of this.leaves(s)) this.top[v] = s;
    }
    if (!endOfStage && this.label[b] === T) {
      // Relabel the path from the child the label came through to the base: T, S, T… so the tree stays alternating.
      const entry = this.top[this.end[(this.labelEnd[b] as number) ^ 1] as number] as number;
      let j = children.indexOf(entry);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= children.length;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = this.labelEnd[b] as number;
      while (j !== 0) {
        this.label[this.end[p ^ 1] as number] = FREE;
        this.label[this.end[at(ends, j - trick) ^ trick ^ 1] as number] = FREE;
        this.assign(this.end[p ^ 1] as number, T, p);
        this.allowed[at(ends, j - trick) >> 1] = 1;
        j += step;
        p = at(ends, j - trick) ^ trick;
        this.allowed[p >> 1] = 1;
        j += step;
      }
      // The base child becomes T without passing the label on to its mate (already S).
      const baseChild = at(children, j);
      this.label[this.end[p ^ 1] as number] = this.label[baseChild] = T;
      this.labelEnd[this.end[p ^ 1] as number] = this.labelEnd[baseChild] = p;
      this.bestEdge[baseChild] = -1;
      j += step;
      // The other side of the cycle: children reachable from outside get their T label again.
      while (at(children, j) !== entry) {
        const child = at(children, j);
        if (this.label[child] === S) {
          j += step;
          continue;
        }
        const reached = this.leaves(child).find((v) => this.label[v] !== FREE);
        if (reached !== undefined) {
          this.label[reached] = FREE;
          this.label[this.end[this.mate[this.base[child] as number] as number] as number] = FREE;
          this.assign(reached, T, this.labelEnd[reached] as number);
        }
        j += step;
      }
    }
    this.label[b] = FREE;
    this.labelEnd[b] = -1;
    this.children[b] = null;
    this.endsOf[b] = null;
    this.base[b] = -1;
    this.bestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unused.push(b);
  }

  /** Swaps matched and unmatched edges on the path inside blossom `b` from vertex `v` to its base; `v` becomes the base. */
  private rotate(b: number, v: number): void {
    let t = v;
    while (this.parent[t] !== b) t = this.parent[t] as number;
    if (t >= this.n) this.rotate(t, v);
    const children = this.children[b] as number[];
    const ends = this.endsOf[b] as number[];
    const i = children.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= children.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      let child = at(children, j);
      const p = at(ends, j - trick) ^ trick;
      if (child >= this.n) this.rotate(child, this.end[p] as number);
      j += step;
      child = at(children, j);
      if (child >= this.n) this.rotate(child, this.end[p ^ 1] as number);
      this.mate[this.end[p] as number] = p ^ 1;
      this.mate[this.end[p ^ 1] as number] = p;
    }
    // The cycle turns so that the child holding `v` comes first.
    this.children[b] = [...children.slice(i), ...children.slice(0, i)];
    this.endsOf[b] = [...ends.slice(i), ...ends.slice(0, i)];
    this.base[b] = this.base[children[i] as number] as number;
  }

  /** Flips the augmenting path through edge `k` back to both roots: the matching grows by one. */
  private augment(k: number): void {
    const e = this.edges[k] as WeightedEdge;
    for (const [start, first] of [
      [e.a, 2 * k + 1],
      [e.b, 2 * k],
    ] as const) {
      let s = start;
      let p = first;
      for (;;) {
        const bs = this.top[s] as number;
        if (bs >= this.n) this.rotate(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.end[this.labelEnd[bs] as number] as number;
        const bt = this.top[t] as number;
        s = this.end[this.labelEnd[bt] as number] as number;
        const j = this.end[(this.labelEnd[bt] as number) ^ 1] as number;
        if (bt >= this.n) this.rotate(bt, j);
        this.mate[j] = this.labelEnd[bt] as number;
        p = (this.labelEnd[bt] as number) ^ 1;
      }
    }
  }

  private leastVertexDual(): number {
    let least = Number.POSITIVE_INFINITY;
    for (let v = 0; v < this.n; v++) least = Math.min(least, this.dual[v] as number);
    return least;
  }

  solve(): Int32Array {
    const n = this.n;
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(FREE);
      this.bestEdge.fill(-1);
      for (let b = n; b < 2 * n; b++) this.bestEdges[b] = null;
      this.allowed.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) if (this.mate[v] === -1 && this.label[this.top[v] as number] === FREE) this.assign(v, S, -1);
      let augmented = false;
      for (;;) {
        while (this.queue.length > 0 && !augmented) {
          const v = this.queue.pop() as number;
          for (const p of this.farEnds[v] as number[]) {
            const k = p >> 1;
            const w = this.end[p] as number;
            if (this.top[v] === this.top[w]) continue;
            let kslack = 0;
            if (!this.allowed[k]) {
              kslack = this.slack(k);
              if (kslack <= 0) this.allowed[k] = 1;
            }
            if (this.allowed[k]) {
              if (this.label[this.top[w] as number] === FREE) this.assign(w, T, p ^ 1);
              else if (this.label[this.top[w] as number] === S) {
                const base = this.meeting(v, w);
                if (base >= 0) this.shrink(base, k);
                else {
                  this.augment(k);
                  augmented = true;
                  break;
                }
              } else if (this.label[w] === FREE) {
                // w is inside a T-blossom, not yet reached itself: note how, for when the blossom expands.
                this.label[w] = T;
                this.labelEnd[w] = p ^ 1;
              }
            } else if (this.label[this.top[w] as number] === S) {
              const b = this.top[v] as number;
              if (this.bestEdge[b] === -1 || kslack < this.slack(this.bestEdge[b] as number)) this.bestEdge[b] = k;
            } else if (this.label[w] === FREE) {
              if (this.bestEdge[w] === -1 || kslack < this.slack(this.bestEdge[w] as number)) this.bestEdge[w] = k;
            }
          }
        }
        if (augmented) break;

        // No tight edge left to follow: change the duals by the least of four amounts.
        let kind = -1;
        let delta = 0;
        let deltaEdge = -1;
        let deltaBlossom = -1;
        if (!this.maxCardinality) {
          kind = 1;
          delta = this.leastVertexDual();
        }
        for (let v = 0; v < n; v++)
          if (this.label[this.top[v] as number] === FREE && this.bestEdge[v] !== -1) {
            const d = this.slack(this.bestEdge[v] as number);
            if (kind === -1 || d < delta) {
              delta = d;
              kind = 2;
              deltaEdge = this.bestEdge[v] as number;
            }
          }
        for (let b = 0; b < 2 * n; b++)
          if (this.parent[b] === -1 && this.label[b] === S && this.bestEdge[b] !== -1) {
            const d = this.slack(this.bestEdge[b] as number) / 2;
            if (kind === -1 || d < delta) {
              delta = d;
              kind = 3;
              deltaEdge = this.bestEdge[b] as number;
            }
          }
        for (let b = n; b < 2 * n; b++)
          if (this.base[b] >= 0 && this.parent[b] === -1 && this.label[b] === T && (kind === -1 || (this.dual[b] as number) < delta)) {
            delta = this.dual[b] as number;
            kind = 4;
            deltaBlossom = b;
          }
        if (kind === -1) {
          // Only with maxCardinality: no further growth possible; settle the duals and stop.
          kind = 1;
          delta = Math.max(0, this.leastVertexDual());
        }
        for (let v = 0; v < n; v++) {
          const l = this.label[this.top[v] as number];
          if (l === S) this.dual[v] = (this.dual[v] as number) - delta;
          else if (l === T) this.dual[v] = (this.dual[v] as number) + delta;
        }
        for (let b = n; b < 2 * n; b++)
          if (this.base[b] >= 0 && this.parent[b] === -1) {
            if (this.label[b] === S) this.dual[b] = (this.dual[b] as number) + delta;
            else if (this.label[b] === T) this.dual[b] = (this.dual[b] as number) - delta;
          }
        if (kind === 1) break;
        if (kind === 2) {
          this.allowed[deltaEdge] = 1;
          const f = this.edges[deltaEdge] as WeightedEdge;
          const i = this.label[this.top[f.a] as number] === FREE ? f.b : f.a;
          this.queue.push(i);
        } else if (kind === 3) {
          this.allowed[deltaEdge] = 1;
          this.queue.push((this.edges[deltaEdge] as WeightedEdge).a);
        } else this.expand(deltaBlossom, false);
      }
      if (!augmented) break;
      // Blossoms whose dual fell to zero are of no more use: undo them before the next stage.
      for (let b = n; b < 2 * n; b++)
        if (this.parent[b] === -1 && this.base[b] >= 0 && this.label[b] === S && this.dual[b] === 0) this.expand(b, true);
    }
    const partner = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) if (this.mate[v] >= 0) partner[v] = this.end[this.mate[v] as number] as number;
    return partner;
  }
}
