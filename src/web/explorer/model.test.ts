import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExplorerAnswer, parseExplorerAnswer } from '@hexarena/engines/protocol/index.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog } from '../i18n/index.ts';
import en from '../i18n/messages/en.ts';
import ru from '../i18n/messages/ru.ts';
import { emptyMessage, explore, explorerPath, explorerRows, percentages, readExplorer } from './model.ts';

// The words are the English catalog's, as an English browser reads them.
beforeAll(() => setCatalog('en', en));

const answer: ExplorerAnswer = {
  game: 'hive',
  variant: 'hive',
  position: 'e0be78c78709f524:1',
  plies: 1,
  limit: 30,
  games: 4,
  wins: [2, 1],
  draws: 1,
  moves: [
    { move: 'bS1 wS1-', games: 3, wins: [1, 1], draws: 1 },
    { move: 'bG1 wS1-', games: 1, wins: [1, 0], draws: 0 },
  ],
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the opening explorer in the browser', () => {
  it('asks for the position by its moves, separated by ;', () => {
    expect(explorerPath('hive', ['wS1', 'bS1 wS1-'])).toBe('/api/explorer/hive?moves=wS1%3BbS1+wS1-');
    expect(explorerPath('hive', [], { type: 'Base' })).toBe('/api/explorer/hive?moves=&options=%7B%22type%22%3A%22Base%22%7D');
  });

  it('rows: each move’s share of the games and its results, as a bar and in words', () => {
    expect(explorerRows(answer, ['White', 'Black'])).toEqual([
      { move: 'bS1 wS1-', games: 3, share: 75, bar: [34, 33, 33], text: 'White won 34%, 33% drawn, Black won 33%' },
      { move: 'bG1 wS1-', games: 1, share: 25, bar: [100, 0, 0], text: 'White won 100%, 0% drawn, Black won 0%' },
    ]);
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentages([2, 0, 1])).toEqual([67, 0, 33]);
  });

  it('tells an answer, the server’s refusal, and no server at all apart', async () => {
    expect(await readExplorer(json(answer))).toEqual({ kind: 'answer', answer });
    expect(await readExplorer(json({ error: 'move 2 (zz): no such cell' }, 400))).toEqual({
      kind: 'error',
      message: 'move 2 (zz): no such cell',
    });
    // A static host answers with its page: no server behind this copy of the app.
    expect(await readExplorer(new Response('<!doctype html>', { status: 200 }))).toEqual({ kind: 'no-server' });
    expect(await readExplorer(new Response('Not found', { status: 404 }))).toEqual({ kind: 'no-server' });
    // The app served without its online part: no explorer route at all.
    expect(await readExplorer(json({ error: 'There is nothing at /api/explorer/hive?moves=wS1.' }, 404))).toEqual({ kind: 'no-server' });
    expect(await readExplorer(json({ error: 'there is no game chess' }, 404))).toEqual({
      kind: 'error',
      message: 'there is no game chess',
    });
    // A refusal by code: said in the player's language (the move refused and why), the server's words where none is known.
    setCatalog('ru', ru);
    const refusedMove = {
      error: 'move 2 (b2): b2 holds a red stone',
      code: 'rules.replay',
      values: { unit: 'move', number: 2, move: 'b2' },
      cause: { error: 'b2 holds a red stone', code: 'hex.taken', values: { cell: 'b2', side: 'red' } },
    };
    const said = await readExplorer(json(refusedMove, 400));
    expect(said).toMatchObject({ kind: 'error', message: expect.stringMatching(/^Ход 2 \(b2\): /) });
    expect(said.kind === 'error' ? said.message : '').not.toMatch(/\b(holds|stone|move)\b/);
    expect(await readExplorer(json({ error: '…', code: 'explorer.notExplored', values: { game: 'DiceWars' } }, 400))).toEqual({
      kind: 'error',
      message: 'DiceWars нет в дебютном справочнике: он учитывает только партии двух игроков без случайности.',
    });
    expect(await readExplorer(json({ error: 'a new refusal', code: 'explorer.newOne' }, 400))).toEqual({
      kind: 'error',
      message: 'a new refusal',
    });
    setCatalog('en', en);
    expect(await explore('/api/explorer/hive?moves=', () => Promise.reject(new TypeError('failed to fetch')))).toEqual({
      kind: 'no-server',
    });
    expect(emptyMessage({ kind: 'no-server' })).toMatch(/no.*server|none behind it/);
    expect(emptyMessage({ kind: 'answer', answer: { ...answer, games: 0, wins: [0, 0], draws: 0, moves: [] } })).toBe(
      'No finished game on this server reached this position.',
    );
    expect(emptyMessage({ kind: 'answer', answer: { ...answer, position: null, plies: 31 } })).toMatch(/first 30 moves/);
    expect(emptyMessage({ kind: 'answer', answer })).toBeNull();
  });

  it('docs/explorer.md’s example is an answer the page reads', () => {
    const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/explorer.md'), 'utf8');
    const examples = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string) as unknown);
    expect(examples.length).toBeGreaterThan(0);
    for (const e of examples.filter((e) => !(e as { error?: unknown }).error)) expect(parseExplorerAnswer(e)).toMatchObject({ ok: true });
  });
});
