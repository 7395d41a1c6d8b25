/**
 * The name this browser plays under online, kept in localStorage: given once, it names the player in
 * every game they make or join (others see it; the record keeps it) instead of "a player".
 */
const KEY = 'hexarena.name';

export function rememberedName(): string {
  try {
    const name = localStorage.getItem(KEY);
    return typeof name === 'string' ? name.slice(0, 40) : '';
  } catch {
    return '';
  }
}

export function rememberName(name: string): void {
  try {
    if (name.trim() === '') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, name.trim().slice(0, 40));
  } catch {
    // Storage off: the name is asked again next time.
  }
}
