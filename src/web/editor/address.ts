/** The position editor's address: `#editor&game=hive`, with `&position=…` to start from a position. */
export const isEditorAddress = (address: string): boolean => /^[#?]editor(&|$)/.test(address);

export function parseEditorAddress(address: string): { readonly game: string; readonly position: string | null } {
  const q = new URLSearchParams(address.replace(/^[^#?]*[#?]editor&?/, ''));
  return { game: q.get('game') ?? '', position: q.get('position') };
}

export const editorUrl = (game: string, position?: string): string =>
  `./#editor&${new URLSearchParams({ game, ...(position === undefined ? {} : { position }) })}`;
