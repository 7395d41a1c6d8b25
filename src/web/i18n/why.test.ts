import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RulesRefusal } from '@hexarena/engines/engine/refusal.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.ts';
import { setCatalog } from './index.ts';
import en from './messages/en.ts';
import es from './messages/es.ts';
import ja from './messages/ja.ts';
import ru from './messages/ru.ts';
import { rulesRefusal, WHY_KEYS } from './why.ts';

const ENGINES_DIR = fileURLToPath(new URL('../../../packages/engines/src/', import.meta.url));
/** The importers of other programs' Hive records (SGF, PGN), which refuse a file by code too (`import.*`). */
const IMPORTERS_DIR = fileURLToPath(new URL('../../protocols/hive-records/', import.meta.url));

/**
 * Every code the engines refuse with: `refuse('hive.queenFirst', …)` in the games' sources, and
 * `new RulesRefusal(…, { code: 'rules.replay' …` in the games' and the engine's (the replay).
 */
function engineCodes(): string[] {
  const files = [...['games', 'engine'].map((dir) => path.join(ENGINES_DIR, dir)), IMPORTERS_DIR].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !/\.test\.ts$|\.testing\.ts$/.test(f))
      .map((f) => path.join(dir, f)),
  );
  const codes = files.flatMap((f) =>
    [...readFileSync(f, 'utf8').matchAll(/\brefuse\(\s*'([^']+)'|\bnew RulesRefusal\([^,]+,\s*\{\s*code:\s*'([^']+)'/g)].map(
      (m) => (m[1] ?? m[2]) as string,
    ),
  );
  return [...new Set(codes)].sort();
}

/** Values of the right kinds for every placeholder a refusal's words may name. */
const SAMPLE = {
  text: 'zz',
  piece: 'wS1',
  next: 'wS1',
  type: 'Base',
  turn: 'white',
  bug: 'Q',
  cell: 'c3',
  side: 'red',
  size: 11,
  mark: 'X',
  last: 29,
  from: 3,
  to: 17,
  rules: 'classic',
  verb: 'attack',
  // The positions' refusals (`<game>.position.*`).
  min: 5,
  max: 19,
  rows: 4,
  row: 2,
  cells: 3,
  red: 2,
  blue: 1,
  corner: '-2.-2',
  limit: 24,
  discs: 18,
  total: 19,
  tokens: 2,
  marks: 2,
  number: 301,
  pieces: 7,
  turns: 5,
  words: 70,
  letter: 'Z',
  name: 'wQ',
  count: 3,
  names: 'wA1, wA2, wA3',
  other: '1,0',
  height: 8,
  mosquito: 'yes',
  under: 'bQ',
  over: 'bB1',
  color: 'black',
  // A replay's refusal (`rules.replay`): the move's, and the refusal of it it wraps.
  unit: 'turn',
  move: 'wQ -bS1',
  reason: 'zz reason',
  // The GameString's (`hive.gameString.*`).
  states: 'NotStarted, InProgress',
  // A game's options refused (`options.*`).
  game: 'Hive',
  // A JSON object in life: without its braces here, which the check would take for a placeholder left unsaid.
  example: '"size":11',
  known: 'size, pie',
  choices: 'red, black, random',
  // A record's shape and result (`record.*`): its fields as written, seats as the game names them.
  terminations: 'rules, resignation',
  expected: 'hive',
  title: 'Hex',
  version: 2,
  current: 3,
  stated: 'win',
  statedSeat: 'X',
  ended: 'draw',
  endedSeat: '',
  winner: 4,
  seat: 5,
  termination: 'resignation',
  // Another program's record imported (`import.*`): where in the file, as a ply, a line or a character.
  ply: 7,
  line: 3,
  due: 4,
  at: 120,
  property: 'P0',
  source: 'P0 Move W wQ Q 14 .',
  players: 3,
};

afterAll(() => setCatalog('en', en));

describe('the rules’ refusals in the players’ languages', () => {
  it('every code the engines give has its words, and no words wait for a code that is gone', () => {
    expect(engineCodes().length).toBeGreaterThan(50);
    expect(WHY_KEYS.map((k) => k.slice('game.why.'.length)).sort()).toEqual(engineCodes());
  });

  it.each([
    ['en', en],
    ['es', es],
    ['ru', ru],
    ['ja', ja],
  ] as const)('%s says every refusal, each value in place', (locale, catalog: Catalog) => {
    setCatalog(locale, catalog);
    for (const key of WHY_KEYS) {
      const text = rulesRefusal(new RulesRefusal('English', { code: key.slice('game.why.'.length), values: SAMPLE }));
      expect(text, key).not.toBe('English');
      expect(text, key).not.toMatch(/[{}]/);
      for (const name of Object.keys(SAMPLE))
        if (en[key].includes(`{${name}}`)) expect(text, `${key}: ${name}`).toContain(String(SAMPLE[name as keyof typeof SAMPLE]));
    }
  });

  it('an error without a code, or with one the app does not word, keeps the engines’ English', () => {
    setCatalog('es', es);
    expect(rulesRefusal(new Error('unknown game "x"'))).toBe('unknown game "x"');
    expect(rulesRefusal(new RulesRefusal('a new rule', { code: 'hive.newRule' }))).toBe('a new rule');
  });
});
