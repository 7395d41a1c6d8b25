import { makeRecord } from '@hexarena/engines/engine/record.ts';
import type { Result } from '@hexarena/engines/engine/result.ts';
import { fail } from '@hexarena/engines/engine/result.ts';
import { importHiveRecord } from '../protocols/hive-records/index.ts';
import { t } from './i18n/index.ts';
import { rulesRefusal } from './i18n/why.ts';
import { type Setup, setupFromRecord } from './setup.ts';
import type { GameSession } from './use-game.ts';

/** Saves the game as a JSON record (options, seed, moves, result, players): the file upload reads back. */
export function downloadRecord<S, M, O>(session: GameSession<S, M, O>): void {
  const { game, options, setup, moves, outcome } = session;
  const record = makeRecord(game, options, setup.seed, moves, outcome, {
    players: setup.seats,
    ...(session.resigned !== undefined ? { termination: 'resignation' as const } : {}),
  });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: 'application/json' }));
  a.download = `${game.id}-${setup.seed}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * Reads an uploaded record and checks it move by move; the error says what is wrong with it. A Hive
 * game from another program (boardspace.net SGF, Mzinga or hivegame.com PGN) is imported first.
 */
export async function readRecord(file: File): Promise<Result<Setup>> {
  const text = await file.text();
  let json: unknown;
  if (/\.(sgf|pgn)$/i.test(file.name)) {
    const imported = importHiveRecord(text, file.name);
    if (!imported.ok) return fail(t('record.refused', { file: file.name, problem: rulesRefusal(imported.error) }));
    json = imported.value.record;
  } else {
    try {
      json = JSON.parse(text);
    } catch {
      return fail(t('record.notJson', { file: file.name }));
    }
  }
  const setup = setupFromRecord(json);
  // The record's shape, game, options and result, and a move the rules refuse: said by code in the player's language.
  return setup.ok ? setup : fail(t('record.refused', { file: file.name, problem: rulesRefusal(setup.error) }));
}
