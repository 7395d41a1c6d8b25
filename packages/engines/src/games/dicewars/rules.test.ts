import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runMatch } from '../../engine/match.ts';
import { type GameRecord, makeRecord, replay } from '../../engine/record.ts';
import { Rng } from '../../engine/rng.ts';
import { gamedesignAgent, hardAgent, hexoAgent } from './bots/index.ts';
import { dicewars } from './game.ts';
import type { DiceWarsMove } from './position.ts';
import { classicBattle, DiceWarsPosition, strengthBattle } from './position.ts';
import { DICEWARS_RULES_VERSION, HEADLESS_MAX_ROUNDS } from './setup.ts';
import { rowPosition } from './testing.ts';

/** The rules' words for refusing `move` here, or null for a legal one. */
const refusalText = (pos: DiceWarsPosition, move: DiceWarsMove): string | null => {
  const refused = pos.refusal(move);
  return refused && !refused.ok ? refused.error.message : null;
};

const line = rowPosition;

describe('classic battles', () => {
  it('the attacker needs a strictly greater sum; a win moves in all dice but one, a loss leaves the target untouched', () => {
    expect(classicBattle(4, [6, 6, 2, 1], [5, 5, 4])).toEqual({ won: true, defenderAfter: 3 });
    expect(classicBattle(4, [6, 6, 1, 1], [5, 5, 4])).toEqual({ won: false, defenderAfter: 3 }); // 14 against 14
    expect(classicBattle(3, [4, 4, 4], [6, 6])).toEqual({ won: false, defenderAfter: 2 });
    expect(classicBattle(2, [3, 3], [6])).toEqual({ won: false, defenderAfter: 1 }); // a tie loses
  });

  it('in play: the source keeps 1 either way, the report holds the rolls, and the owner changes only on a win', () => {
    let wins = 0;
    for (let i = 0; i < 200; i++) {
      const pos = line('classic', [0, 1], [4, 3], [0, 1]);
      pos.rng = Rng.fromSeed(`b${i}`);
      const r = pos.play({ type: 'attack', from: 0, to: 1 });
      if (r.type !== 'attack') throw new Error('report');
      expect(r.attack).toHaveLength(4);
      expect(r.defence).toHaveLength(3);
      expect(r.won).toBe(r.attack.reduce((a, b) => a + b) > r.defence.reduce((a, b) => a + b));
      expect(pos.dice[0]).toBe(1);
      expect(pos.owner[1]).toBe(r.won ? 0 : 1);
      expect(pos.dice[1]).toBe(r.won ? 3 : 3);
      if (r.won) wins++;
    }
    expect(wins).toBeGreaterThan(100); // 4 against 3 wins about 3 times in 4
  });

  it('attacks need 2 dice, an adjacent enemy, and come from your own territory', () => {
    const pos = line('classic', [0, 1, 1], [1, 5, 2], [0, 1]);
    expect(refusalText(pos, { type: 'attack', from: 0, to: 1 })).toMatch(/at least 2 dice/);
    expect(refusalText(pos, { type: 'attack', from: 1, to: 0 })).toMatch(/not yours/);
    const far = line('classic', [0, 1, 1], [5, 5, 2], [0, 1]);
    expect(refusalText(far, { type: 'attack', from: 0, to: 2 })).toMatch(/does not border/);
    expect(far.legalMoves()).toEqual([{ type: 'attack', from: 0, to: 1 }, { type: 'end' }]);
  });
});

describe('turns and reinforcement', () => {
  it('the largest connected group feeds the stock, capped at 64, placed a die at a time up to 8, the rest kept', () => {
    // Seat 0 holds 0,1,2 (a group of 3) all full, with 62 in stock: 62 + 3 = 65 → 64 kept.
    const full = line('classic', [0, 0, 0, 1], [8, 8, 8, 2], [0, 1], [62, 0]);
    const r = full.play({ type: 'end' });
    expect(r).toMatchObject({ type: 'end', seat: 0, supply: 3, placed: 0, stock: 64 });
    // Room for 4 dice and a group of 2 plus 5 in stock: 4 placed, 3 kept, nobody above 8.
    const room = line('classic', [0, 0, 1, 0], [6, 6, 2, 8], [0, 1], [5, 0]);
    expect(room.play({ type: 'end' })).toMatchObject({ supply: 2, placed: 4, stock: 3 });
    expect([...room.dice]).toEqual([8, 8, 2, 8]);
  });

  it('eliminated players are skipped, and the game ends when one player is left', () => {
    const pos = line('classic', [0, 1, 2], [8, 1, 1], [0, 1, 2]);
    pos.rng = Rng.fromSeed('elim');
    // Seat 0 attacks seat 1's only territory until it falls (8 against 1 always wins).
    const r = pos.play({ type: 'attack', from: 0, to: 1 });
    expect(r).toMatchObject({ won: true, eliminated: true });
    expect(pos.out).toEqual([1]);
    pos.play({ type: 'end' });
    expect(pos.seat).toBe(2); // seat 1 is skipped
    expect(dicewars.result(pos)).toBeNull();
    pos.play({ type: 'end' });
    expect(pos.seat).toBe(0);
    expect(pos.round).toBe(1);
    // Seat 0 now holds 0 and 1; it takes 2 with whatever it has and wins the game.
    pos.dice[1] = 8;
    pos.dice[2] = 1;
    pos.play({ type: 'attack', from: 1, to: 2 });
    expect(dicewars.result(pos)).toEqual({ kind: 'win', winner: 0, ranking: [0, 2, 1], reason: 'last player standing' });
    expect(dicewars.legalMoves(pos)).toEqual([]);
  });

  it('a game still going at the round cap is a draw', () => {
    const pos = line('classic', [0, 1], [2, 2], [0, 1]);
    const capped = new DiceWarsPosition('classic', pos.board, pos.owner, pos.dice, pos.order, 0, pos.stock, 0, [], pos.rng, null, 1);
    capped.play({ type: 'end' });
    capped.play({ type: 'end' });
    expect(dicewars.result(capped)).toEqual({ kind: 'draw', reason: 'no winner after 1 rounds' });
  });
});

describe('the strength rule set', () => {
  it('combat on fixed rolls: a win takes the cell with attack − 1, a loss leaves max(1, defence − attack)', () => {
    expect(strengthBattle(9, 4)).toEqual({ won: true, defenderAfter: 8 });
    expect(strengthBattle(2, 1)).toEqual({ won: true, defenderAfter: 1 });
    expect(strengthBattle(3, 7)).toEqual({ won: false, defenderAfter: 4 });
    expect(strengthBattle(5, 5)).toEqual({ won: false, defenderAfter: 1 });
  });

  it('expansion: the empty cell gets F − 1, the source keeps 1', () => {
    const pos = line('strength', [0, -1, 1], [14, 0, 3], [0, 1]);
    expect(pos.legalMoves()).toEqual([{ type: 'expand', from: 0, to: 1 }, { type: 'end' }]);
    pos.play({ type: 'expand', from: 0, to: 1 });
    expect([...pos.dice]).toEqual([1, 13, 3]);
    expect(pos.owner[1]).toBe(0);
    expect(refusalText(pos, { type: 'expand', from: 1, to: 2 })).toMatch(/attack it/);
  });

  it('supply: the largest group, a point at a time, never above 48, the rest lost', () => {
    const pos = line('strength', [0, 0, 0, 1], [47, 48, 46, 2], [0, 1]);
    expect(pos.play({ type: 'end' })).toMatchObject({ supply: 3, placed: 3, stock: 0 });
    expect([...pos.dice].slice(0, 3)).toEqual([48, 48, 48]);
    const full = line('strength', [0, 0, 1], [48, 48, 2], [0, 1]);
    expect(full.play({ type: 'end' })).toMatchObject({ supply: 2, placed: 0, stock: 0 });
  });
});

describe('notation and persistence', () => {
  it('moves round-trip and bad ones are explained', () => {
    const pos = dicewars.newGame({ ...dicewars.defaultOptions, players: 4 }, 'n');
    for (const m of dicewars.legalMoves(pos)) expect(dicewars.parseMove(pos, dicewars.formatMove(pos, m))).toEqual({ ok: true, value: m });
    expect(dicewars.parseMove(pos, 'attack 1')).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a move') } });
    expect(dicewars.parseMove(pos, 'attack 999 1')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('numbered 0 to') },
    });
  });

  it('fromJSON(toJSON(s)) continues the same game; the public view hides the RNG', () => {
    const pos = dicewars.newGame({ ...dicewars.defaultOptions, players: 3 }, 'j');
    const back = dicewars.fromJSON(JSON.parse(JSON.stringify(dicewars.toJSON(pos))));
    if (!back.ok) throw back.error;
    const attack = dicewars.legalMoves(pos).find((m) => m.type === 'attack') ?? { type: 'end' as const };
    expect(dicewars.toJSON(dicewars.play(back.value, attack))).toEqual(dicewars.toJSON(dicewars.play(pos, attack)));
    expect(dicewars.view(pos, 0)).not.toHaveProperty('rng');
    expect(dicewars.fromJSON({ rules: 'classic' }).ok).toBe(false);
  });

  it('a game dealt from a keyed seed (as the server deals its secret games) round-trips mid-game and replays from its record', () => {
    const seed = `key:${'5a'.repeat(32)}`;
    const options = { ...dicewars.defaultOptions, players: 3, map: 'small' as const };
    const choices = Rng.fromSeed('keyed choices');
    let pos = dicewars.newGame(options, seed);
    const moves: string[] = [];
    while (dicewars.result(pos) === null && moves.length < 400) {
      // Half-way, the state goes through JSON (a saved game): the dice go on as they would have.
      if (moves.length === 40) {
        const back = dicewars.fromJSON(JSON.parse(JSON.stringify(dicewars.toJSON(pos))));
        if (!back.ok) throw back.error;
        expect(dicewars.toJSON(back.value)).toEqual(dicewars.toJSON(pos));
        pos = back.value;
      }
      const legal = dicewars.legalMoves(pos);
      const move =
        legal.find((m) => m.type === 'attack' && choices.chance(0.8)) ?? legal.find((m) => m.type === 'end') ?? choices.pick(legal);
      moves.push(dicewars.formatMove(pos, move));
      pos = dicewars.play(pos, move);
    }
    expect(moves.length).toBeGreaterThan(40);
    const replayed = replay(
      dicewars,
      JSON.parse(JSON.stringify(makeRecord(dicewars, options, seed, moves, dicewars.result(pos) as never))),
    );
    if (!replayed.ok) throw replayed.error;
    expect(dicewars.toJSON(replayed.value.state)).toEqual(dicewars.toJSON(pos));
  });

  it('options are checked by rule set', () => {
    expect(dicewars.parseOptions({ rules: 'strength', players: 6 })).toMatchObject({
      ok: false,
      error: { message: 'the strength rules take 2 to 4 players' },
    });
    expect(dicewars.parseOptions({ rules: 'strength' })).toMatchObject({ ok: true, value: { players: 2, size: 20 } });
    expect(dicewars.parseOptions({ map: 'huge' }).ok).toBe(false);
    expect(dicewars.parseOptions({ colour: 'red' }).ok).toBe(false);
  });
});

describe('replay', () => {
  it('100 all-AI games replay from their records to the same results', async () => {
    const mixes = [
      { options: { ...dicewars.defaultOptions, players: 2 }, agents: [hardAgent(), gamedesignAgent] },
      {
        options: { ...dicewars.defaultOptions, players: 5, map: 'small' as const },
        agents: [gamedesignAgent, hardAgent(), gamedesignAgent, hardAgent(), gamedesignAgent],
      },
      {
        options: { ...dicewars.defaultOptions, rules: 'strength' as const, players: 3, size: 10 as const },
        agents: [hexoAgent, hardAgent(), hexoAgent],
      },
      { options: { ...dicewars.defaultOptions, players: 8 }, agents: Array(8).fill(gamedesignAgent) },
    ];
    let games = 0;
    for (const [i, mix] of mixes.entries()) {
      const r = await runMatch({ game: dicewars, options: mix.options, agents: mix.agents, games: 25, seed: `replay-${i}` });
      for (const record of r.records) {
        const replayed = replay(dicewars, JSON.parse(JSON.stringify(record)));
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(dicewars.result(replayed.value.state)).toEqual(record.result);
        games++;
      }
    }
    expect(games).toBe(100);
  });
});

describe('a DiceWars state from outside (fromJSON) is checked against every invariant', () => {
  const good = () =>
    JSON.parse(JSON.stringify(dicewars.toJSON(dicewars.newGame({ ...dicewars.defaultOptions, players: 3, map: 'small' }, 'j'))));
  // biome-ignore lint/suspicious/noExplicitAny: a state's JSON, edited freely to break it
  const refused = (change: (j: Record<string, any>) => void, why: RegExp) => {
    const j = good();
    change(j);
    const r = dicewars.fromJSON(j);
    expect(r.ok ? 'accepted' : r.error.message).toMatch(why);
  };

  it('refuses each impossible state with a message naming the field', () => {
    refused((j) => {
      j.out = [0, 1, 2];
    }, /state\.out/);
    refused((j) => {
      j.dice[0] = 0;
    }, /territory 0 is held with no dice/);
    refused((j) => {
      j.owner[0] = -1;
    }, /state\.owner/);
    refused((j) => {
      j.order = Array.from({ length: 130 }, (_, i) => i);
    }, /state\.order/);
    refused((j) => {
      j.out = [1, 1];
    }, /state\.out/);
    refused((j) => {
      j.board.cells = j.board.cells.map(() => -1);
    }, /territories/);
    refused((j) => {
      j.board.cols = -20;
    }, /state\.board/);
    refused((j) => {
      j.maxRounds = 0;
    }, /maxRounds/);
    refused((j) => {
      j.board.cols = 1_000_000;
      j.board.rows = 1;
      j.board.cells = Array.from({ length: 1_000_000 }, (_, i) => i);
    }, /state\.board/);
    refused((j) => {
      j.board.cells[0] = 5_000;
    }, /state\.board\.cells/);
    refused((j) => {
      j.last = { type: 'attack', seat: 0 };
    }, /state\.last/);
    refused((j) => {
      j.owner[0] = 2;
      j.owner = j.owner.map((o: number) => (o === 1 ? 0 : o));
    }, /seat 1 holds nothing but is not out/);
  });

  it('whatever it accepts plays on: random changes to a real state never crash, loop or stall a game', () => {
    const fields = ['owner', 'dice', 'stock', 'out', 'order', 'turn', 'round', 'maxRounds', 'movesThisTurn'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.oneof(fc.integer({ min: -200, max: 200 }), fc.array(fc.integer({ min: -2, max: 130 }), { maxLength: 40 })),
        fc.integer({ min: 0, max: 40 }),
        (field, value, at) => {
          const j = good();
          const target = j[field];
          if (Array.isArray(target) && typeof value === 'number' && target.length > 0) target[at % target.length] = value;
          else j[field] = value;
          const r = dicewars.fromJSON(j);
          if (!r.ok) return;
          let state = r.value;
          const rng = Rng.fromSeed('fuzz');
          for (let i = 0; i < 400 && dicewars.result(state) === null; i++)
            state = dicewars.play(state, rng.pick(dicewars.legalMoves(state)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('round cap and rules version', () => {
  it('a game with a person has no round cap; a match of AIs alone stops at 10,000 rounds, far past the original’s 1,377', async () => {
    const state = dicewars.newGame({ ...dicewars.defaultOptions, players: 2, map: 'small' }, 'cap');
    const json = dicewars.toJSON(state) as Record<string, unknown>;
    expect(json.maxRounds).toBeNull();
    const late = dicewars.fromJSON({ ...json, round: 5_000 });
    expect(late.ok && dicewars.result(late.value)).toBeNull();
    const match = await runMatch({
      game: dicewars,
      options: { ...dicewars.defaultOptions, players: 2, map: 'small' },
      agents: [gamedesignAgent, gamedesignAgent],
      games: 2,
      seed: 'cap',
    });
    for (const record of match.records) {
      expect(record.options).toMatchObject({ maxRounds: HEADLESS_MAX_ROUNDS });
      expect(record.rulesVersion).toBe(DICEWARS_RULES_VERSION);
      expect(replay(dicewars, record).ok).toBe(true);
    }
  });

  it('a record made before the original’s deal (rules version 1) is refused by name, not replayed as another game', async () => {
    const match = await runMatch({
      game: dicewars,
      options: { ...dicewars.defaultOptions, players: 3, map: 'small' },
      agents: [gamedesignAgent, gamedesignAgent, gamedesignAgent],
      games: 1,
      seed: 'v1',
    });
    const { rulesVersion: _, ...old } = match.records[0] as GameRecord;
    const r = replay(dicewars, old);
    expect(r.ok ? 'replayed' : r.error.message).toMatch(
      /^this record was made under DiceWars rules version 1, and this hexarena plays version 2/,
    );
  });
});
