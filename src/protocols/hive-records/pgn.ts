import type { Outcome } from '@hexarena/engines/engine/game.ts';
import { type GameRecord, replay, TERMINATIONS, type Termination } from '@hexarena/engines/engine/record.ts';
import { RulesRefusal, refuse } from '@hexarena/engines/engine/refusal.ts';
import { err, ok, type Result } from '@hexarena/engines/engine/result.ts';
import { type GameType, hive, parseGameType } from '@hexarena/engines/games/hive/index.ts';
import { type ImportedHiveGame, importOptions, playImported, recordOf, type StatedEnd } from './replay.ts';

/**
 * Hive's PGN, as Mzinga writes and reads it and hivegame.com exports it: tag pairs (`[GameType
 * "Base+MLP"]`, `[Result "WhiteWins"]`…), then the moves as numbered UHP MoveStrings, one per number
 * (`1. wS1` on a line each, or `1. wS1 2. bG1 -wS1` on one), then the result. See docs/hive-records.md.
 */

/** Longer files are refused before they are read: a 10,000-move game is well under a megabyte. */
export const MAX_PGN_CHARS = 4 * 1024 * 1024;

/** The tags Mzinga always writes, in its order. */
const SEVEN_TAGS = ['GameType', 'Date', 'Event', 'Site', 'Round', 'White', 'Black', 'Result'] as const;

/** Results as Mzinga (its board states) and as chess-style PGN write them. */
const RESULTS: Record<string, Outcome | null> = {
  whitewins: { kind: 'win', winner: 0 },
  '1-0': { kind: 'win', winner: 0 },
  blackwins: { kind: 'win', winner: 1 },
  '0-1': { kind: 'win', winner: 1 },
  draw: { kind: 'draw' },
  '1/2-1/2': { kind: 'draw' },
  '½-½': { kind: 'draw' },
  inprogress: null,
  notstarted: null,
  '*': null,
  '': null,
};
const resultOf = (text: string): Outcome | null | undefined => {
  const key = text.trim().toLowerCase();
  return Object.hasOwn(RESULTS, key) ? RESULTS[key] : undefined;
};

const TAG = /^\[\s*([A-Za-z0-9_]+)\s+(.*?)\s*\]$/;

function unquote(raw: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(raw);
  if (!m) return raw.replace(/"/g, '');
  return (m[1] as string).replace(/\\(.)/g, '$1');
}

/** The tags and the moves of a PGN file, before any move is played. */
export interface PgnParts {
  readonly tags: Readonly<Record<string, string>>;
  readonly moves: readonly string[];
  /** The result written after the moves, if any. */
  readonly result?: string;
}

/** Splits a PGN into its tags and its moves, checking the move numbers; nothing is played yet. */
export function splitHivePgn(text: string): Result<PgnParts> {
  if (text.length > MAX_PGN_CHARS)
    return refuse('import.pgn.tooLong', `a PGN file of more than ${MAX_PGN_CHARS} characters is not a Hive game`, { max: MAX_PGN_CHARS });
  const tags: Record<string, string> = {};
  const body: string[] = [];
  for (const [i, raw] of text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n|\r/)
    .entries()) {
    const line = raw.trim();
    if (line.startsWith('[') && body.every((b) => b === '')) {
      const m = TAG.exec(line);
      if (!m)
        return refuse('import.pgn.tag', `line ${i + 1}: "${line.slice(0, 60)}" is not a tag pair such as [GameType "Base+MLP"]`, {
          line: i + 1,
          text: line.slice(0, 60),
        });
      tags[m[1] as string] = unquote(m[2] as string);
    } else body.push(line.replace(/;.*$/, ''));
  }
  // Comments in braces go; what is left is numbers, moves and the result.
  const movetext = body.join(' ').replace(/\{[^}]*\}/g, ' ');
  if (movetext.includes('{')) return refuse('import.pgn.comment', 'a comment opened with { is never closed');
  const chunks = movetext.split(/(?:^|\s)(\d+)\.+(?=\s|$|[wb])/i);
  const before = (chunks[0] ?? '').trim();
  const moves: string[] = [];
  let result: string | undefined;
  if (chunks.length === 1) {
    if (before !== '' && resultOf(before) === undefined)
      return refuse('import.pgn.notNumbered', `"${before.slice(0, 60)}" is not a numbered move such as "1. wS1"`, {
        text: before.slice(0, 60),
      });
    if (before !== '') result = before;
    return ok({ tags, moves, ...(result === undefined ? {} : { result }) });
  }
  if (before !== '')
    return refuse('import.pgn.beforeFirst', `"${before.slice(0, 60)}" comes before the first move number`, { text: before.slice(0, 60) });
  for (let i = 1; i < chunks.length; i += 2) {
    const n = Number(chunks[i]);
    if (n !== moves.length + 1)
      return refuse('import.pgn.number', `move number ${n} where ${moves.length + 1} was due`, { number: n, due: moves.length + 1 });
    let move = (chunks[i + 1] ?? '').trim().split(/\s+/);
    if (i + 2 >= chunks.length && move.length > 1 && resultOf(move.at(-1) as string) !== undefined) {
      result = move.at(-1) as string;
      move = move.slice(0, -1);
    }
    if (move.length === 1 && move[0] === '') return refuse('import.pgn.missing', `move ${n} is missing`, { number: n });
    if (move.length > 2)
      return refuse('import.pgn.twoMoves', `move ${n}: "${move.join(' ')}" is not one move (write one move after each number)`, {
        number: n,
        text: move.join(' ').slice(0, 60),
      });
    moves.push(move.join(' '));
  }
  return ok({ tags, moves, ...(result === undefined ? {} : { result }) });
}

/**
 * Reads a Hive PGN and replays it with hexarena's engine: hexarena's record, the tags, and what was
 * inferred. A move the rules refuse is named (ply, text) with the engine's reason.
 */
export function parseHivePgn(text: string): Result<ImportedHiveGame> {
  const parts = splitHivePgn(text);
  if (!parts.ok) return parts;
  const { tags, moves, result } = parts.value;
  const notes: string[] = [];
  let type: GameType = 'Base';
  if (tags.GameType !== undefined) {
    const parsed = parseGameType(tags.GameType);
    if (!parsed.ok) return err(new RulesRefusal(`GameType: ${parsed.error.message}`, { code: 'import.pgn.gameType' }, parsed.error));
    type = parsed.value;
  } else notes.push('no GameType tag: read as Base');
  const written = [tags.Result, result].filter((r): r is string => r !== undefined && r.trim() !== '');
  const outcomes = written.map(resultOf);
  const bad = written.find((_, i) => outcomes[i] === undefined);
  if (bad !== undefined)
    return refuse('import.pgn.result', `"${bad}" is not a result (WhiteWins, BlackWins, Draw, InProgress, 1-0, 0-1, 1/2-1/2, *)`, {
      text: bad.slice(0, 60),
    });
  const stated = outcomes.find((o) => o !== null) ?? null;
  const termination = tags.Termination?.toLowerCase();
  const end: StatedEnd = {
    result: stated ?? null,
    ...(termination && TERMINATIONS.includes(termination as Termination) ? { termination: termination as Termination } : {}),
  };
  const options = importOptions(type, moves, notes);
  const states = playImported(
    options,
    moves.map((m) => ({ uhp: m, source: m })),
  );
  if (!states.ok) return states;
  const players = tags.White || tags.Black ? [tags.White ?? '', tags.Black ?? ''] : undefined;
  const record = recordOf(options, states.value, end, players, notes);
  return record.ok ? ok({ record: record.value, tags, notes }) : record;
}

const escapeTag = (value: string): string => value.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`);

/** Mzinga's name for how a game stands: WhiteWins, BlackWins, Draw, InProgress or NotStarted. */
function stateName(result: Outcome | null, plies: number): string {
  if (result === null) return plies === 0 ? 'NotStarted' : 'InProgress';
  return result.kind === 'draw' ? 'Draw' : result.winner === 0 ? 'WhiteWins' : 'BlackWins';
}

/**
 * A Hive record as PGN that Mzinga reads: its seven tags and GameType in its order (the record's own
 * players and result; `tags` fills in Date, Event, Site, Round and adds others), a Termination tag for
 * an end outside the rules, one numbered move a line, and the result line once the game is over.
 * The record is replayed first; one that does not replay is refused.
 */
export function formatHivePgn(record: GameRecord, tags: Readonly<Record<string, string>> = {}): Result<string> {
  const replayed = replay(hive, record);
  if (!replayed.ok) return replayed;
  const { state, states, moves } = replayed.value;
  const ended = record.result;
  const own: Record<string, string> = {
    GameType: state.options.type,
    White: record.players?.[0] ?? tags.White ?? '',
    Black: record.players?.[1] ?? tags.Black ?? '',
    Result: stateName(ended, moves.length),
  };
  const lines = SEVEN_TAGS.map((k) => `[${k} "${escapeTag(own[k] ?? tags[k] ?? '')}"]`);
  if (record.termination !== undefined && record.termination !== 'rules') lines.push(`[Termination "${record.termination}"]`);
  for (const [k, v] of Object.entries(tags)) {
    if ((SEVEN_TAGS as readonly string[]).includes(k) || k === 'Termination' || !/^[A-Za-z0-9_]+$/.test(k)) continue;
    lines.push(`[${k} "${escapeTag(v)}"]`);
  }
  if (moves.length > 0) {
    lines.push('');
    moves.forEach((m, i) => {
      lines.push(`${i + 1}. ${hive.formatMove(states[i] as (typeof states)[number], m)}`);
    });
  }
  if (ended !== null) lines.push('', stateName(ended, moves.length));
  return ok(`${lines.join('\n')}\n`);
}
