import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CliIo } from './io.ts';
import { UsageError } from './io.ts';

/**
 * The files a command reads and writes for the user: folders made one level at a time (Node's
 * recursive mkdir spins for ever under /proc), reads of bounded size from regular files only (a
 * record named /dev/zero is refused, not read for ever), paths shown as the user would type them,
 * and file errors in words instead of errno codes.
 */

/** Plenty for any record: a 10,000-move Hive game is about 150 KB. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

const REASONS: Record<string, string> = {
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EEXIST: 'it already exists',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many files are open',
};

/** "permission denied" for an errno error; the message itself for anything else. */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code && Object.hasOwn(REASONS, code)) return REASONS[code] as string;
  return e instanceof Error ? e.message.replace(/^\w+: /, '') : String(e);
}

/** A path as the user would type it: relative below the working folder, absolute elsewhere. */
export function displayPath(io: Pick<CliIo, 'cwd'>, file: string): string {
  const relative = path.relative(io.cwd, file);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** Makes `dir` and any missing parents, one level at a time; a failure names the folder and why. */
export function makeFolder(io: Pick<CliIo, 'cwd'>, dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const kind = statOrNull(at);
    if (kind) {
      if (!kind.isDirectory())
        throw new UsageError(`cannot make the folder ${displayPath(io, dir)}: ${displayPath(io, at)} is not a folder`);
      break;
    }
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const at of missing) {
    try {
      mkdirSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statOrNull(at)?.isDirectory()) continue;
      // mkdir says ENOENT where the file system takes no new folder at all (/proc, /sys).
      const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'this file system takes no new folder there' : fileProblem(e);
      throw new UsageError(`cannot make the folder ${displayPath(io, dir)}: ${why}`);
    }
  }
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** Reads a regular file of at most `limit` bytes as UTF-8; `what` names it in errors ("--resume"). */
export function readSmallFile(io: Pick<CliIo, 'cwd'>, file: string, what: string, limit = MAX_RECORD_BYTES): string {
  const where = path.resolve(io.cwd, file);
  let fd: number;
  try {
    fd = openSync(where, 'r');
  } catch (e) {
    throw new UsageError(`${what}: cannot read ${displayPath(io, where)}: ${fileProblem(e)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`${what}: ${displayPath(io, where)} is not a regular file`);
    if (stat.size > limit)
      throw new UsageError(`${what}: ${displayPath(io, where)} is ${stat.size} bytes, more than the ${limit} a record may be`);
    // Read in chunks up to limit + 1 bytes: a file that grows while read is refused, never read for ever.
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      size += n;
      if (size > limit) throw new UsageError(`${what}: ${displayPath(io, where)} is larger than the ${limit} bytes a record may be`);
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${what}: cannot read ${displayPath(io, where)}: ${fileProblem(e)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * A file-name stem from text such as a seed: safe characters only, and short (a 300-character seed
 * would pass the file system's name limit), with a hash of the whole so different long seeds differ.
 */
export function fileStem(text: string, max = 48): string {
  const safe = text.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '_');
  if (safe.length <= max) return safe;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return `${safe.slice(0, max)}-${hash}`;
}
