import { unwrap } from '@hexarena/engines/engine/result.ts';
import { pieceId, QUEEN } from '@hexarena/engines/games/hive/pieces.ts';
import { checkHiveLayout, earliestTurn, type HiveLayout } from '@hexarena/engines/games/hive/position-check.ts';
import { findGame } from '@hexarena/engines/games/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ru from '../i18n/messages/ru.ts';
import { rulesRefusal } from '../i18n/why.ts';

/**
 * What an editor shows of a position it cannot take (outcome.tsx: the refusal's words in the
 * player's language): the text editor's parse, and the Hive board editor's check of its layout.
 */
const refused = (game: string, text: string): string => {
  const parsed = unwrap(findGame(game)).parsePosition?.(text);
  return parsed === undefined || parsed.ok ? 'accepted' : rulesRefusal(parsed.error);
};

afterAll(() => setCatalog('en', en));

describe('a position the editor cannot take, in the player’s words', () => {
  it('says the notation’s refusal in Russian, with its plural forms', () => {
    setCatalog('ru', ru);
    expect(refused('hex', '5 b 5_2r_5_5_5')).toBe('В ряду 2 — 3 клетки, а в ряду доски 5×5 их 5.');
    expect(refused('hex', '5 b 5_2r2r2_5_5_5')).toBe('В ряду 2 — 8 клеток, а в ряду доски 5×5 их 5.');
    expect(refused('nonaga', 'r1 -2.-2 2rob_1oooo_booor_oooo_ro')).toBe('На поле 18 дисков, а в Nonaga играют 19 дисками.');
    expect(refused('hive', 'Base w3 wS3.0.0')).toBe('wS3 — нет такой фишки: у игрока пауков всего 2 (wS1, wS2).');
  });

  it('says a Hive GameString’s refusal, and the refusal of a move in it, in Russian and Spanish', () => {
    setCatalog('ru', ru);
    expect(refused('hive', 'Base;Playing;White[1]')).toBe(
      '«Playing» — не состояние партии: напишите одно из этих: NotStarted, InProgress, Draw, WhiteWins, BlackWins.',
    );
    setCatalog('es', es);
    expect(refused('hive', 'Base;InProgress;White[4];wS1;bG1 -wS1;wQ wS1/;bQ -bG1;wS1 bQ\\')).toBe(
      'Jugada 5 (wS1 bQ\\): No puedes mover esa ficha porque rompería la colmena.',
    );
  });

  it('says the Hive board editor’s check in Spanish, naming the bug as its rules do', () => {
    setCatalog('es', es);
    const pieces = [{ piece: pieceId(0, QUEEN), q: 0, r: 0 }];
    const layout: HiveLayout = { type: 'Base', tournament: true, turn: 1, turnNumber: earliestTurn(1, pieces), pieces, lastMoved: -1 };
    const problem = checkHiveLayout(layout);
    expect(problem && !problem.ok && rulesRefusal(problem.error)).toBe(
      'La única ficha de las blancas es su abeja reina, pero la regla de torneo no permite colocarla en el primer turno (escribe no-tournament para jugar sin ella).',
    );
  });
});
