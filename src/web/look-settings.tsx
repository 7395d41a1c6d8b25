import { t } from './i18n/index.ts';
import { BOARD_THEMES, type BoardTheme, PIECE_LOOKS, type PieceLook, updateSettings, useSettings } from './settings.ts';

/**
 * The boards' look, for the settings menu: the board theme (every game) and how Hive's pieces
 * show their bug, and the coordinates along a board's edges. Each control is named by its label; a change applies at once and is kept.
 */
export function LookSettings() {
  const { boardTheme, pieceLook, boardCoordinates } = useSettings();
  return (
    <div class="look-settings">
      <label>
        {t('settings.boardTheme')}{' '}
        <select value={boardTheme} onChange={(e) => updateSettings({ boardTheme: e.currentTarget.value as BoardTheme })}>
          {BOARD_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`settings.boardTheme.${theme}`)}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        {t('settings.hivePieces')}{' '}
        <select value={pieceLook} onChange={(e) => updateSettings({ pieceLook: e.currentTarget.value as PieceLook })}>
          {PIECE_LOOKS.map((l) => (
            <option key={l} value={l}>
              {t(`settings.hivePieces.${l}`)}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        <input type="checkbox" checked={boardCoordinates} onChange={(e) => updateSettings({ boardCoordinates: e.currentTarget.checked })} />{' '}
        {t('settings.coordinates')}
      </label>
    </div>
  );
}
