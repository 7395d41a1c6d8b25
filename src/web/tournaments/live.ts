import type { TournamentNews } from '@hexarena/engines/protocol/lobby.ts';
import type { TournamentShown } from './api.ts';

/**
 * A tournament's page kept current by the lobby socket's events (docs/protocol.md): an event from
 * version `from` to `version` brings a page at any version in [from, version) up to `version` (the
 * tournament, its entries and standings whole, the rounds it names replaced). A page behind `from`
 * missed a change: it reads the tournament again. A page at `version` or past it has it already.
 */
export function applyNews(shown: TournamentShown, news: TournamentNews): TournamentShown | 'behind' | 'had' {
  if (news.version <= shown.version) return 'had';
  if (news.from > shown.version) return 'behind';
  const changed = new Set(news.rounds);
  const pairings = [
    ...shown.pairings.filter((p) => !changed.has(p.round)),
    ...(news.pairings as unknown as TournamentShown['pairings']),
  ].sort((a, b) => a.round - b.round || a.board - b.board);
  return {
    version: news.version,
    tournament: news.summary as unknown as TournamentShown['tournament'],
    entries: news.entries as unknown as TournamentShown['entries'],
    standings: news.standings as unknown as TournamentShown['standings'],
    pairings,
  };
}

/**
 * What a page read and what it heard meanwhile: events heard while a read is under way wait for it,
 * then those it lacks are applied; `stale` says whether it must read again (it heard of a version
 * past what it has and cannot reach it from the events it holds).
 */
export function caughtUp(
  read: TournamentShown,
  waiting: readonly TournamentNews[],
  heard: number,
): { readonly shown: TournamentShown; readonly stale: boolean } {
  let shown = read;
  for (const news of waiting) {
    const next = applyNews(shown, news);
    if (typeof next !== 'string') shown = next;
  }
  return { shown, stale: shown.version < heard };
}
