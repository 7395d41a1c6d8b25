import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEXARENA_BIN } from '../protocols/uhp/bridge.testing.ts';
import { Client, post, type ServerProcess, startServer } from './online.testing.ts';

/** Outside programs as the server's AI seats: only those the operator listed, and one that fails forfeits. */
let server: ServerProcess;
let dataDir: string;
const own = `uhp:"${process.execPath}" "${HEXARENA_BIN}" uhp --seed server`;
const ownGtp = `gtp:"${process.execPath}" "${HEXARENA_BIN}" gtp --level easy --seed server`;
const crashing = `uhp:"${process.execPath}" "${fileURLToPath(new URL('../protocols/uhp/fake-engine.testing.mjs', import.meta.url))}" crash`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hexarena-outside-'));
  server = await startServer(dataDir, { HEXARENA_OUTSIDE_SEATS: JSON.stringify([own, ownGtp, crashing]) });
});
afterAll(async () => {
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('outside engines as the server’s seats', () => {
  it('a listed UHP (Hive) or GTP (Hex) engine plays its seat in its game; an unlisted command is refused; an engine that crashes resigns its game', async () => {
    const refused = await post(server.base, '/api/games', { game: 'hive', seats: ['open', 'uhp:echo hello'], seat: 0 });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/^seat "uhp:echo hello" is neither "open" nor an AI of hive/);

    const created = await post(server.base, '/api/games', { game: 'hive', options: { type: 'Base' }, seats: ['open', own], seat: 0 });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const client = await Client.open(server.base, id);
    expect(await client.ask({ type: 'move', seat: 0, token: created.json.token, move: 'wS1', version: 0 })).toMatchObject({ ok: true });
    const reply = await client.next((m) => m.type === 'event' && (m.event as { version: number }).version === 2);
    expect(reply.event).toMatchObject({ kind: 'move', seat: 1, move: expect.stringMatching(/^b[A-Z]\d? /) });
    client.close();

    const doomed = await post(server.base, '/api/games', { game: 'hive', options: { type: 'Base' }, seats: ['open', crashing], seat: 0 });
    const watcher = await Client.open(server.base, doomed.json.id as string);
    expect(await watcher.ask({ type: 'move', seat: 0, token: doomed.json.token, move: 'wS1', version: 0 })).toMatchObject({ ok: true });
    const end = await watcher.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(end.event).toMatchObject({ termination: 'resignation', result: { kind: 'win', winner: 0 } });
    watcher.close();

    // A GTP engine plays Hex only: listed, it is a Hex seat, and refused as a Hive one.
    const wrongGame = await post(server.base, '/api/games', { game: 'hive', seats: ['open', ownGtp], seat: 0 });
    expect(wrongGame.json.error).toMatch(/is neither "open" nor an AI of hive/);
    const hexGame = await post(server.base, '/api/games', {
      game: 'hex',
      options: { size: 7, pie: true },
      seats: ['open', ownGtp],
      seat: 0,
    });
    expect(hexGame.status).toBe(201);
    const table = await Client.open(server.base, hexGame.json.id as string);
    expect(await table.ask({ type: 'move', seat: 0, token: hexGame.json.token, move: 'a7', version: 0 })).toMatchObject({ ok: true });
    const answer = await table.next((m) => m.type === 'event' && (m.event as { version: number }).version === 2);
    expect(answer.event).toMatchObject({ kind: 'move', seat: 1, move: expect.stringMatching(/^([a-g][1-7]|swap)$/) });
    table.close();

    // The operator takes an engine off the list: a game stored with it forfeits rather than start it.
    const stored = await post(server.base, '/api/games', { game: 'hive', options: { type: 'Base' }, seats: ['open', own], seat: 0 });
    const storedHex = await post(server.base, '/api/games', {
      game: 'hex',
      options: { size: 7, pie: true },
      seats: ['open', ownGtp],
      seat: 0,
    });
    await server.kill();
    server = await startServer(dataDir, { HEXARENA_OUTSIDE_SEATS: JSON.stringify([crashing]) });
    const left = await Client.open(server.base, stored.json.id as string);
    expect(await left.ask({ type: 'move', seat: 0, token: stored.json.token, move: 'wS1', version: 0 })).toMatchObject({ ok: true });
    const forfeited = await left.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(forfeited.event).toMatchObject({ termination: 'resignation', result: { kind: 'win', winner: 0 } });
    left.close();
    // A GTP seat taken off the list forfeits the same way: the stored name never starts a program.
    const leftHex = await Client.open(server.base, storedHex.json.id as string);
    expect(await leftHex.ask({ type: 'move', seat: 0, token: storedHex.json.token, move: 'a7', version: 0 })).toMatchObject({ ok: true });
    const forfeitedHex = await leftHex.next((m) => m.type === 'event' && (m.event as { kind: string }).kind === 'end');
    expect(forfeitedHex.event).toMatchObject({ termination: 'resignation', result: { kind: 'win', winner: 0 } });
    leftHex.close();
  });
});
