import { afterAll, describe, expect, it } from 'vitest';
import { webGameOf } from '../games/index.ts';
import type { WebGame } from '../games/web-game.tsx';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ru from '../i18n/messages/ru.ts';
import { parseAnalysis } from './address.ts';
import { pastedAnalysis } from './open.tsx';

/**
 * What the analysis board says of text pasted into "Analyse another game or position" that it cannot
 * read, and of an address it cannot open: the catalog's words in the player's language, the
 * notation (moves, GameString fields) as written.
 */
const refused = (game: string, text: string): string => {
  const pasted = pastedAnalysis(webGameOf(game) as WebGame, text);
  return pasted.ok ? 'accepted' : pasted.error.message;
};
const unopened = (address: string): string => {
  const opened = parseAnalysis(address);
  return opened.ok ? 'opened' : opened.error.message;
};

afterAll(() => setCatalog('en', en));

describe('text pasted into the analysis board, refused in the player’s words', () => {
  it('a Hive GameString in Spanish: its fields, and a move its rules refuse, once', () => {
    setCatalog('es', es);
    expect(refused('hive', 'Base;Playing;White[1]')).toBe(
      'como un GameString: «Playing» no es un estado de partida: escribe uno de estos: NotStarted, InProgress, Draw, WhiteWins, BlackWins',
    );
    expect(refused('hive', 'Base;InProgress;White[2];wS1;bG1 -wS1;wQ -bG1')).toBe(
      'como un GameString: Jugada 3 (wQ -bG1): No puedes colocar una ficha nueva junto a una ficha del rival',
    );
    expect(refused('hive', 'Base;InProgress')).toMatch(/^como un GameString: Un GameString se escribe GameType;State;Turn;jugada1;… /);
  });

  it('a Hive GameString in Russian, and Hex moves one a line', () => {
    setCatalog('ru', ru);
    expect(refused('hive', 'Base;InProgress;Red[2];wS1')).toBe(
      'GameString: «Red[2]» — не ход: напишите White или Black и номер хода в квадратных скобках, например White[1] или Black[12]',
    );
    expect(refused('hive', 'Base;InProgress;White[4];wS1;bG1 -wS1;wQ wS1/;bQ -bG1;wS1 bQ\\')).toBe(
      'GameString: Ход 5 (wS1 bQ\\): Эту фишку нельзя двигать: улей распадётся',
    );
    expect(refused('hex', 'a1\na1')).toMatch(/; ходы: Ход 2 \(a1\): На a1 уже стоит красный камень$/);
  });

  it('says the same in English as the engines do, but as sentences', () => {
    setCatalog('en', en);
    expect(refused('hive', 'Base;InProgress;White[2];wS1;bG1 -wS1;wQ -bG1')).toBe(
      'as a GameString: Move 3 (wQ -bG1): You can’t place a new piece next to one of your opponent’s pieces',
    );
  });
});

describe('an analysis address the board cannot open, in the player’s words', () => {
  it('in Spanish: an unknown game, a game with no position notation, broken options and a broken tree', () => {
    setCatalog('es', es);
    expect(unopened('#analysis&game=chess')).toBe('aquí no hay ningún juego «chess»');
    expect(unopened('#analysis&game=tictactoe&position=x')).toBe('Tic-tac-toe no tiene notación de posiciones desde la que empezar');
    expect(unopened('#analysis&game=hive&options=%7B')).toBe('las opciones de la dirección no son JSON: {');
    expect(unopened('#analysis&game=hive&tree=(wS1')).toBe('una variante del análisis debe seguir a una jugada');
  });

  it('in Russian: a side line left open, too many moves', () => {
    setCatalog('ru', ru);
    expect(unopened('#analysis&game=hive&tree=wS1;(bG1')).toBe('анализ оставляет вариант незакрытым');
    expect(unopened(`#analysis&game=hive&tree=${'wS1;'.repeat(3)}x)`)).toBe('анализ закрывает вариант, который не открывал');
  });
});
