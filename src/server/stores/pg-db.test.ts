import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prepareRepeated } from './pg-db.ts';
import { repeatedName, repeatedStatement } from './sql.ts';

describe('prepareRepeated', () => {
  it('sends a repeated text as a named statement, the same name every time, and any other query as it came', () => {
    const pool = new EventEmitter();
    prepareRepeated(pool as unknown as pg.Pool);
    const sent: unknown[][] = [];
    const client = { query: (...args: unknown[]) => sent.push(args) };
    pool.emit('connect', client);
    const text = repeatedStatement('SELECT $1::int AS test_repeated');
    const name = repeatedName(text);
    expect(name).toMatch(/^hexarena_\d+$/);
    expect(repeatedStatement(text)).toBe(text);
    expect(repeatedName(text)).toBe(name);
    client.query(text, [1]);
    client.query(text, [2]);
    client.query('SELECT $1::int AS once', [3]);
    client.query('BEGIN');
    expect(sent).toEqual([[{ name, text, values: [1] }], [{ name, text, values: [2] }], ['SELECT $1::int AS once', [3]], ['BEGIN']]);
    expect(repeatedName('SELECT $1::int AS once')).toBeUndefined();
  });
});
