/**
 * What a puzzle is about, read from its solution: every puzzle is a win in so many turns, and a
 * game may say more of its own. Hive: a pillbug (or a mosquito as one) throws a piece of the other
 * side, or a beetle (or a mosquito as one) climbs on top.
 */
export function themesOf(game: string, solver: number, turns: number, solution: readonly string[]): string[] {
  const themes = [`win in ${turns}`];
  if (game === 'hive') {
    // The solver's moves are the even ones of the line; a Hive move names the piece moved first.
    const own = solver === 0 ? 'w' : 'b';
    const mine = solution.filter((_, i) => i % 2 === 0);
    if (mine.some((m) => m.length > 0 && m[0] !== own)) themes.push('pillbug throw');
    // A piece placed on another ("wB1 bQ", no side marked) is on top of the hive.
    if (mine.some((m) => /^[wb][BM]\d? [wb][A-Z]\d?$/.test(m))) themes.push('beetle on top');
    themes.push('queen surrounded');
  }
  return themes;
}
