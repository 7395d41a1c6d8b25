import {
  BOARD_THEME_LABELS,
  BOARD_THEMES,
  type BoardTheme,
  PIECE_LOOK_LABELS,
  PIECE_LOOKS,
  type PieceLook,
  updateSettings,
  useSettings,
} from './settings.ts';

/**
 * The boards' look, for the settings menu: the board theme (every game) and how Hive's pieces
 * show their bug, and the coordinates along a board's edges. Each control is named by its label; a change applies at once and is kept.
 */
export function LookSettings() {
  const { boardTheme, pieceLook, boardCoordinates } = useSettings();
  return (
    <div class="look-settings">
      <label>
        Board theme{' '}
        <select value={boardTheme} onChange={(e) => updateSettings({ boardTheme: e.currentTarget.value as BoardTheme })}>
          {BOARD_THEMES.map((t) => (
            <option key={t} value={t}>
              {BOARD_THEME_LABELS[t]}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Hive pieces{' '}
        <select value={pieceLook} onChange={(e) => updateSettings({ pieceLook: e.currentTarget.value as PieceLook })}>
          {PIECE_LOOKS.map((l) => (
            <option key={l} value={l}>
              {PIECE_LOOK_LABELS[l]}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        <input type="checkbox" checked={boardCoordinates} onChange={(e) => updateSettings({ boardCoordinates: e.currentTarget.checked })} />{' '}
        Coordinates on the board
      </label>
    </div>
  );
}
