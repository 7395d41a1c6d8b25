import { fileURLToPath } from 'node:url';
import { runMatch } from '@hexarena/engines/engine/match.ts';
import { replay } from '@hexarena/engines/engine/record.ts';
import { unwrap } from '@hexarena/engines/engine/result.ts';
import { Rng } from '@hexarena/engines/engine/rng.ts';
import { hive } from '@hexarena/engines/games/hive/game.ts';
import { describe, expect, it } from 'vitest';
import { resolveAgent } from '../agents.ts';
import { closeOutsideAgents } from '../opened-engines.ts';
import { HEXARENA_BIN } from './bridge.testing.ts';
import { uhpTime } from './outside-engine.ts';

const fake = (mode: string) =>
  `uhp:"${process.execPath}" "${fileURLToPath(new URL('./fake-engine.testing.mjs', import.meta.url))}" ${mode}`;

describe('outside UHP engines as players', () => {
  it('hexarena’s own engine, run as an outside program, plays a match to the end; the records replay', async () => {
    // Generous: starting it from the TypeScript sources on a busy machine may take seconds.
    const outside = unwrap(resolveAgent(hive, `uhp:"${process.execPath}" "${HEXARENA_BIN}" uhp --seed outside`, { graceMs: 120_000 }));
    const own = unwrap(resolveAgent(hive, 'easy'));
    try {
      const result = await runMatch({ game: hive, agents: [outside, own], games: 2, seed: 'outside', depth: 2 });
      for (const record of result.records) {
        expect(record.termination).toBeUndefined();
        expect(replay(hive, record).ok).toBe(true);
      }
      expect(result.agents[0]?.agent).toMatch(/^uhp:/);
    } finally {
      closeOutsideAgents();
    }
  });

  it('an engine that crashes, says err, plays an illegal move, stalls, never starts or ends the game by rules of its own loses that game with the reason; the match goes on', async () => {
    const cases: [string, RegExp][] = [
      ['crash', /stopped: it exited \(code 3\)/],
      ['err', /answered "err out of ideas"/],
      ['illegal', /played bQ wS1-, which is illegal here/],
      ['stall', /did not answer within \d+ s/],
      ['mute', /did not answer within 1 s/],
      ['over', /holds the game as over \(its GameString says Draw\) where hexarena's rules play on/],
    ];
    try {
      for (const [mode, reason] of cases) {
        // Those that answer at once get all the time a busy machine needs; silence is waited for a second.
        const waitsOut = mode === 'stall' || mode === 'mute';
        const broken = unwrap(resolveAgent(hive, fake(mode), { graceMs: waitsOut ? 1000 : 120_000 }));
        const result = await runMatch({
          game: hive,
          agents: [broken, unwrap(resolveAgent(hive, 'random'))],
          games: 2,
          seed: mode,
          timeMs: 1000,
        });
        // Both games are played; the broken engine loses each, as White and as Black.
        expect(result.records).toHaveLength(2);
        for (const record of result.records) {
          expect(record.termination, mode).toBe('forfeit');
          expect(record.result).toMatchObject({ kind: 'win', reason: expect.stringMatching(reason) });
          expect(replay(hive, record).ok).toBe(true);
        }
        expect(result.agents[0]).toMatchObject({ wins: 0, losses: 2 });
      }
    } finally {
      closeOutsideAgents();
    }
  });

  it('a move given up on (the match’s time ran out) stops the engine thinking on it: the question ends, the next game starts a fresh one', async () => {
    // Its own grace is far off: only the match's giving up can end the question this soon.
    const stalling = unwrap(resolveAgent(hive, fake('stall'), { graceMs: 600_000 }));
    try {
      for (const game of [1, 2]) {
        const stop = new AbortController();
        const state = hive.newGame(hive.defaultOptions, `given up ${game}`);
        const asked = stalling.choose(hive, state, { rng: Rng.fromSeed('given up'), timeMs: 1000, signal: stop.signal });
        stop.abort();
        await expect(asked, `game ${game}`).rejects.toThrow(/stopped|exited|closed/);
      }
    } finally {
      closeOutsideAgents();
    }
  });

  it('bestmove time is written hh:mm:ss, at least a second', () => {
    expect([500, 1000, 61_000, 3_723_000].map(uhpTime)).toEqual(['00:00:01', '00:00:01', '00:01:01', '01:02:03']);
  });
});
