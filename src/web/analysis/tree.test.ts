import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import {
  addMove,
  annotate,
  countNodes,
  deleteAt,
  endOfLine,
  formatPath,
  formatTree,
  lineTree,
  MAX_NODES,
  movesTo,
  nodeAt,
  parsePath,
  parseTree,
  promote,
  type VariationTree,
} from './tree.ts';

const GAME = ['wS1', 'bG1 -wS1', 'wQ wS1/', 'bQ bG1\\'];

/** The game, with a side line at move 2 and another inside it. */
function branched(): { tree: VariationTree; side: number[] } {
  let tree = lineTree(GAME);
  const a = addMove(tree, [0], 'bA1 -wS1');
  const b = addMove(a.tree, a.path, 'wQ \\wS1');
  const c = addMove(b.tree, a.path, 'wG1 wS1-');
  tree = c.tree;
  return { tree, side: b.path };
}

beforeAll(() => setCatalog('en', en));

describe('the variation tree', () => {
  it('keeps the game as the main line and a new move as a side line', () => {
    const { tree, side } = branched();
    expect(side).toEqual([0, 1, 0]);
    expect(movesTo(tree, side)).toEqual(['wS1', 'bA1 -wS1', 'wQ \\wS1']);
    expect(movesTo(tree, endOfLine(tree, []))).toEqual(GAME);
    // Playing a move that is already there goes to it rather than copying it.
    expect(addMove(tree, [0], 'bG1 -wS1')).toEqual({ tree, path: [0, 0] });
    expect(countNodes(tree)).toBe(GAME.length + 3);
  });

  it('promotes a side line at its nearest fork, and deletes a line with what follows', () => {
    const { tree, side } = branched();
    const raised = promote(tree, side);
    expect(raised.path).toEqual([0, 0, 0]);
    expect(movesTo(raised.tree, endOfLine(raised.tree, []))).toEqual(['wS1', 'bA1 -wS1', 'wQ \\wS1']);
    // The old main line is now the side line there, whole.
    expect(movesTo(raised.tree, endOfLine(raised.tree, [0, 1]))).toEqual(GAME);
    expect(promote(raised.tree, raised.path)).toEqual(raised);

    const cut = deleteAt(tree, [0, 1]);
    expect(cut.path).toEqual([0]);
    expect(cut.tree).toEqual(lineTree(GAME));
    expect(deleteAt(tree, [])).toEqual({ tree, path: [] });
  });

  it('marks and comments moves, and clears them', () => {
    const { tree } = branched();
    const noted = annotate(annotate(tree, [0, 1], { glyph: '?!', comment: '  Too slow.  ' }), [], { comment: 'From a club game' });
    expect(nodeAt(noted, [0, 1])).toMatchObject({ move: 'bA1 -wS1', glyph: '?!', comment: 'Too slow.' });
    expect(noted.comment).toBe('From a club game');
    const cleared = annotate(noted, [0, 1], { glyph: null, comment: '' });
    expect(nodeAt(cleared, [0, 1])).not.toHaveProperty('glyph');
    expect(nodeAt(cleared, [0, 1])).not.toHaveProperty('comment');
  });
});

describe('the tree as text', () => {
  it('reads back what it writes, side lines, marks and comments included', () => {
    const { tree, side } = branched();
    const noted = annotate(annotate(annotate(tree, side, { glyph: '!!', comment: 'Wins; (really) {it does}!' }), [0], { glyph: '?' }), [], {
      comment: 'start 100%',
    });
    const text = formatTree(noted);
    expect(text).toBe(
      '{start 100%25};wS1?;bG1 -wS1;(bA1 -wS1;wQ \\wS1!!{Wins%3B %28really%29 %7Bit does%7D%21};(wG1 wS1-));wQ wS1/;bQ bG1\\',
    );
    expect(unwrap(parseTree(text))).toEqual(noted);
    expect(unwrap(parseTree(''))).toEqual({ children: [] });
  });

  it('round-trips random trees', () => {
    const rng = Rng.fromSeed('trees');
    const moves = ['wS1', 'bG1 -wS1', 'a;b', 'x(y)', '100%', 'p!?', '{}', 'wB1 /bQ'];
    for (let round = 0; round < 200; round++) {
      let tree = lineTree([]);
      let path: number[] = [];
      for (let k = 0; k < 30; k++) {
        const roll = rng.int(10);
        if (roll < 6) ({ tree, path } = addMove(tree, path, moves[rng.int(moves.length)] as string));
        else if (roll < 8) path = path.slice(0, rng.int(path.length + 1));
        else if (roll === 8) tree = annotate(tree, path, { glyph: '!?', comment: 'hm; (ok)' });
        else ({ tree, path } = promote(tree, path));
      }
      expect(unwrap(parseTree(formatTree(tree)))).toEqual(tree);
      expect(unwrap(parsePath(formatPath(path), tree))).toEqual(path);
    }
  });

  it('refuses broken text with a reason and never throws', () => {
    expect(parseTree('(wS1)')).toEqual({
      ok: false,
      error: expect.objectContaining({ message: expect.stringMatching(/must follow a move/) }),
    });
    expect(parseTree('wS1;(bG1')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/open/) } });
    expect(parseTree('wS1;)')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/never opened/) } });
    expect(parseTree('wS1;!')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/without its move/) } });
    expect(parseTree('wS1{a')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no move/) } });
    expect(
      parseTree(
        Array(MAX_NODES + 1)
          .fill('m')
          .join(';'),
      ),
    ).toMatchObject({ ok: false, error: { message: expect.stringMatching(/more than/) } });
    const rng = Rng.fromSeed('fuzz');
    const alphabet = 'wS1 ;(){}!?%2Fx\\/-';
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: rng.int(30) }, () => alphabet[rng.int(alphabet.length)]).join('');
      expect(() => parseTree(text)).not.toThrow();
      const parsed = parseTree(text);
      if (parsed.ok) expect(() => parsePath('2.v1', parsed.value)).not.toThrow();
    }
  });

  it('writes places along main lines as counts and side lines by their number', () => {
    const { tree, side } = branched();
    expect(formatPath([])).toBe('0');
    expect(formatPath(side)).toBe('1.v1.1');
    expect(formatPath([0, 0, 0, 0])).toBe('4');
    expect(unwrap(parsePath('1.v1.1', tree))).toEqual(side);
    expect(parsePath('9', tree)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no move at 9/) } });
    expect(parsePath('v0', tree).ok).toBe(false);
    expect(parsePath('1.x', tree).ok).toBe(false);
  });
});
