/**
 * A link copied by its Copy button: to the clipboard where the browser lets the page write there
 * (`copied` then says so), else its field's text selected, for the player to copy by hand.
 */
export function copyLink(link: string, button: HTMLElement, copied: () => void): void {
  const input = button.parentElement?.querySelector('input');
  navigator.clipboard?.writeText(link).then(copied, () => input?.select()) ?? input?.select();
}
