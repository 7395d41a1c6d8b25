import { useEffect, useState } from 'preact/hooks';
import { SETTINGS_KEY } from './storage-keys.ts';

/**
 * The player's preferences, kept in localStorage so that they outlive the page: the theme, move
 * sounds (on by default: the checkbox is their mute), the chime when it becomes your move in an
 * online game (on by default), the pause between AI moves, the boards' theme and Hive's pieces, and
 * whether a move waits for Confirm.
 */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The boards' looks (src/web/board-look.css): classic is the boards' own colours. */
export const BOARD_THEMES = ['classic', 'wood', 'contrast'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

/** How a Hive piece shows its bug: its letter (the notation's) or a drawing of it. */
export const PIECE_LOOKS = ['letters', 'glyphs'] as const;
export type PieceLook = (typeof PIECE_LOOKS)[number];

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
  readonly boardTheme: BoardTheme;
  readonly pieceLook: PieceLook;
  /** A move chosen on the board waits for Confirm (a touch screen's slip of the finger costs nothing). */
  readonly confirmMoves: boolean;
  /** Column letters and row numbers along a board's edges (Hex's a–k, 1–11), as moves are written. */
  readonly boardCoordinates: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'auto',
  sound: true,
  aiDelayMs: 400,
  yourMoveSound: true,
  boardTheme: 'classic',
  pieceLook: 'letters',
  confirmMoves: false,
  boardCoordinates: true,
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Settings from what was saved, field by field: anything missing or junk takes its default. */
export function parseSettings(saved: unknown): Settings {
  const s = (typeof saved === 'object' && saved !== null ? saved : {}) as Partial<Record<keyof Settings, unknown>>;
  const d = DEFAULT_SETTINGS;
  return {
    theme: oneOf(THEMES, s.theme, d.theme),
    sound: typeof s.sound === 'boolean' ? s.sound : d.sound,
    aiDelayMs: AI_SPEEDS.some((a) => a.ms === s.aiDelayMs) ? (s.aiDelayMs as number) : d.aiDelayMs,
    yourMoveSound: typeof s.yourMoveSound === 'boolean' ? s.yourMoveSound : d.yourMoveSound,
    boardTheme: oneOf(BOARD_THEMES, s.boardTheme, d.boardTheme),
    pieceLook: oneOf(PIECE_LOOKS, s.pieceLook, d.pieceLook),
    confirmMoves: typeof s.confirmMoves === 'boolean' ? s.confirmMoves : d.confirmMoves,
    boardCoordinates: typeof s.boardCoordinates === 'boolean' ? s.boardCoordinates : d.boardCoordinates,
  };
}

function load(): Settings {
  try {
    return parseSettings(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}'));
  } catch {
    // Storage may be off (private mode) or hold junk: the defaults do.
    return DEFAULT_SETTINGS;
  }
}

let current = load();
const listeners = new Set<(s: Settings) => void>();

export function applyTheme(theme: Theme): void {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/** The boards' theme and Hive's pieces, as attributes of the root that src/web/board-look.css styles. */
export function applyLook({ boardTheme, pieceLook }: Pick<Settings, 'boardTheme' | 'pieceLook'>): void {
  const { dataset } = document.documentElement;
  dataset.boardTheme = boardTheme;
  dataset.pieceLook = pieceLook;
}

// The saved theme holds from the first paint on (this module runs before the app renders anything).
if (typeof document !== 'undefined') {
  applyTheme(current.theme);
  applyLook(current);
}

/** Applies `settings` to this page: the root's attributes and every component that reads them. */
function apply(settings: Settings): void {
  current = settings;
  applyTheme(current.theme);
  applyLook(current);
  for (const listener of listeners) listener(current);
}

export function updateSettings(change: Partial<Settings>): void {
  const next = { ...current, ...change };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Not saved, still applied for this page.
  }
  apply(next);
}

// A change made in another tab of the site holds here too, at once (a game open beside the settings).
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
  window.addEventListener('storage', (e) => {
    if (e.key === SETTINGS_KEY) apply(load());
  });

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

/**
 * A short click for a move, unless muted. Only once the page has had a click or a key: before
 * that a browser keeps audio off (and says so in the console), so there is nothing to play.
 */
export function moveSound(): void {
  if (!current.sound || !mayPlayAudio()) return;
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.08);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.08);
  } catch {
    // No audio here: the move shows on the board all the same.
  }
}

/** The page may start audio: the browser has seen the player act (where it says so). */
function mayPlayAudio(): boolean {
  if (typeof AudioContext === 'undefined') return false;
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation === undefined || activation.hasBeenActive;
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
