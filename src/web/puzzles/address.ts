/**
 * A puzzle's address: `#puzzle&game=hive` is the game's puzzle of the day, `&id=…` one puzzle of
 * the set shipped with hexarena.
 */
export const isPuzzleAddress = (address: string): boolean => /^[#?]puzzle(&|$)/.test(address);

export function parsePuzzleAddress(address: string): { readonly game: string; readonly id: string | null } {
  const q = new URLSearchParams(address.replace(/^[^#?]*[#?]puzzle&?/, ''));
  return { game: q.get('game') ?? '', id: q.get('id') };
}

export const puzzleUrl = (game: string, id?: string): string =>
  `./#puzzle&${new URLSearchParams({ game, ...(id === undefined ? {} : { id }) })}`;

/** The puzzle of the day: the same for everyone on a day (UTC), a different one the next. */
export const puzzleOfTheDay = (count: number, now: number): number => Math.floor(now / 86_400_000) % count;
