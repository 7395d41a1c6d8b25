import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { type SeedPiece, toOffset } from './board.ts';

/** An answer sent as it is, not as JSON (a player that answers junk), with its status. */
export class RawAnswer {
  constructor(
    readonly text: string,
    readonly status = 200,
  ) {}
}

export interface Heard {
  readonly color: 'white' | 'black';
  readonly body: Record<string, unknown>;
}

/**
 * A fake seed 004 player on 127.0.0.1: it answers every request with `answer` (JSON, or a RawAnswer
 * as it is), or never, for `play` requests of a player that stalls; every body it was sent is kept,
 * with the colour it was sent to. Closed when the test ends.
 */
export async function fakePlayer(
  answer: ((body: Record<string, unknown>, color: 'white' | 'black') => unknown) | 'silent',
): Promise<{ url: string; heard: Heard[]; bodies: Record<string, unknown>[] }> {
  const heard: Heard[] = [];
  const server = createServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text) as Record<string, unknown>;
    const color = request.url === '/player_black' ? 'black' : 'white';
    heard.push({ color, body });
    if (answer === 'silent' && body.action === 'play') return;
    const out = answer === 'silent' ? {} : answer(body, color);
    response.writeHead(out instanceof RawAnswer ? out.status : 200, { 'content-type': 'application/json' });
    response.end(out instanceof RawAnswer ? out.text : JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heard,
    get bodies() {
      return heard.map((h) => h.body);
    },
  };
}

/** Pieces written in axial coordinates (q, r), as the seed writes them: odd-q offset (x, y). */
export function seedBoard(
  pieces: readonly (readonly [color: 'white' | 'black', type: string, q: number, r: number, height?: number])[],
): SeedPiece[] {
  return pieces.map(([color, type, q, r, height = 0]) => ({ ...toOffset({ q, r }), color, type, height }));
}

/** POSTs a body (JSON, or text as it is) to a player; its status and JSON answer. */
export async function postTo(
  url: string,
  color: 'white' | 'black',
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${url}/player_${color}`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
