import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import type { TournamentPairing } from './api.ts';
import { TablesOfRound } from './tables-of-round.tsx';

afterAll(() => setCatalog('en', en));

const table = (over: Partial<TournamentPairing>): TournamentPairing => ({
  round: 1,
  board: 1,
  white: 'Ann',
  black: 'Bob',
  others: ['Cid', 'Dee'],
  game: 'g1',
  result: null,
  ...over,
});

/** Each row's cells as text. */
const rows = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)]
    .slice(1)
    .map((m) => [...(m[1] as string).matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => (c[1] as string).replace(/<[^>]+>/g, '')));

describe("an arena's tables of more than two", () => {
  it('lists each table’s players in seat order, and its winner by name, drawn, or still playing; your table marked', () => {
    setCatalog('en', en);
    const games = [
      table({ result: 'table', winner: 2 }),
      table({ board: 2, white: 'Eve', black: 'Fay', others: ['Gus', 'Hal'], game: 'g2', result: 'draw' }),
      table({ board: 3, white: 'Ivy', black: 'Jon', others: ['Kim', 'Lee'], game: 'g3' }),
    ];
    const html = renderToString(h(TablesOfRound, { caption: 'Wave 1', games, mine: (p) => p.board === 3 }));
    expect(html).toContain('<caption>Wave 1</caption>');
    expect(rows(html)).toEqual([
      ['Ann, Bob, Cid, Dee', 'Cid', 'Game'],
      ['Eve, Fay, Gus, Hal', 'drawn', 'Game'],
      ['Ivy, Jon, Kim, Lee', 'playing', 'Game'],
    ]);
    expect(html).toMatch(/<tr class="you"><td>Ivy/);
  });

  it('in the player’s language', () => {
    setCatalog('es', es);
    const html = renderToString(h(TablesOfRound, { caption: 'Oleada 1', games: [table({ result: 'draw' })], mine: () => false }));
    expect(html).toContain('Jugadores');
    expect(html).toContain('Ganador');
    expect(rows(html)[0]?.[1]).toBe('empate');
  });
});
