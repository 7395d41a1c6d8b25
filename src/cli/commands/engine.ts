import process from 'node:process';
import { findGame } from '@hexarena/engines/games/index.ts';
import { EngineLines } from '../../protocols/engine-lines/engine.ts';
import { MAX_ENGINE_LINE_BYTES, runEngineLinesSession } from '../../protocols/engine-lines/session.ts';
import { boundedLines, writerFor } from '../../protocols/lines.ts';
import { type CliIo, UsageError } from '../io.ts';

/** `hexarena engine <game>`: hexarena's AI for any game as an engine-lines program on stdin/stdout (docs/engine-lines.md). */
export async function engineCommand(
  io: CliIo,
  version: string,
  gameId: string,
  flags: { level: string; seed?: string },
  input: AsyncIterable<Buffer | string> = process.stdin,
): Promise<void> {
  const game = findGame(gameId);
  if (!game.ok) throw new UsageError(game.error.message);
  const engine = EngineLines.create(game.value, flags.level, version, flags.seed);
  if (typeof engine === 'string') throw new UsageError(`--level: ${engine}`);
  const write = io.stdoutStream ? writerFor(io.stdoutStream) : io.stdout;
  await runEngineLinesSession(engine, boundedLines(input, MAX_ENGINE_LINE_BYTES), write);
}
