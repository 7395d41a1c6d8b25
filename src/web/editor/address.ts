/**
 * The position editor's address: `#editor&game=hive`, with `&position=…` to start from a position
 * and `&as=text` for its notation as text.
 */
export const isEditorAddress = (address: string): boolean => /^[#?]editor(&|$)/.test(address);

export function parseEditorAddress(address: string): {
  readonly game: string;
  readonly position: string | null;
  /** `&as=text`: the notation as text, where the game has a board editor too. */
  readonly asText: boolean;
} {
  const q = new URLSearchParams(address.replace(/^[^#?]*[#?]editor&?/, ''));
  return { game: q.get('game') ?? '', position: q.get('position'), asText: q.get('as') === 'text' };
}

export const editorUrl = (game: string, position?: string, asText = false): string =>
  `./#editor&${new URLSearchParams({ game, ...(position === undefined ? {} : { position }), ...(asText ? { as: 'text' } : {}) })}`;
