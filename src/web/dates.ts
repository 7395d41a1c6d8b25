/**
 * A day as the player's own locale writes it, with the month in words ("Dec 5, 2026", "5 déc. 2026"):
 * never a bare 12/5/2026, which half the world reads as the twelfth of May.
 */
export const dayText = (at: number | Date, locale?: string): string =>
  new Date(at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
