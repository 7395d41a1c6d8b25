import { refuse } from '@hexarena/engines/engine/refusal.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { parseHivePgn } from './pgn.ts';
import type { ImportedHiveGame } from './replay.ts';
import { parseBoardspaceSgf } from './sgf.ts';

export { formatHivePgn, MAX_PGN_CHARS, parseHivePgn, splitHivePgn } from './pgn.ts';
export type { ImportedHiveGame } from './replay.ts';
export { MAX_SGF_CHARS, parseBoardspaceSgf, sgfProperties } from './sgf.ts';

/** Is this file another program's Hive record (by its name, else by its first character)? */
export function hiveRecordFormat(text: string, fileName = ''): 'sgf' | 'pgn' | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.sgf')) return 'sgf';
  if (name.endsWith('.pgn')) return 'pgn';
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('(')) return 'sgf';
  if (start.startsWith('[') || /^1\.\s/.test(start)) return 'pgn';
  return null;
}

/** Imports a boardspace.net SGF or a Mzinga / hivegame.com PGN as hexarena's record, replayed and checked. */
export function importHiveRecord(text: string, fileName = ''): Result<ImportedHiveGame> {
  const format = hiveRecordFormat(text, fileName);
  if (format === 'sgf') return parseBoardspaceSgf(text);
  if (format === 'pgn') return parseHivePgn(text);
  return refuse('import.format', 'this is neither a boardspace.net SGF nor a Hive PGN');
}
