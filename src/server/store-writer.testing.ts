import process from 'node:process';
import { SqliteStore } from './sqlite-store.ts';

/**
 * A stand-in for a server under load, for the SIGKILL test: it resumes three games from the store
 * in `argv[2]` and appends moves to them round-robin, printing "ack <game> <ply>" only once each
 * append has resolved (is durable). It runs until killed.
 */
const store = SqliteStore.inFolder(process.argv[2] as string);
const games = ['kill-a', 'kill-b', 'kill-c'];
const next = new Map<string, number>();
for (const id of games) {
  const found = await store.games.read(id);
  if (!found)
    await store.games.create({ id, game: 'test', options: {}, seed: id, seats: ['open', 'open'], clock: null, createdAt: Date.now() });
  next.set(id, found?.moves.length ?? 0);
}
for (let i = 0; ; i++) {
  const id = games[i % games.length] as string;
  const ply = next.get(id) as number;
  const refused = await store.games.append(id, { ply, move: `m${ply}`, at: Date.now() }, { deadline: Date.now() + 60_000, due: null });
  if (refused) throw new Error(`${id} ply ${ply}: ${refused}`);
  next.set(id, ply + 1);
  process.stdout.write(`ack ${id} ${ply}\n`);
}
