import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGN_MZINGA, SGF_BASE, SGF_BASE_MOVES } from '../../protocols/hive-records/samples.testing.ts';
import { main } from '../main.ts';
import { captureIo, scratchFolder } from '../testing.ts';

describe('hexarena import', () => {
  it('prints an SGF as a record, notes on stderr; --pgn prints PGN; a bad move is named', async () => {
    const dir = scratchFolder();
    writeFileSync(path.join(dir, 'game.sgf'), SGF_BASE);
    writeFileSync(path.join(dir, 'game.pgn'), PGN_MZINGA);
    writeFileSync(path.join(dir, 'bad.pgn'), '1. wS1\n2. wS2 wS1-\n');
    const sgf = captureIo(dir);
    expect(await main(['import', 'game.sgf'], sgf.io)).toBe(0);
    expect(JSON.parse(sgf.out()).moves).toEqual(SGF_BASE_MOVES);
    expect(sgf.err()).toContain('note: 1 pass');
    const pgn = captureIo(dir);
    expect(await main(['import', 'game.pgn', '--pgn'], pgn.io)).toBe(0);
    expect(pgn.out()).toBe(PGN_MZINGA);
    const bad = captureIo(dir);
    expect(await main(['import', 'bad.pgn'], bad.io)).not.toBe(0);
    expect(bad.err()).toMatch(/bad\.pgn: ply 2 \(wS2 wS1-\): It's Black's turn/);
  });
});
