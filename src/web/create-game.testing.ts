import type { Locator, Page } from 'playwright-core';

/**
 * The home page's form for one game, as a person reaches it: a button that opens the "create a
 * game" dialog ("Create a game", "Play a friend", "Play the computer", "Hotseat"), then the game's tab.
 */
export async function gameForm(page: Page, title: string, opener = 'Create a game'): Promise<Locator> {
  await page.getByRole('button', { name: opener, exact: true }).click();
  await page.getByRole('tab', { name: title, exact: true }).click();
  return page.getByRole('region', { name: title, exact: true });
}
