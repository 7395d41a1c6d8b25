import { existsSync } from 'node:fs';
import path from 'node:path';
import { usernameKey } from '../../server/identity/usernames.ts';
import { SQLITE_FILE, SqliteStore } from '../../server/sqlite-store.ts';
import type { GameStore } from '../../server/store.ts';
import { displayPath } from '../files.ts';
import { type CliIo, UsageError } from '../io.ts';

/**
 * `hexarena admin`: the site's roles, from the command line only (docs/moderation.md). It opens the
 * store the server uses — PostgreSQL when `--db` or DATABASE_URL names it, else the SQLite file in
 * `--data` (./data) — as `hexarena serve` does, and may run while the server does. Every change is
 * in the moderators' audit log, by "the command line".
 */

export interface AdminFlags {
  readonly data?: string;
  readonly db?: string;
  readonly note?: string;
}

/** The server's store, which must exist already: an admin command never makes an empty one. */
async function openExisting(io: CliIo, flags: AdminFlags): Promise<GameStore> {
  const url = flags.db ?? process.env.DATABASE_URL;
  if (url !== undefined && url !== '') {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`--db: expected a postgres://… address, got "${url.slice(0, 80)}"`);
    const { PgStore } = await import('../../server/pg-store.ts');
    return PgStore.open(url, 2).catch((e: unknown) => {
      throw new UsageError(`--db: cannot open the PostgreSQL store: ${e instanceof Error ? e.message : String(e)}`);
    });
  }
  const dataDir = path.resolve(io.cwd, flags.data ?? 'data');
  if (!existsSync(path.join(dataDir, SQLITE_FILE)))
    throw new UsageError(`there is no server store in ${displayPath(io, dataDir)}: name the folder \`hexarena serve\` uses with --data`);
  return SqliteStore.inFolder(dataDir);
}

export async function adminCommand(io: CliIo, action: string, name: string | undefined, flags: AdminFlags): Promise<void> {
  const grant = action === 'grant-moderator';
  if (!grant && action !== 'revoke-moderator' && action !== 'list')
    throw new UsageError(`unknown admin action "${action.slice(0, 40)}": grant-moderator NAME, revoke-moderator NAME or list`);
  if (action !== 'list' && !name) throw new UsageError(`${action} needs the player's username`);
  if (action === 'list' && name) throw new UsageError('list takes no name');
  const store = await openExisting(io, flags);
  try {
    if (action === 'list') {
      const moderators = await store.moderation.withRole('moderator');
      if (moderators.length === 0) io.stdout('no moderators\n');
      for (const m of moderators) io.stdout(`${m.name}\tmoderator since ${new Date(m.since).toISOString()}\n`);
      return;
    }
    const account = await store.accounts.byKey(usernameKey(name as string));
    if (account?.kind !== 'player')
      throw new UsageError(`there is no player ${(name as string).slice(0, 64)} (a moderator is a player's account)`);
    const changed = await store.moderation.setRole(account.id, 'moderator', grant, {
      at: Date.now(),
      moderator: null,
      action,
      target: account.id,
      note: flags.note ?? 'from the command line',
    });
    if (grant) io.stdout(changed ? `${account.name} is a moderator now\n` : `${account.name} was a moderator already\n`);
    else io.stdout(changed ? `${account.name} is no longer a moderator\n` : `${account.name} was not a moderator\n`);
  } finally {
    await store.close();
  }
}
