import { afterEach, describe, expect, it, vi } from 'vitest';

let loads = 0;

/**
 * Settings load from localStorage when the module loads: each case installs its storage first, then
 * imports a module instance of its own (another query, another module to Node's loader).
 */
async function loadWith(saved: string | null): Promise<typeof import('./settings.ts')> {
  vi.stubGlobal('localStorage', { getItem: () => saved, setItem: () => {} });
  return import(`./settings.ts?load=${++loads}`);
}

const DEFAULTS = {
  theme: 'auto',
  sound: true,
  aiDelayMs: 400,
  yourMoveSound: true,
  boardTheme: 'classic',
  pieceLook: 'letters',
  confirmMoves: false,
  boardCoordinates: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings', () => {
  it('start with move sounds on (online moves click unless muted), the system theme, a visible pace between AI moves and the classic boards', async () => {
    const { initialSettings } = await loadWith(null);
    expect(initialSettings()).toEqual(DEFAULTS);
    expect(initialSettings().sound).toBe(true);
  });

  it('keep what the player chose', async () => {
    const { initialSettings } = await loadWith(
      JSON.stringify({ theme: 'dark', sound: false, aiDelayMs: 0, boardTheme: 'wood', pieceLook: 'glyphs', confirmMoves: true }),
    );
    expect(initialSettings()).toEqual({
      ...DEFAULTS,
      theme: 'dark',
      sound: false,
      aiDelayMs: 0,
      boardTheme: 'wood',
      pieceLook: 'glyphs',
      confirmMoves: true,
    });
  });

  it('keep a mute saved before sounds were on by default', async () => {
    expect((await loadWith(JSON.stringify({ theme: 'light', sound: false, aiDelayMs: 400 }))).initialSettings().sound).toBe(false);
  });

  it('fall back to the defaults on junk, field by field', async () => {
    expect((await loadWith('{not json')).initialSettings()).toEqual(DEFAULTS);
    const { initialSettings } = await loadWith(
      JSON.stringify({
        theme: 'purple',
        sound: 'yes',
        aiDelayMs: 1000,
        yourMoveSound: false,
        boardTheme: 'marble',
        pieceLook: 7,
        confirmMoves: 'y',
      }),
    );
    expect(initialSettings()).toEqual({ ...DEFAULTS, aiDelayMs: 1000, yourMoveSound: false });
  });

  it('parse whatever was saved, JSON that is no object included', async () => {
    const { parseSettings } = await loadWith(null);
    for (const saved of [null, 3, 'wood', [], undefined]) expect(parseSettings(saved)).toEqual(DEFAULTS);
    expect(parseSettings({ boardTheme: 'contrast' })).toEqual({ ...DEFAULTS, boardTheme: 'contrast' });
  });

  it('put the board theme and the piece look on the root, from the start and on every change', async () => {
    const dataset: Record<string, string> = {};
    vi.stubGlobal('document', { documentElement: { dataset } });
    const { updateSettings } = await loadWith(JSON.stringify({ boardTheme: 'wood' }));
    expect(dataset).toMatchObject({ boardTheme: 'wood', pieceLook: 'letters' });
    updateSettings({ boardTheme: 'contrast', pieceLook: 'glyphs' });
    expect(dataset).toMatchObject({ boardTheme: 'contrast', pieceLook: 'glyphs' });
  });
});
