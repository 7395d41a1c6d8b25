import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../i18n/catalog.ts';
import { setCatalog } from '../../i18n/index.ts';
import en from '../../i18n/messages/en.ts';
import es from '../../i18n/messages/es.ts';
import ja from '../../i18n/messages/ja.ts';
import ru from '../../i18n/messages/ru.ts';
import { nonagaMoveLabel, wayOf } from './move-label.ts';

beforeAll(() => setCatalog('en', en));

describe("Nonaga's move list in words a player reads", () => {
  it('writes a slide as its arrow and length, a disc as the legs of its way, no coordinates', () => {
    expect(nonagaMoveLabel('2,0>-1,0 1,1>3,-1')).toBe('←3, disc ↗2');
    expect(nonagaMoveLabel('-2,2>-1,2 -2,0>1,1')).toBe('→1, disc →3↘1');
    expect(nonagaMoveLabel('0,-2>0,1')).toBe('↘3');
    expect(nonagaMoveLabel('pass -2,2>3,-1')).toBe('pass, disc ↗3→2');
    expect(nonagaMoveLabel('2,0>1,0 pass')).toBe('←1, disc pass');
    for (const turn of ['2,0>-1,0 1,1>3,-1', '-2,2>-1,2 -2,0>1,1']) expect(nonagaMoveLabel(turn)).not.toMatch(/\d,-?\d/);
  });

  it('names every way by the two arrows round it, the longer leg first, as the board draws it (pointy, rows across)', () => {
    expect([wayOf(1, 0), wayOf(1, -1), wayOf(0, -1), wayOf(-1, 0), wayOf(-1, 1), wayOf(0, 1)]).toEqual([
      '→1',
      '↗1',
      '↖1',
      '←1',
      '↙1',
      '↘1',
    ]);
    expect(wayOf(2, -1)).toBe('→1↗1');
    expect(wayOf(3, -1)).toBe('→2↗1');
    expect(wayOf(1, -3)).toBe('↖2↗1');
    expect(wayOf(-3, 1)).toBe('←2↙1');
    expect(wayOf(0, 0)).toBe('');
  });

  it('leaves text it cannot read as it is', () => {
    expect(nonagaMoveLabel('nonsense')).toBe('nonsense');
  });
});

describe("Nonaga's move list in the player's language", () => {
  it('says disc and pass as Spanish, Russian and Japanese players do; the arrows stay', () => {
    const said = (locale: 'es' | 'ru' | 'ja', catalog: Catalog) => {
      setCatalog(locale, catalog);
      return [nonagaMoveLabel('2,0>-1,0 1,1>3,-1'), nonagaMoveLabel('pass -2,2>3,-1'), nonagaMoveLabel('2,0>1,0 pass')];
    };
    expect(said('es', es)).toEqual(['←3, disco ↗2', 'pasa, disco ↗3→2', '←1, disco pasa']);
    expect(said('ru', ru)).toEqual(['←3, диск ↗2', 'пас, диск ↗3→2', '←1, диск пас']);
    expect(said('ja', ja)).toEqual(['←3、ディスク ↗2', 'パス、ディスク ↗3→2', '←1、ディスク パス']);
    setCatalog('en', en);
  });
});
