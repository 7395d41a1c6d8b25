import { type MessageKey, t } from '../i18n/index.ts';

/**
 * A puzzle's themes and source are written by the miner in English (src/puzzles/themes.ts, mine.ts),
 * and kept so in the sets and the store: they are said in the player's language here, where they are
 * shown (the puzzle page, the static puzzle pages). A theme or source this list does not know (a set
 * mined by a newer hexarena) shows in the miner's own words rather than not at all.
 */
const THEMES: readonly { readonly pattern: RegExp; readonly key: MessageKey }[] = [
  { pattern: /^win in (\d+)$/, key: 'puzzle.theme.winIn' },
  { pattern: /^pillbug throw$/, key: 'puzzle.theme.pillbugThrow' },
  { pattern: /^beetle on top$/, key: 'puzzle.theme.beetleOnTop' },
  { pattern: /^queen surrounded$/, key: 'puzzle.theme.queenSurrounded' },
];

export function themeText(theme: string): string {
  for (const { pattern, key } of THEMES) {
    const m = pattern.exec(theme);
    if (m) return t(key, { count: Number(m[1] ?? 0) });
  }
  return theme;
}

/** Where a puzzle was found: "self-play shipped game 4, before move 29" as the language says it. */
export function sourceText(source: string): string {
  const shipped = /^self-play shipped game (\d+), before move (\d+)$/.exec(source);
  if (shipped) return t('puzzle.source.shippedGame', { game: Number(shipped[1]), move: Number(shipped[2]) });
  const before = /^(.+), before move (\d+)$/.exec(source);
  if (before) return t('puzzle.source.beforeMove', { source: before[1] ?? '', move: Number(before[2]) });
  return source;
}
