import { describe, expect, it } from 'vitest';
import { unwrap } from '../../engine/result.ts';
import { hive, hiveOutcome, replayMoves } from './game.ts';
import { legalMoves } from './movegen.ts';
import { formatMove, parseMove } from './notation.ts';
import { PASS } from './position.ts';
import { arrangeHive, destinations, moveOf, piece } from './testing.ts';

const sorted = (xs: string[]) => [...xs].sort();
const reason = (pos: ReturnType<typeof arrangeHive>, text: string): string => {
  const r = parseMove(pos, text);
  return r.ok ? 'legal' : r.error.message;
};
const playAll = (moves: string) => unwrap(replayMoves(hive.defaultOptions, moves.split(';')));

describe('1. placement', () => {
  it('judges colour by the top piece of a stack', () => {
    // bA1 at (1,0) touches the cell (1,-1); once a white beetle covers it, (1,-1) touches only white.
    const open = 'wQ 0 0; bA1 1 0; bQ 2 0';
    expect(reason(arrangeHive(open), 'wS1 \\bA1')).toBe("You can't place a new piece next to one of your opponent's pieces.");
    const covered = arrangeHive(`${open}; wB1 1 0`);
    expect(reason(covered, 'wS1 \\bA1')).toBe('legal');
    expect(reason(covered, 'wS1 \\wB1')).toBe('legal'); // the same cell, named by the beetle on top
  });

  it('the first piece goes on the origin, the second touches it, and pieces of a bug enter in order', () => {
    const start = hive.newGame(hive.defaultOptions, 's');
    expect(new Set(hive.legalMoves(start).map((m) => (m >> 5) & 1023))).toEqual(new Set([0]));
    const second = playAll('wS1');
    const around = new Set(['0,-1', '1,-1', '1,0', '0,1', '-1,1', '-1,0']);
    expect(new Set(destinations(second.pos, 'bS1'))).toEqual(around);
    expect(new Set(destinations(second.pos, 'bG1'))).toEqual(around);
    expect(reason(second.pos, 'bS2 wS1-')).toBe('Place bS1 before bS2: pieces of one bug enter in order.');
  });

  it('a player whose pieces on the board are all covered places nowhere (and here, with nothing to move, passes)', () => {
    const buried = arrangeHive('wQ 0 0; bQ 1 0; bB1 0 0');
    expect(legalMoves(buried)).toEqual([PASS]);
  });
});

describe('2. the queen', () => {
  it('may not be placed on the first turn (tournament rule), and may be without it', () => {
    expect(reason(hive.newGame(hive.defaultOptions, 's').pos, 'wQ')).toBe("You can't place your Queen Bee on your first turn.");
    const free = hive.newGame({ ...hive.defaultOptions, tournament: false }, 's');
    expect(hive.parseMove(free, 'wQ').ok).toBe(true);
  });

  it('must be placed by the fourth turn: then only queen placements are legal', () => {
    const s = playAll('wS1;bS1 wS1-;wG1 -wS1;bG1 bS1-;wA1 -wG1;bA1 bG1-');
    const moves = hive.legalMoves(s);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((m) => (m & 31) === piece('wQ'))).toBe(true);
    expect(reason(s.pos, 'wS2 -wA1')).toBe('You must place your Queen Bee on your fourth turn.');
  });

  it('nothing moves before its own queen is in, pillbug throws included', () => {
    const s = playAll('wS1;bS1 wS1-;wG1 -wS1;bG1 bS1-');
    const movers = hive.legalMoves(s).filter((m) => s.pos.where[m & 31] !== -1);
    expect(movers).toEqual([]);
    expect(reason(s.pos, 'wG1 bG1-')).toBe("You can't move a piece until your Queen Bee is placed.");
    // A pillbug with no queen beside it: no throw either.
    const p = arrangeHive('wP 0 0; bQ 1 0; bA1 -1 0', { ply: 6 });
    expect(destinations(p, 'bA1')).toEqual([]);
  });
});

describe('3. one hive', () => {
  it('a piece whose lifting splits the hive cannot move, even to a cell that would reconnect it', () => {
    // wL at (0,0) holds {wQ, bQ} (west) and bA1 (north-east) together. (0,-1) touches both sides.
    const pos = arrangeHive('wQ -1 0; bQ -1 -1; wL 0 0; bA1 1 -1');
    expect(destinations(pos, 'wL')).toEqual([]);
    expect(reason(pos, 'wL \\wL')).toBe("You can't move that piece because it will break the hive.");
    // Take bA1 away and the same ladybug is free to go round.
    expect(destinations(arrangeHive('wQ -1 0; bQ -1 -1; wL 0 0'), 'wL').length).toBeGreaterThan(0);
  });

  it('the top piece of a stack never splits the hive by leaving', () => {
    const pos = arrangeHive('wQ -1 0; bQ 1 0; bA1 0 0; wB1 0 0');
    expect(destinations(pos, 'wB1').length).toBe(6);
  });
});

describe('4. sliding, contact and gates', () => {
  it('a slide keeps contact: a queen beside one piece only slides round it', () => {
    expect(destinations(arrangeHive('wQ 0 0; bQ 1 0'), 'wQ')).toEqual(sorted(['1,-1', '0,1']));
  });

  it('a slider cannot pass through a gate (both shared neighbours occupied)', () => {
    // The cell (1,-1) is surrounded: a hole no slider can enter.
    const pos = arrangeHive('wQ 0 0; bQ 0 -1; bS1 1 -2; bS2 2 -2; bG1 2 -1; wA1 1 0; wG1 -1 0');
    expect(destinations(pos, 'wA1')).not.toContain('1,-1');
    expect(destinations(pos, 'wQ')).not.toContain('1,-1');
  });

  it('a climber is blocked iff both shared neighbours are higher than where it comes from and goes to', () => {
    // Beetle at (0,0) to the one-high (1,-1), past (0,-1) and (1,0).
    const low = 'wQ -1 0; wB1 0 0; bQ 1 -1; bS1 0 -1; bS2 1 0';
    expect(destinations(arrangeHive(low), 'wB1')).toContain('1,-1');
    const high = `${low}; bB1 0 -1; bB2 1 0`; // both shared neighbours now two high
    expect(destinations(arrangeHive(high), 'wB1')).not.toContain('1,-1');
    // From on top of a stack (height 1 after lifting) the same gate of height 2 still blocks.
    const fromTop = 'wQ -1 0; bG1 0 0; wB1 0 0; bQ 1 -1; bS1 0 -1; bS2 1 0; bB1 0 -1; bB2 1 0';
    expect(destinations(arrangeHive(fromTop), 'wB1')).not.toContain('1,-1');
    // …and does not block a beetle coming from height 2.
    const fromHigher = `${fromTop.replace('wB1 0 0', 'wG1 0 0; wB1 0 0')}`;
    expect(destinations(arrangeHive(fromHigher), 'wB1')).toContain('1,-1');
  });
});

describe('5. bug by bug', () => {
  const line = 'wQ 1 0; bQ 2 0';

  it('spider: exactly three slide steps, no cell twice, distinct ends', () => {
    // Round the two queens: three steps each way along the eight-cell ring.
    expect(destinations(arrangeHive(`wS1 0 0; ${line}`), 'wS1')).toEqual(sorted(['3,-1', '2,1']));
  });

  it('ladybug: up, across, down, never back to its start', () => {
    expect(destinations(arrangeHive(`wL 0 0; ${line}`), 'wL')).toEqual(sorted(['2,-1', '3,-1', '3,0', '2,1', '1,1']));
  });

  it('grasshopper: straight over at least one piece to the first empty cell', () => {
    expect(destinations(arrangeHive(`wG1 0 0; ${line}`), 'wG1')).toEqual(['3,0']);
    expect(destinations(arrangeHive(`wG1 0 0; ${line}; bA1 1 -1`), 'wG1')).toEqual(sorted(['3,0', '2,-2']));
  });

  it('soldier ant: anywhere round the hive, but not into a gated hole', () => {
    expect(destinations(arrangeHive(`wA1 0 0; ${line}`), 'wA1')).toHaveLength(7);
    const pos = arrangeHive('wQ 0 0; bQ 0 -1; bS1 1 -2; bS2 2 -2; bG1 2 -1; bA1 1 0; wA1 -1 0');
    expect(destinations(pos, 'wA1')).not.toContain('1,-1');
  });

  it('beetle: one step, onto and off the hive', () => {
    expect(destinations(arrangeHive(`wB1 0 0; ${line}`), 'wB1')).toEqual(sorted(['1,-1', '0,1', '1,0']));
  });

  it('queen and pillbug: one slide step', () => {
    expect(destinations(arrangeHive('wP 0 0; wQ 1 0; bQ 2 0'), 'wP')).toEqual(sorted(['1,-1', '0,1']));
  });
});

describe('6. mosquito', () => {
  it('on top of the hive moves as a beetle only', () => {
    // A grasshopper beside it would give a jump to (2,0) on the ground; on top it has none.
    const pos = arrangeHive('bQ 0 0; wM 0 0; wG1 1 0; wQ -1 0');
    expect(destinations(pos, 'wM')).toEqual(sorted(['0,-1', '1,-1', '1,0', '0,1', '-1,1', '-1,0']));
  });

  it('touching only mosquitoes, it cannot move', () => {
    expect(destinations(arrangeHive('wM 0 0; bM 1 0; bQ 2 0; wQ 3 0'), 'wM')).toEqual([]);
  });

  it('copies every bug it touches, with no move twice', () => {
    // wB1 at (1,-1) touches both wM and wG1, so wM is not pinned.
    const pos = arrangeHive('wM 0 0; wG1 1 0; wB1 1 -1; wQ 2 0; bQ 3 0');
    const moves = legalMoves(pos).filter((m) => (m & 31) === piece('wM'));
    expect(new Set(moves).size).toBe(moves.length);
    const d = destinations(pos, 'wM');
    expect(d).toContain('4,0'); // grasshopper: over wG1, wQ and bQ
    expect(d).toContain('2,-2'); // grasshopper: over wB1
    expect(d).toContain('1,0'); // beetle: onto wG1
  });

  it('touching only a pillbug (and a mosquito) it throws like one, even when pinned', () => {
    // wM at (0,0) holds bM (west) to the hive, so it cannot move, but it may throw bM.
    const pos = arrangeHive('bM -1 0; wM 0 0; wP 1 0; wQ 2 0; bQ 3 0');
    expect(destinations(pos, 'wM')).toEqual([]);
    expect(destinations(pos, 'bM')).toEqual(sorted(['0,-1', '1,-1', '0,1', '-1,1']));
  });
});

describe('7. pillbug ability', () => {
  const base = 'wP 0 0; wQ 1 0; bQ 2 0';

  it('throws an adjacent enemy piece to an empty neighbour of itself, written with the thrown piece', () => {
    const pos = arrangeHive(`${base}; bA1 -1 0`);
    const throws = destinations(pos, 'bA1');
    expect(throws).toEqual(sorted(['0,-1', '1,-1', '0,1', '-1,1']));
    const move = moveOf('bA1', 0, 1);
    const text = formatMove(pos, move);
    expect(text.startsWith('bA1 ')).toBe(true);
    expect(parseMove(pos, text)).toEqual({ ok: true, value: move });
  });

  it('not the piece the opponent just moved', () => {
    expect(destinations(arrangeHive(`${base}; bA1 -1 0`, { lastMoved: 'bA1' }), 'bA1')).toEqual([]);
  });

  it('not a piece that moved last turn may throw: a pillbug just thrown cannot throw', () => {
    expect(destinations(arrangeHive(`${base}; bA1 -1 0`, { lastMoved: 'wP' }), 'bA1')).toEqual([]);
  });

  it('not a stacked piece, nor one with a piece on it', () => {
    expect(destinations(arrangeHive(`${base}; bA1 -1 0; bB1 -1 0`), 'bA1')).toEqual([]);
    expect(destinations(arrangeHive(`${base}; bA1 -1 0; bB1 -1 0`), 'bB1')).not.toContain('0,1');
  });

  it('not a piece whose lifting splits the hive', () => {
    // bA1 at (-1,0) holds bS1 at (-2,0) to the rest.
    expect(destinations(arrangeHive(`${base}; bA1 -1 0; bS1 -2 0`), 'bA1')).toEqual([]);
  });

  it('not through a gate going up, nor going down', () => {
    // Up: bA1 at (-1,0); the cells shared by it and the pillbug, (-1,1) and (0,-1), are two high.
    const up = `${base}; bA1 -1 0; bS1 0 -1; bB1 0 -1; bS2 -1 1; bB2 -1 1`;
    expect(destinations(arrangeHive(up), 'bA1')).toEqual([]);
    // Down: (1,-1) lies between (0,-1) and (1,0); both two high, so bA1 cannot be put down there.
    const down = `${base}; bA1 -1 0; bS1 0 -1; bB1 0 -1; wB1 1 0`;
    const d = destinations(arrangeHive(down), 'bA1');
    expect(d).not.toContain('1,-1');
    expect(d).toContain('0,1');
  });

  it('a pinned pillbug may still throw', () => {
    // wP at (0,0) holds bA1 (west) to the hive: it cannot move, but it can throw bA1 off itself.
    const pos = arrangeHive(`${base}; bA1 -1 0`);
    expect(destinations(pos, 'wP')).toEqual([]);
    expect(destinations(pos, 'bA1').length).toBeGreaterThan(0);
  });
});

describe('8–9. pass and the end', () => {
  it('pass only when nothing else is legal, and then it is the only move', () => {
    const stuck = arrangeHive('wQ 0 0; bQ 0 -1; bS1 1 -1; bS2 1 0; bB1 0 1; bB2 -1 1');
    expect(legalMoves(stuck)).toEqual([PASS]);
    expect(parseMove(stuck, 'pass')).toEqual({ ok: true, value: PASS });
    expect(reason(arrangeHive('wQ 0 0; bQ 1 0'), 'pass')).toBe('You can only pass when you have no other move.');
  });

  it('both queens surrounded by one move is a draw', () => {
    const pos = arrangeHive('wQ 0 0; bQ 1 0; wS1 0 -1; bS1 2 -1; bS2 2 0; bB1 1 1; wS2 0 1; wB1 -1 1; wG1 -1 0; wA1 1 -2');
    pos.make(moveOf('wA1', 1, -1));
    expect(hiveOutcome({ pos, options: hive.defaultOptions })).toEqual({ kind: 'draw', reason: 'both queens surrounded' });
    expect(legalMoves(pos)).toEqual([]);
  });

  it('surrounding your own queen loses', () => {
    const pos = arrangeHive('wQ 0 0; bQ 2 0; wS1 0 -1; wS2 1 -1; wB1 1 0; wB2 0 1; wG1 -1 1; wA1 -2 0');
    pos.make(moveOf('wA1', -1, 0));
    expect(hiveOutcome({ pos, options: hive.defaultOptions })).toEqual({ kind: 'win', winner: 1, reason: 'queen surrounded' });
  });

  it('threefold repetition draws only when the option is on', () => {
    const moves = 'wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-';
    const off = unwrap(replayMoves(hive.defaultOptions, moves.split(';')));
    expect(hiveOutcome(off)).toBeNull();
    const on = unwrap(replayMoves({ ...hive.defaultOptions, repetitionDraw: true }, moves.split(';')));
    expect(hiveOutcome(on)).toEqual({ kind: 'draw', reason: 'threefold repetition' });
  });
});
