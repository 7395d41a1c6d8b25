import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agent } from '@hexarena/engines/engine/agent.ts';
import { runMatch } from '@hexarena/engines/engine/match.ts';
import { replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { type HexMove, type HexState, hex } from '@hexarena/engines/games/hex/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveAgent } from '../agents.ts';
import { closeOutsideAgents } from '../opened-engines.ts';
import { HEXARENA_BIN } from '../uhp/bridge.testing.ts';
import { GtpEngine } from './engine.ts';
import { GtpProcess, gtpPlays } from './outside-engine.ts';

/**
 * MoHex 2.0, the outside engine these tests measure against, where this machine has it: the path in
 * HEXARENA_MOHEX, else the developers' tools folder beside the repository (or beside its worktrees' folder).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// A worktree sits a folder deeper than the main checkout: the tools folder beside either.
const MOHEX =
  process.env.HEXARENA_MOHEX ??
  [path.resolve(ROOT, '..', 'shared', 'tools', 'mohex', 'mohex'), path.resolve(ROOT, '..', '..', 'shared', 'tools', 'mohex', 'mohex')].find(
    (p) => existsSync(p),
  ) ??
  path.resolve(ROOT, '..', 'shared', 'tools', 'mohex', 'mohex');
const HAVE_MOHEX = existsSync(MOHEX);
const WITH_MOHEX = HAVE_MOHEX ? '' : ' — SKIPPED: MoHex is not on this machine (set HEXARENA_MOHEX to its path)';

afterAll(() => closeOutsideAgents());

/** The stones of a MoHex or hexarena showboard answer: `B`/`W` by cell name. */
function stones(board: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const line of board.split('\n')) {
    // MoHex: ` 3\.  .  B  .  .\3`; hexarena: `  3 . . B . . 3`.
    const m = /^\s*(\d+)\s*\\?(.*?)\\?\s*\1$/.exec(line);
    if (!m) continue;
    (m[2] as string)
      .trim()
      .split(/\s+/)
      .forEach((s, c) => {
        if (s !== '.') found[`${String.fromCharCode(97 + c)}${m[1]}`] = s;
      });
  }
  return found;
}

describe('outside GTP engines as Hex players', () => {
  it('writes a game’s moves as GTP plays: colours and cells as they are until a swap, exchanged and mirrored after it', () => {
    expect(gtpPlays(5, ['b1', 'c3'])).toEqual(['play b b1', 'play w c3']);
    expect(gtpPlays(5, ['b1', 'swap', 'c4', 'a2'])).toEqual(['play b b1', 'play w swap-pieces', 'play w d3', 'play b b1']);
  });

  it('hexarena’s own GTP engine, run as an outside program, plays a match with the pie rule to the end; the records replay', async () => {
    // Generous: starting it on a busy machine may take seconds.
    const outside = unwrap(
      resolveAgent(hex, `gtp:"${process.execPath}" "${HEXARENA_BIN}" gtp --level easy --seed outside`, { graceMs: 120_000 }),
    );
    const result = await runMatch({
      game: hex,
      options: { size: 5, pie: true },
      agents: [outside, unwrap(resolveAgent(hex, 'easy'))],
      games: 4,
      seed: 'gtp outside',
      timeMs: 200,
    });
    for (const record of result.records) {
      expect(record.termination).toBeUndefined();
      expect(replay(hex, record).ok).toBe(true);
    }
    // Seats rotate, so the outside engine played the swap's both sides across these games at least once.
    expect(result.records.some((r) => r.moves.includes('swap'))).toBe(true);
    expect(result.agents[0]?.agent).toMatch(/^gtp:/);
  });

  it(`sees the board as MoHex does, the pie rule taken included${WITH_MOHEX}`, { skip: !HAVE_MOHEX }, async () => {
    const commands = ['boardsize 5 5', 'param_game allow_swap 1', 'play b b1', 'play w swap-pieces', 'play w c4', 'play b a2'];
    const mohex = new GtpProcess(MOHEX);
    const own = new GtpEngine('test', { level: 'easy', timeMs: 100 });
    try {
      for (const command of commands) {
        expect((await mohex.ask(command, 60_000)).ok, command).toBe(true);
        expect((await own.handle(command))?.text, command).toBe('=\n\n');
      }
      const theirs = stones((await mohex.ask('showboard', 60_000)).text);
      const ours = stones((await own.handle('showboard'))?.text ?? '');
      expect(theirs).toEqual({ b1: 'B', c4: 'W', a2: 'B' });
      expect(ours).toEqual(theirs);
    } finally {
      mohex.close();
    }
  });

  it(`MoHex plays legal moves through gtp:, taking the centre by the pie rule and playing on in its own frame${WITH_MOHEX}`, {
    skip: !HAVE_MOHEX,
  }, async () => {
    const mohex = unwrap(resolveAgent(hex, `gtp:${MOHEX}`, { graceMs: 60_000 })) as unknown as Agent<HexState, HexMove>;
    const rng = Rng.fromSeed('mohex');
    // The centre of 9×9 is a first stone to take: MoHex answers it by the pie rule (its swap table),
    // then both sides play three moves more, MoHex asked each time in the frame it holds.
    let state: HexState = hex.newGame({ size: 9, pie: true }, 'mohex');
    state = hex.play(state, unwrap(hex.parseMove(state, 'e5')));
    const moves: string[] = ['e5'];
    for (let i = 0; i < 6 && hex.result(state) === null; i++) {
      const move = i % 2 === 0 ? await mohex.choose(hex, state, { rng, timeMs: 500 }) : rng.pick(hex.legalMoves(state));
      moves.push(hex.formatMove(state, move));
      state = hex.play(state, move);
    }
    expect(moves[1]).toBe('swap');
    // Each was played by the rules (hex.play refuses an illegal move; the agent an illegal answer).
    expect(moves).toHaveLength(7);
  });

  it(`MoHex, crashing on genmove where its fill-in has won, still moves through gtp: — the move its fill-in proves${WITH_MOHEX}`, {
    skip: !HAVE_MOHEX,
  }, async () => {
    // A game of the first measure (9×9, pie rule, MoHex Red and swapped): at move 15 MoHex's
    // fill-in decides the position and its genmove died with SIGSEGV, scored then as its forfeit.
    const notes: string[] = [];
    const mohex = unwrap(
      resolveAgent(hex, `gtp:${MOHEX}`, { graceMs: 60_000, onProvenWin: (note) => notes.push(note) }),
    ) as unknown as Agent<HexState, HexMove>;
    const moves = ['e5', 'swap', 'c6', 'b8', 'd7', 'h5', 'd4', 'g5', 'e2', 'e3', 'd3', 'c8', 'd8', 'i4'];
    let state = unwrap(hex.fromJSON({ size: 9, pie: true, moves }));
    const rng = Rng.fromSeed('mohex proof');
    // Then on to the end against random moves: every move MoHex makes is legal and it wins on the board.
    while (hex.result(state) === null) {
      const move = hex.toMove(state) === 0 ? await mohex.choose(hex, state, { rng, timeMs: 300 }) : rng.pick(hex.legalMoves(state));
      state = hex.play(state, move);
    }
    expect(hex.result(state)).toMatchObject({ kind: 'win', winner: 0 });
    // The fill-in spoke at least once (at move 15, where genmove crashed), and said why.
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatch(/fill-in proves the position won/);
  });
});
