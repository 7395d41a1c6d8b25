import { makeRecord } from '../engine/record.ts';
import type { Result } from '../engine/result.ts';
import { fail } from '../engine/result.ts';
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

/** Reads an uploaded record and checks it move by move; the error says what is wrong with it. */
export async function readRecord(file: File): Promise<Result<Setup>> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch (e) {
    return fail(`${file.name} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const setup = setupFromRecord(json);
  return setup.ok ? setup : fail(`${file.name}: ${setup.error.message}`);
}
