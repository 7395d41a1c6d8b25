import type { NewTournament } from './store.ts';

/** A Swiss of tic-tac-toe for tests ("Cup <id>", three rounds, a minute's clock), `over` changed. */
export const newTournament = (id: string, over: Partial<NewTournament> = {}): NewTournament => ({
  id,
  kind: 'swiss',
  name: `Cup ${id}`,
  game: 'tictactoe',
  options: {},
  clock: { initialMs: 60_000, incrementMs: 0 },
  rated: false,
  organiser: 'org',
  organiserName: 'Org',
  startsAt: 1_000,
  rounds: 3,
  durationMs: null,
  settings: { byePoints: 1 },
  createdAt: 10,
  ...over,
});
