import path from 'node:path';
import { formatHivePgn, importHiveRecord } from '../../protocols/hive-records/index.ts';
import { readSmallFile } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';

export interface ImportFlags {
  readonly pgn?: boolean;
}

/**
 * `hexarena import <file>`: a Hive game from boardspace.net (.sgf) or Mzinga / hivegame.com (.pgn),
 * replayed by hexarena's engine, printed as hexarena's JSON record (or, with --pgn, as PGN); what was
 * inferred goes to stderr. A move the rules refuse is named and nothing is printed.
 */
export function importCommand(io: CliIo, file: string, flags: ImportFlags): void {
  const text = readSmallFile(io, file, 'import');
  const imported = importHiveRecord(text, path.basename(file));
  if (!imported.ok) throw new UsageError(`${file}: ${imported.error.message}`);
  const { record, tags, notes } = imported.value;
  for (const note of notes) io.stderr(`note: ${note}\n`);
  if (flags.pgn) {
    const pgn = formatHivePgn(record, tags);
    if (!pgn.ok) throw new UsageError(`${file}: ${pgn.error.message}`);
    io.stdout(pgn.value);
  } else io.stdout(`${JSON.stringify(record, null, 2)}\n`);
}
