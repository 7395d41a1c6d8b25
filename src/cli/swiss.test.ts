import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BBP_MISSING, BBP_PAIRINGS, checkTournament } from '../../scripts/bbp-pairings.ts';

/**
 * `hexarena swiss pair` and `swiss check` as a user runs them: the compiled command line
 * (`node scripts/build-cli.mjs` first), on the Dutch fixtures bbpPairings paired.
 */
const bin = fileURLToPath(new URL('../../bin/hexarena.js', import.meta.url));
const fixtures = fileURLToPath(new URL('../tournaments/fixtures/dutch/', import.meta.url));
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hexarena-swiss-'));
  temps.push(dir);
  return dir;
};

async function hexarena(cwd: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...argv], { cwd, encoding: 'utf8' });
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}

/** A fixture with `XXR` one past its rounds, as a file to pair the next round of. */
async function nextRoundFile(dir: string, name: string, rounds: number): Promise<string> {
  const file = path.join(dir, `${name}.trf`);
  await writeFile(file, `${(await readFile(path.join(fixtures, `${name}.trf`), 'utf8')).trimEnd()}\nXXR ${rounds + 1}\n`);
  return file;
}

describe('hexarena swiss', () => {
  it('pair prints the next round as bbpPairings writes it; --output writes the same to a file', async () => {
    const dir = await tempDir();
    const file = await nextRoundFile(dir, 'p13-r6-byes', 6);
    const expected = await readFile(path.join(fixtures, 'p13-r6-byes.next.txt'), 'utf8');
    const printed = await hexarena(dir, 'swiss', 'pair', file);
    expect(printed).toMatchObject({ code: 0, out: expected });
    const written = await hexarena(dir, 'swiss', 'pair', file, '--output', 'round7.txt');
    expect(written.code).toBe(0);
    expect(written.out).toBe('');
    expect(written.err).toMatch(/^round 7: \d+ pairs and a bye written to round7\.txt\n$/);
    expect(await readFile(path.join(dir, 'round7.txt'), 'utf8')).toBe(expected);
  });

  it('check says each round is as the Dutch system pairs it; a changed round fails (exit 1) and says how', async () => {
    const dir = await tempDir();
    const ok = await hexarena(dir, 'swiss', 'check', path.join(fixtures, 'p10-r5.trf'));
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('round 3: as the Dutch system pairs it\n');
    expect(ok.out).toMatch(/5 of 5 rounds as the Dutch system pairs them\n$/);
    // Swap the colours of one round-5 game: the pairs stay, the colours are not the Dutch system's.
    const lines = (await readFile(path.join(fixtures, 'p10-r5.trf'), 'utf8')).split('\n');
    const at = 89 + 4 * 10; // round 5's entry: two blanks, the opponent, a blank, the colour
    const rankOf = (l: string): number => (l.startsWith('001') ? Number(l.slice(4, 8)) : 0);
    const opponent = Number((lines.find((l) => rankOf(l) === 1) as string).slice(at + 2, at + 6));
    const flip = (l: string): string => l.slice(0, at + 7) + (l[at + 7] === 'w' ? 'b' : 'w') + l.slice(at + 8);
    const fixed = lines.map((l) => (rankOf(l) === 1 || rankOf(l) === opponent ? flip(l) : l));
    await writeFile(path.join(dir, 'swapped.trf'), fixed.join('\n'));
    const bad = await hexarena(dir, 'swiss', 'check', 'swapped.trf');
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/^round 5: the file has \S+; the Dutch system pairs \S+/m);
    expect(bad.err).toBe("hexarena: swapped.trf: 1 of 5 rounds differ from the Dutch system's pairing\n");
  });

  it('a file that is not a TRF is refused with its line and column (exit 2); a missing one in words', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'short.trf'), '012 A tournament\n001    1      X\n');
    const short = await hexarena(dir, 'swiss', 'pair', 'short.trf');
    expect(short).toMatchObject({ code: 2, out: '' });
    expect(short.err).toBe('hexarena: short.trf: line 2, column 16: a player line is at least 84 characters long\n');
    const missing = await hexarena(dir, 'swiss', 'check', 'none.trf');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('hexarena: swiss: cannot read none.trf: it does not exist\n');
  });

  it('a tournament whose XXR rounds are all paired, or with no XXR, has no next round to pair (exit 2)', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'done.trf');
    await writeFile(file, `${(await readFile(path.join(fixtures, 'p7-r4.trf'), 'utf8')).trimEnd()}\nXXR 4\n`);
    const r = await hexarena(dir, 'swiss', 'pair', 'done.trf');
    expect(r).toMatchObject({ code: 2, out: '', err: 'hexarena: done.trf: all 4 rounds (XXR) are paired already\n' });
    const unsaid = await hexarena(dir, 'swiss', 'pair', path.join(fixtures, 'p7-r4.trf'));
    expect(unsaid.code).toBe(2);
    expect(unsaid.err).toMatch(/p7-r4\.trf: the file does not say how many rounds the tournament has \(an XXR line\)\n$/);
  });
});

describe.skipIf(BBP_PAIRINGS === null)(`swiss pair beside bbpPairings${BBP_PAIRINGS === null ? ` — ${BBP_MISSING}` : ''}`, () => {
  it('a round hexarena pairs, played and written back, passes the tool’s check (-c)', async () => {
    const dir = await tempDir();
    const file = await nextRoundFile(dir, 'p16-r7-forfeits', 7);
    const r = await hexarena(dir, 'swiss', 'pair', file);
    expect(r.code).toBe(0);
    const pairs = r.out
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(' ').map(Number) as [number, number]);
    // Play the round: white wins each game; the bye scores its point.
    const entries = new Map<number, string>();
    for (const [white, black] of pairs) {
      if (black === 0) entries.set(white, '  0000 - U');
      else {
        entries.set(white, `  ${String(black).padStart(4)} w 1`);
        entries.set(black, `  ${String(white).padStart(4)} b 0`);
      }
    }
    const played = (await readFile(file, 'utf8')).split('\n').map((l) => {
      if (!l.startsWith('001')) return l;
      const rank = Number(l.slice(4, 8));
      const entry = entries.get(rank) ?? '';
      const gained = entry.endsWith('1') || entry.endsWith('U') ? 1 : 0;
      const points = (Number(l.slice(80, 84)) + gained).toFixed(1).padStart(4);
      return `${l.slice(0, 80)}${points}${l
        .slice(84)
        .trimEnd()
        .padEnd(89 - 84 + 7 * 10)}${entry}`;
    });
    const check = checkTournament(played.join('\n'));
    expect(check.ok, check.output).toBe(true);
  });
});
