import { describe, expect, it } from 'vitest';
import { addEngineCommands } from './engine-commands.ts';
import type { CliIo } from './io.ts';
import { bareProgram, runProgram } from './run.ts';
import { readUhpFlags, type UhpFlags } from './uhp-flags.ts';

/** What commander makes of `hexarena uhp <args>`: the flags the engine would run with, or the exit code and stderr. */
async function commanderReads(args: readonly string[]): Promise<UhpFlags | { code: number; stderr: string }> {
  let stderr = '';
  let taken: UhpFlags | undefined;
  const io: CliIo = {
    stdout: () => {},
    stderr: (t) => {
      stderr += t;
    },
    progress: false,
    cwd: '/',
  };
  const cli = addEngineCommands(bareProgram(io, 'test'), io, {
    uhp: async (_io, _version, flags) => {
      taken = flags;
    },
  });
  const code = await runProgram(cli, ['uhp', ...args], io);
  if (taken === undefined) return { code, stderr };
  // commander keys an option it was not given as undefined; readUhpFlags leaves it out.
  return Object.fromEntries(Object.entries(taken).filter(([, v]) => v !== undefined)) as unknown as UhpFlags;
}

const READ = [
  [],
  ['--threads=1'],
  ['--threads', '2'],
  ['--num-threads=4', '--seed=a', '--seed', 'b'],
  ['--threads=01'],
  ['--threads=1024'],
  ['--seed', '--threads=2'],
  ['--seed='],
  ['--hash=64'],
  ['--hash', '64'],
  ['foo', '--threads=2', 'bar'],
  ['--Threads=1'],
  ['--thread=1'],
  ['---x', '--seed=s'],
  ['--hash', '--threads', '2'],
  ['--hash=1', 'foo', '--threads=2', 'bar'],
  ['foo', '--hash=1', 'bar', '--seed', 'baz', 'qux'],
] as const;

const LEFT_TO_COMMANDER = [
  ['--threads', '0'],
  ['--threads=1025'],
  ['--threads=x'],
  ['--threads=2', '--threads=0x10'],
  ['--threads='],
  ['--threads'],
  ['--seed'],
  ['--threads=1', '--help'],
  ['-h'],
  ['-V'],
  ['--', '--threads=2'],
  ['-x', '-t', '3'],
  ['--threads', '-1'],
  ['--num-threads=1', '--hash=64', '--threads=0'],
] as const;

describe('hexarena uhp’s flags read without commander', () => {
  for (const args of READ) {
    it(`reads ${JSON.stringify(args)} as commander does`, async () => {
      const ours = readUhpFlags(args);
      expect(ours).not.toBeNull();
      expect(ours).toEqual(await commanderReads(args));
    });
  }

  it('reads the thread counts, the seed and the words it passes over', () => {
    expect(readUhpFlags(['--threads', '2', '--num-threads=3', '--seed=s', 'x', '--hash', '64'])).toEqual({
      threads: 2,
      numThreads: 3,
      seed: 's',
      ignored: ['x', '--hash', '64'],
    });
  });

  for (const args of LEFT_TO_COMMANDER) {
    it(`leaves ${JSON.stringify(args)} to commander`, async () => {
      expect(readUhpFlags(args)).toBeNull();
      // commander answers these itself: help, the version, an error, or flags (short ones it passes over).
      const theirs = await commanderReads(args);
      if ('code' in theirs && theirs.code !== 0) expect(theirs.stderr).toMatch(/^hexarena: option '--(threads|seed)/);
    });
  }
});
