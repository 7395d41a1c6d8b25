import { beforeAll, describe, expect, it } from 'vitest';
import { PGN_MZINGA, SGF_BASE, SGF_BASE_MOVES } from '../protocols/hive-records/samples.testing.ts';
import { setCatalog } from './i18n/index.ts';
import en from './i18n/messages/en.ts';
import { readRecord } from './record-file.ts';

beforeAll(() => setCatalog('en', en));

describe('Open a record…', () => {
  it('opens a boardspace.net SGF and a Mzinga PGN as Hive games, and names a bad move', async () => {
    const sgf = await readRecord(new File([SGF_BASE], 'game.sgf'));
    expect(sgf.ok && sgf.value.moves).toEqual(SGF_BASE_MOVES);
    expect(sgf.ok && sgf.value.game).toBe('hive');
    const pgn = await readRecord(new File([PGN_MZINGA], 'game.PGN'));
    expect(pgn.ok && pgn.value.options).toMatchObject({ type: 'Base+M' });
    const bad = await readRecord(new File(['1. wS1\n2. wS2 wS1-\n'], 'bad.pgn'));
    expect(bad.ok || bad.error.message).toMatch(/^bad\.pgn: Ply 2 \(wS2 wS1-\): /);
  });
});
