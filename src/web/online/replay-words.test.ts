import type { Json } from '@hexarena/engines/engine/game.ts';
import { ok } from '@hexarena/engines/engine/result.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../i18n/catalog.ts';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ru from '../i18n/messages/ru.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { followGame } from './model.ts';
import { shown } from './page.tsx';
import type { PublicGame } from './protocol.ts';

afterAll(() => setCatalog('en', en));

const start = tictactoe.newGame({}, '');
const first = tictactoe.formatMove(start, tictactoe.legalMoves(start)[0] as never);
/** A game as a server that went wrong might send it: its second move plays the first one's cell again. */
const broken = (game = 'tictactoe'): PublicGame => ({
  id: 'g1',
  game,
  options: {} as Json,
  seats: [],
  version: 2,
  moves: [first, first],
  ending: null,
  clock: null,
  view: tictactoe.view(start, null),
  start: tictactoe.view(start, null),
  toMove: 0,
  legalMoves: [],
  now: 0,
});

describe("an online game the page cannot replay, in the player's language", () => {
  it('the replay is refused by code (rules.replay, its cause the move’s own refusal), not in English words', () => {
    const followed = followGame(tictactoe, broken(), 0);
    expect(followed.ok).toBe(false);
    if (followed.ok) return;
    setCatalog('ru', ru as Catalog);
    const said = rulesRefusal(followed.error);
    expect(said).toMatch(/^Ход 2 \(/);
    expect(said).not.toMatch(/move|holds|already/i);
  });

  it('the page opened on it says why in Spanish; a game this app does not know is named by its id', () => {
    setCatalog('es', es as Catalog);
    const page = shown(ok(broken()));
    expect(page.ok).toBe(false);
    if (page.ok) return;
    expect(page.error).toMatch(/^esta página no puede mostrarla \(Jugada 2 \(/);
    expect(page.error).not.toMatch(/\b(move|server|holds)\b/i);
    const unknown = shown(ok(broken('chess')));
    expect(unknown.ok ? null : unknown.error).toBe('esta página no puede mostrarla (chess)');
  });
});
