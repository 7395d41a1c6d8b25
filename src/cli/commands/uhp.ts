import process from 'node:process';
import { createInterface } from 'node:readline';
import { runUhpSession } from '../../protocols/uhp/session.ts';
import type { CliIo } from '../io.ts';

/** `hexarena uhp`: a Universal Hive Protocol engine on stdin/stdout (for MzingaViewer and bridges). */
export async function uhpCommand(io: CliIo, version: string, input: NodeJS.ReadableStream = process.stdin): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  await runUhpSession(lines, io.stdout, version);
  lines.close();
}
