import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkRounds, nextRound } from '../../tournaments/swiss-check.ts';
import { formatPairings, pairRound } from '../../tournaments/swiss-dutch.ts';
import { parseTrf, type Tournament } from '../../tournaments/trf.ts';
import { displayPath, fileProblem, readSmallFile } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';

/**
 * `hexarena swiss pair FILE` and `hexarena swiss check FILE`: the FIDE Dutch system on a Tournament
 * Report File, as bbpPairings's `-p` and `-c` do it (the same output format, the same pairings).
 * A file that is not a TRF is refused with its line and column (exit 2); a round that cannot be
 * paired, or a recorded round the Dutch system would pair otherwise, fails (exit 1).
 */

export interface SwissPairFlags {
  readonly output?: string;
}

export interface SwissExportFlags {
  readonly output?: string;
  readonly server?: string;
}

function readTournament(io: CliIo, file: string): Tournament {
  const parsed = parseTrf(readSmallFile(io, file, 'swiss'));
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.message}`);
  return parsed.value;
}

/** Writes `text` to `flags.output` (relative to the working folder), saying so on stderr, or prints it. */
function writeOut(io: CliIo, text: string, output: string | undefined, said: (where: string) => string): void {
  if (output === undefined) {
    io.stdout(text);
    return;
  }
  const where = path.resolve(io.cwd, output);
  try {
    writeFileSync(where, text);
  } catch (e) {
    throw new Error(`cannot write ${displayPath(io, where)}: ${fileProblem(e)}`);
  }
  io.stderr(said(displayPath(io, where)));
}

/**
 * `hexarena swiss export ID`: a Swiss run on a hexarena server, as TRF through its complete rounds
 * (the server's /api/tournaments/ID/trf), for any outside tool (bbpPairings -c) to check.
 */
export async function swissExportCommand(io: CliIo, id: string, flags: SwissExportFlags): Promise<void> {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(id)) throw new UsageError(`"${id.slice(0, 40)}" is not a tournament's id`);
  const base = (flags.server ?? 'http://localhost:8080').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(base)) throw new UsageError(`--server: "${base}" is not an address such as http://localhost:8080`);
  let response: Response;
  try {
    response = await fetch(`${base}/api/tournaments/${id}/trf`);
  } catch (e) {
    throw new Error(`the server at ${base} cannot be reached (${e instanceof Error ? e.message : String(e)})`);
  }
  const text = await response.text();
  if (!response.ok) {
    let error = text;
    try {
      error = String((JSON.parse(text) as { error?: unknown }).error ?? text);
    } catch {}
    throw new Error(`${base}: tournament ${id}: ${error}`);
  }
  writeOut(io, text, flags.output, (where) => `tournament ${id} written as TRF to ${where}\n`);
}

export function swissPairCommand(io: CliIo, file: string, flags: SwissPairFlags): void {
  const t = readTournament(io, file);
  const round = nextRound(t);
  if (!round.ok) throw new UsageError(`${file}: ${round.error.message}`);
  const pairing = pairRound(t, round.value);
  if (!pairing.ok) throw new Error(`${file}: ${pairing.error.message}`);
  const text = formatPairings(pairing.value);
  writeOut(
    io,
    text,
    flags.output,
    (where) =>
      `round ${round.value}: ${pairing.value.pairs.length} pairs${pairing.value.bye === null ? '' : ' and a bye'} written to ${where}\n`,
  );
}

export function swissCheckCommand(io: CliIo, file: string): void {
  const t = readTournament(io, file);
  const checks = checkRounds(t);
  for (const c of checks) io.stdout(`round ${c.round}: ${c.difference ?? 'as the Dutch system pairs it'}\n`);
  const differ = checks.filter((c) => c.difference !== null).length;
  if (differ > 0) throw new Error(`${file}: ${differ} of ${checks.length} rounds differ from the Dutch system's pairing`);
  io.stdout(`${checks.length} of ${checks.length} rounds as the Dutch system pairs them\n`);
}
