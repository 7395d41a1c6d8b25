import type { Page } from 'playwright-core';

/**
 * Browser steps for the leaderboard and the rating charts, for a browser test to call after a rated
 * game (online-e2e.test.ts's rated game): `names` played one rated game of `perf` against each other.
 *
 * Each profile shows a rating-history chart of that perf, named for what it shows (one game: its
 * rating); the perf's leaderboard page answers, its links go to every speed of the game, and since one
 * game makes nobody established (deviation under 75), neither player is on it yet, nor is anyone's
 * rank shown. The leaderboards' index lists the game, with a link to this board. Throws on the first
 * step that fails.
 */
export async function checkLeaderboardPages(page: Page, base: string, names: readonly string[], perf = 'hex'): Promise<void> {
  const fail = (what: string): never => {
    throw new Error(`leaderboard pages: ${what}`);
  };
  for (const name of names) {
    await page.goto(`${base}/u/${encodeURIComponent(name)}`);
    const chart = page.locator(`.rating-history figure[data-perf="${perf}"] svg[role="img"]`);
    await chart.waitFor();
    const label = (await chart.getAttribute('aria-label')) ?? '';
    const rating = /^.+ rating, 1 game: (\d{3,4})$/.exec(label)?.[1];
    if (!rating) fail(`${name}'s chart is labelled "${label}", not as one rated game`);
    if ((await chart.locator('title').first().textContent()) !== label) fail(`${name}'s chart has no title saying "${label}"`);
    if ((await chart.locator('circle').count()) !== 1) fail(`${name}'s chart does not show one dot for one game`);
    // The chart's point is the rating the profile lists.
    const listed = (await page.locator(`.ratings li[data-perf="${perf}"] strong`).textContent()) ?? '';
    if (listed.replace('?', '') !== rating) fail(`${name}'s chart shows ${rating}, the profile lists ${listed}`);
    // The rating links to its leaderboard.
    await page.locator(`.ratings li[data-perf="${perf}"] a`).click();
    await page.waitForURL(`${base}/leaderboard/${perf}`);
    await page.getByRole('heading', { name: / leaderboard$/ }).waitFor();
    await page.getByText(/^No one is established here yet/).waitFor();
    // On the board, not in the top bar (where the logged-in player's own name links to their account).
    const board = page.locator('main > :not(.topbar)');
    for (const n of names)
      if ((await board.getByRole('link', { name: n, exact: true }).count()) > 0) fail(`${n} is on the ${perf} board after one game`);
    if ((await page.getByTestId('your-rank').count()) > 0) fail('a rank is shown to a player not established');
    // Every speed of the game has its link; the board shown is marked.
    const game = perf.split(':')[0] as string;
    const speeds = page.getByRole('navigation', { name: / leaderboards$/ });
    if ((await speeds.locator('[aria-current="page"]').textContent()) !== (perf.split(':')[1] ?? 'untimed'))
      fail(`the ${perf} board is not marked as the one shown`);
    if ((await speeds.getByRole('link').count()) !== 6) fail(`the ${perf} board does not link the other six boards of ${game}`);
  }
  await page.goto(`${base}/leaderboard`);
  await page.getByRole('heading', { name: 'Leaderboards', exact: true }).waitFor();
  const game = perf.split(':')[0] as string;
  const section = page.locator('section.game-boards').filter({ has: page.locator(`a[href="/leaderboard/${perf}"]`) });
  await section.waitFor();
  await section.getByText(/^No one is established in /).waitFor();
  if ((await section.locator('table.ranking').count()) > 0) fail(`the index lists a ${game} board after one game`);
}
