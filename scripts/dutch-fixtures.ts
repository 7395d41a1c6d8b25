import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTournament, pairNextRound } from './bbp-pairings.ts';

/**
 * Writes the Dutch system's fixtures (src/tournaments/fixtures/dutch/): tournaments of bbpPairings's
 * random generator (rates are one in N) — its own pairing of every round — and, beside each, the tool's pairing of one
 * more round (`-p`, with `XXR` one past the rounds played), so the suite checks hexarena's Dutch
 * pairing without the tool. Run again only to change the set: `tsx scripts/dutch-fixtures.ts`.
 */
export const DUTCH_FIXTURES: readonly { name: string; seed: number; config: Record<string, number> }[] = [
  { name: 'p7-r4', seed: 7, config: { PlayersNumber: 7, RoundsNumber: 4 } },
  { name: 'p10-r5', seed: 10, config: { PlayersNumber: 10, RoundsNumber: 5 } },
  { name: 'p13-r6-byes', seed: 13, config: { PlayersNumber: 13, RoundsNumber: 6, HalfPointByeRate: 8 } },
  { name: 'p16-r7-forfeits', seed: 16, config: { PlayersNumber: 16, RoundsNumber: 7, ForfeitRate: 6 } },
  { name: 'p19-r7-retired', seed: 19, config: { PlayersNumber: 19, RoundsNumber: 7, RetiredRate: 30 } },
  { name: 'p22-r8', seed: 22, config: { PlayersNumber: 22, RoundsNumber: 8, DrawPercentage: 40 } },
  { name: 'p25-r7-3-1-0', seed: 25, config: { PlayersNumber: 25, RoundsNumber: 7, PointsForWin: 3, PointsForDraw: 1, PointsForPAB: 3 } },
  { name: 'p30-r9', seed: 30, config: { PlayersNumber: 30, RoundsNumber: 9 } },
  { name: 'p35-r6-byes', seed: 35, config: { PlayersNumber: 35, RoundsNumber: 6, HalfPointByeRate: 15, ForfeitRate: 15, RetiredRate: 60 } },
  { name: 'p41-r8', seed: 41, config: { PlayersNumber: 41, RoundsNumber: 8 } },
];

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'tournaments', 'fixtures', 'dutch');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(FIXTURES_DIR, { recursive: true });
  for (const f of DUTCH_FIXTURES) {
    const trf = generateTournament(f.seed, f.config).replace(/\r\n?/g, '\n');
    const rounds = f.config.RoundsNumber as number;
    const next = pairNextRound(`${trf.trimEnd()}\nXXR ${rounds + 1}\n`);
    writeFileSync(path.join(FIXTURES_DIR, `${f.name}.trf`), trf);
    if (next.pairs === null) console.log(`${f.name}: no next round (${next.output})`);
    else
      writeFileSync(
        path.join(FIXTURES_DIR, `${f.name}.next.txt`),
        `${next.pairs.length}\n${next.pairs.map((p) => `${p[0]} ${p[1]}\n`).join('')}`,
      );
    console.log(`${f.name}: written`);
  }
}
