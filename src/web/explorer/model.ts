import type { Json } from '@hexarena/engines/engine/game.ts';
import { whyOf } from '@hexarena/engines/engine/refusal.ts';
import { type ExplorerAnswer, type ExplorerMove, parseExplorerAnswer } from '@hexarena/engines/protocol/index.ts';
import { formatNumber, t } from '../i18n/index.ts';
import { rulesRefusal } from '../i18n/why.ts';
import { refusalOf } from '../refusal-of.ts';

/**
 * The opening explorer's pure parts (docs/explorer.md): the address it asks, what came back (an
 * answer, no server at all, or the server's words), and each move's row as the table shows it.
 */

/** GET /api/explorer/:game for the position `moves` reach (moves separated by `;`, as the address of a game keeps them). */
export function explorerPath(game: string, moves: readonly string[], options?: Json): string {
  const query = new URLSearchParams({ moves: moves.join(';') });
  if (options !== undefined && options !== null) query.set('options', JSON.stringify(options));
  return `/api/explorer/${encodeURIComponent(game)}?${query}`;
}

export type Explored =
  | { readonly kind: 'loading' }
  | { readonly kind: 'answer'; readonly answer: ExplorerAnswer }
  /** No hexarena server behind the page (the static build, or the network down). */
  | { readonly kind: 'no-server' }
  | { readonly kind: 'error'; readonly message: string };

/** What the server said, as the component shows it: a static host answers with its own page, not JSON. */
export async function readExplorer(response: Response): Promise<Explored> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { kind: 'no-server' };
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    // A server of the app alone (no online part) has no such route: as good as no server.
    if (response.status === 404 && typeof error === 'string' && error.startsWith('There is nothing at')) return { kind: 'no-server' };
    const refused = refusalOf(body);
    return refused ? { kind: 'error', message: explorerProblem(refused) } : { kind: 'no-server' };
  }
  const answer = parseExplorerAnswer(body);
  return answer.ok
    ? { kind: 'answer', answer: answer.value }
    : { kind: 'error', message: t('explorer.unreadable', { problem: answer.error.message }) };
}

/**
 * Why the explorer refused a position, in the player's language: a game it does not count, or the
 * rules' refusal by code (a move of the line refused: rules.replay, the move's own refusal its
 * cause; options.*); the server's words for a refusal with no code the catalogs say.
 */
export function explorerProblem(error: Error): string {
  const why = whyOf(error);
  if (why?.code === 'explorer.notExplored') return t('explorer.refusal.notExplored', { game: String(why.values?.game ?? '') });
  return rulesRefusal(error);
}

/** Asks the server (`fetch` is injected for tests); a request that never reached one says so. */
export async function explore(path: string, fetcher: typeof fetch = fetch, signal?: AbortSignal): Promise<Explored> {
  try {
    return await readExplorer(await fetcher(path, signal ? { signal } : undefined));
  } catch (e) {
    if (signal?.aborted) throw e;
    return { kind: 'no-server' };
  }
}

/** Whole percentages that add up to 100 (largest remainders), or zeros for no games. */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    whole[i] = (whole[i] as number) + 1;
  }
  return whole;
}

/** A move's row: its share of the position's games, and its results as a bar and in words. */
export interface ExplorerRow {
  readonly move: string;
  readonly games: number;
  /** Of the position's games, in whole percent. */
  readonly share: number;
  /** The bar's three parts, in percent: the first seat's wins, draws, the second seat's wins. */
  readonly bar: readonly [number, number, number];
  /** The bar in words, for those who do not see it. */
  readonly text: string;
}

/** The rows of an answer (most played first, as the server orders them); `seatLabels` names the two seats. */
export function explorerRows(answer: ExplorerAnswer, seatLabels: readonly string[]): ExplorerRow[] {
  return answer.moves.map((m) => rowOf(m, answer.games, seatLabels));
}

/** The totals of the position as a row of its own (all moves, and games that ended there). */
export const totalRow = (answer: ExplorerAnswer, seatLabels: readonly string[]): ExplorerRow =>
  rowOf({ move: '', games: answer.games, wins: answer.wins, draws: answer.draws }, answer.games, seatLabels);

function rowOf(m: ExplorerMove, total: number, seatLabels: readonly string[]): ExplorerRow {
  const [first, draws, second] = percentages([m.wins[0], m.draws, m.wins[1]]);
  const [a, b] = [seatLabels[0] ?? t('explorer.first'), seatLabels[1] ?? t('explorer.second')];
  return {
    move: m.move,
    games: m.games,
    share: total === 0 ? 0 : Math.round((m.games * 100) / total),
    bar: [first as number, draws as number, second as number],
    text: t('explorer.results', {
      first: a,
      second: b,
      won: (first as number) / 100,
      drawn: (draws as number) / 100,
      lost: (second as number) / 100,
    }),
  };
}

/** What to say when there is no table to show, or null when there is one. */
export function emptyMessage(explored: Explored): string | null {
  switch (explored.kind) {
    case 'loading':
      return null;
    case 'no-server':
      return t('explorer.noServer');
    case 'error':
      return explored.message;
    case 'answer': {
      const { answer } = explored;
      if (answer.position === null) return t('explorer.pastLimit', { limit: answer.limit });
      if (answer.games === 0) return t('explorer.none');
      return null;
    }
  }
}

/** A count as people read it: 1,234 (1.234, 1 234 in other languages). */
export const countText = (n: number): string => formatNumber(n);
