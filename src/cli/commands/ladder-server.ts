import type { LadderOutcome, LadderPairing } from '@hexarena/engines/ratings/ladder.ts';
import { UsageError } from '../io.ts';

/**
 * The ladder on a server (`hexarena ladder <game> --server <url>`): each game is asked of the server
 * (POST /api/ladder/games, with the operator's HEXARENA_OPERATOR_TOKEN), played there by its engines
 * and rated there like every rated game; this waits for each to end. The site shows the table at
 * /ladder, from every rated game its engines played, players' included.
 */

/** How often a game in play is looked at: a ladder game lasts seconds to minutes. */
const LOOK_EVERY_MS = 500;

export interface ServerLadder {
  readonly base: string;
  readonly token: string;
  readonly game: string;
}

/** `--server`'s address, checked: http(s) and a host, nothing after. */
export function serverOf(text: string, env: NodeJS.ProcessEnv): ServerLadder['base'] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--server: "${text}" is not an address such as http://localhost:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server: an http:// or https:// address');
  if (!env.HEXARENA_OPERATOR_TOKEN)
    throw new UsageError(
      "--server: set HEXARENA_OPERATOR_TOKEN to the server's operator token: only the operator asks for the ladder's games",
    );
  return url.origin;
}

async function ask(ladder: ServerLadder, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${ladder.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: ladder.base }),
      authorization: `Bearer ${ladder.token}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch((e: unknown) => {
    throw new Error(`the server at ${ladder.base} cannot be reached (${e instanceof Error ? e.message : String(e)})`);
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

/** Plays one game of the ladder on the server, between the engines seated as `seats` (their server names). */
export async function playOnServer(
  ladder: ServerLadder,
  seats: readonly [string, string],
  _pairing: LadderPairing,
  signal?: AbortSignal,
): Promise<LadderOutcome & { detail: { moves: string[]; termination: string; reason?: string; gameId: string } }> {
  const made = await ask(ladder, '/api/ladder/games', { game: ladder.game, seats });
  if (made.status !== 201) throw new Error(`the server refused the game: ${String(made.json.error ?? made.status)}`);
  const id = made.json.id as string;
  for (;;) {
    signal?.throwIfAborted();
    const { status, json } = await ask(ladder, `/api/games/${encodeURIComponent(id)}`);
    if (status !== 200) throw new Error(`game ${id} cannot be read: ${String(json.error ?? status)}`);
    const ending = json.ending as { result: { kind: string; winner?: number; reason?: string }; termination: string } | null;
    if (ending) {
      const score = ending.result.kind === 'draw' ? 0.5 : ending.result.winner === 0 ? 1 : 0;
      return {
        score,
        detail: {
          moves: json.moves as string[],
          termination: ending.termination,
          ...(ending.result.reason === undefined ? {} : { reason: ending.result.reason }),
          gameId: id,
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

/** The site's table of the game's engines, as /ladder shows it. */
export async function serverTable(ladder: ServerLadder): Promise<{ name: string; rating: number; interval: number[]; games: number }[]> {
  const { json } = await ask(ladder, `/api/ladder/${encodeURIComponent(ladder.game)}`);
  return (json.engines as { name: string; rating: number; interval: number[]; games: number }[] | undefined) ?? [];
}
