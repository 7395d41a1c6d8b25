import { useEffect, useState } from 'preact/hooks';

/**
 * The player's preferences, kept in localStorage so that they outlive the page: the theme, sounds
 * (off by default), the chime when it becomes your move in an online game (on by default) and the
 * pause between AI moves.
 */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Milliseconds between AI moves; seed 000 waited a second, instant suits long AI-only games. */
export const AI_SPEEDS = [
  { label: 'instant', ms: 0 },
  { label: 'fast', ms: 150 },
  { label: 'normal', ms: 400 },
  { label: 'slow', ms: 1000 },
] as const;

export interface Settings {
  readonly theme: Theme;
  readonly sound: boolean;
  readonly aiDelayMs: number;
  /** A chime when it becomes your move in an online game. */
  readonly yourMoveSound: boolean;
}

const DEFAULTS: Settings = { theme: 'auto', sound: false, aiDelayMs: 400, yourMoveSound: true };
const KEY = 'hexarena.settings';

function load(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Settings>;
    return {
      theme: THEMES.includes(saved.theme as Theme) ? (saved.theme as Theme) : DEFAULTS.theme,
      sound: typeof saved.sound === 'boolean' ? saved.sound : DEFAULTS.sound,
      aiDelayMs: AI_SPEEDS.some((s) => s.ms === saved.aiDelayMs) ? (saved.aiDelayMs as number) : DEFAULTS.aiDelayMs,
      yourMoveSound: typeof saved.yourMoveSound === 'boolean' ? saved.yourMoveSound : DEFAULTS.yourMoveSound,
    };
  } catch {
    // Storage may be off (private mode) or hold junk: the defaults do.
    return DEFAULTS;
  }
}

let current = load();
const listeners = new Set<(s: Settings) => void>();

export function applyTheme(theme: Theme): void {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

// The saved theme holds from the first paint on (this module runs before the app renders anything).
if (typeof document !== 'undefined') applyTheme(current.theme);

export function updateSettings(change: Partial<Settings>): void {
  current = { ...current, ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    // Not saved, still applied for this page.
  }
  applyTheme(current.theme);
  for (const listener of listeners) listener(current);
}

export function useSettings(): Settings {
  const [settings, setSettings] = useState(current);
  useEffect(() => {
    listeners.add(setSettings);
    return () => {
      listeners.delete(setSettings);
    };
  }, []);
  return settings;
}

export const initialSettings = (): Settings => current;

let audio: AudioContext | null = null;

/** A short click for a move (only when sounds are on). */
export function moveSound(): void {
  if (!current.sound) return;
  audio ??= new AudioContext();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 660;
  gain.gain.setValueAtTime(0.15, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.08);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.08);
}

/** Two rising notes when it becomes your move online (unless muted). */
export function yourMoveSound(): void {
  if (!current.yourMoveSound) return;
  try {
    audio ??= new AudioContext();
    for (const [i, frequency] of [523, 784].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.12;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.12, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.1);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.1);
    }
  } catch {
    // No audio here (a browser that blocks it before a click): the title and notification still say it.
  }
}
