import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../sqlite-store.ts';

/** The query builder's schema (schema.ts, and the tournaments' tables in schema-tournaments.ts) read as text: each table's interface and its columns. */
function declared(): Record<string, string[]> {
  const text = ['./schema.ts', './schema-tournaments.ts']
    .map((file) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8'))
    .join('\n');
  const interfaces = new Map<string, [string, string][]>();
  for (const m of text.matchAll(/export interface (\w+) \{([^}]*)\}/g))
    interfaces.set(
      m[1] as string,
      [...(m[2] as string).matchAll(/^\s+(\w+): ([^;]+);/gm)].map((c) => [c[1] as string, c[2] as string]),
    );
  const tables: Record<string, string[]> = {};
  for (const [table, type] of interfaces.get('Database') ?? []) tables[table] = (interfaces.get(type) ?? []).map(([column]) => column);
  return tables;
}

describe('the typed schema', () => {
  it('has every table and column the migrations make, and no other', async () => {
    // A migrated file, read back by SQLite itself.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'hexarena-schema-')), 'schema.sqlite');
    await new SqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    const made: Record<string, string[]> = {};
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'").all() as {
      name: string;
    }[])
      made[name] = (db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]).map((c) => c.name);
    db.close();
    expect(declared()).toEqual(made);
  });
});
