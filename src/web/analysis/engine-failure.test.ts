import { replayFrom } from '@hexarena/engines/engine/replay.ts';
import { tictactoe } from '@hexarena/engines/games/tictactoe/index.ts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../i18n/catalog.ts';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import es from '../i18n/messages/es.ts';
import ja from '../i18n/messages/ja.ts';
import ru from '../i18n/messages/ru.ts';
import { aiFailure } from '../use-game.ts';
import { errorOf, failureOf } from '../worker-failure.ts';
import { failureWords } from '../worker-failure-words.ts';

afterAll(() => setCatalog('en', en));

/** What the page receives of an error the worker posts: a structured clone, as postMessage makes. */
const posted = (e: unknown) => errorOf(structuredClone(failureOf(e)));

describe("the analysis engine's failure, said on the page in the player's language", () => {
  it('a move its replay refuses: the code and its cause cross from the worker and are worded', () => {
    const start = tictactoe.newGame({}, '');
    const first = tictactoe.formatMove(start, tictactoe.legalMoves(start)[0] as never);
    const { refusal } = replayFrom(tictactoe, start, [first, first]);
    expect(refusal).not.toBeNull();
    setCatalog('ru', ru as Catalog);
    const said = failureWords(posted(refusal));
    expect(said).toMatch(/^Ход 2 \(/);
    // The cause in Russian too, not the engines' English.
    expect(said).not.toMatch(/[A-Za-z]{3}/);
  });

  it('an error of its own, with no code: the catalog’s words, the English left to the console', () => {
    setCatalog('ja', ja as Catalog);
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    expect(failureWords(posted(new RangeError('Maximum call stack size exceeded')))).toBe('エンジン内部でエラーが発生しました');
    expect(console).toHaveBeenCalledWith(expect.stringContaining('Maximum call stack'));
    console.mockRestore();
  });

  it('a game’s AI seat that could not move: the seat, its level and why, in Spanish', () => {
    setCatalog('es', es as Catalog);
    const start = tictactoe.newGame({}, '');
    const first = tictactoe.formatMove(start, tictactoe.legalMoves(start)[0] as never);
    const { refusal } = replayFrom(tictactoe, start, [first, first]);
    expect(aiFailure('X', 'random', posted(refusal))).toMatch(/^X \(al azar\): no se pudo hacer la jugada: Jugada 2 \(/);
  });
});
