import { afterEach, describe, expect, it, vi } from 'vitest';

/** Settings load from localStorage when the module loads: each case installs its storage first. */
async function loadWith(saved: string | null) {
  vi.resetModules();
  vi.stubGlobal('localStorage', { getItem: () => saved, setItem: () => {} });
  return import('./settings.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('settings', () => {
  it('start with sounds off, the system theme and a visible pace between AI moves', async () => {
    const { initialSettings } = await loadWith(null);
    expect(initialSettings()).toEqual({ theme: 'auto', sound: false, aiDelayMs: 400, yourMoveSound: true });
  });

  it('keep what the player chose', async () => {
    const { initialSettings } = await loadWith(JSON.stringify({ theme: 'dark', sound: true, aiDelayMs: 0 }));
    expect(initialSettings()).toEqual({ theme: 'dark', sound: true, aiDelayMs: 0, yourMoveSound: true });
  });

  it('fall back to the defaults on junk, field by field', async () => {
    expect((await loadWith('{not json')).initialSettings()).toEqual({ theme: 'auto', sound: false, aiDelayMs: 400, yourMoveSound: true });
    const { initialSettings } = await loadWith(JSON.stringify({ theme: 'purple', sound: 'yes', aiDelayMs: 1000, yourMoveSound: false }));
    expect(initialSettings()).toEqual({ theme: 'auto', sound: false, aiDelayMs: 1000, yourMoveSound: false });
  });
});
