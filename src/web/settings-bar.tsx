import { Moon, Settings2, Sun, Volume2, VolumeX } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from './i18n/index.ts';
import { LanguagePicker } from './i18n/picker.tsx';
import { LookSettings } from './look-settings.tsx';
import { THEMES, type Theme, updateSettings, useSettings } from './settings.ts';

/** Theme and sound on every page; the boards' look, move confirmation and the language in a menu beside them. */
export function SettingsBar() {
  const { theme, sound, confirmMoves } = useSettings();
  // The menu's settings are drawn when it opens, not on every page's first render while folded away.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div class="settings">
      <label class="theme-choice">
        {theme === 'dark' ? <Moon class="icon" aria-hidden="true" /> : <Sun class="icon" aria-hidden="true" />}
        <span class="visually-hidden">{t('settings.theme')}</span>
        <select value={theme} aria-label={t('settings.theme')} onChange={(e) => updateSettings({ theme: e.currentTarget.value as Theme })}>
          {THEMES.map((theme) => (
            <option value={theme}>{t(`settings.theme.${theme}`)}</option>
          ))}
        </select>
      </label>
      <details class="settings-menu" onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
        <summary aria-label={t('settings.more')} title={t('settings.more')}>
          <Settings2 class="icon" aria-hidden="true" />
        </summary>
        {menuOpen && (
          <div class="settings-panel">
            <LookSettings />
            <label>
              <input type="checkbox" checked={confirmMoves} onChange={(e) => updateSettings({ confirmMoves: e.currentTarget.checked })} />{' '}
              {t('settings.confirmMoves')}
            </label>
            <LanguagePicker />
          </div>
        )}
      </details>
      <button
        type="button"
        class="quiet"
        aria-pressed={sound}
        aria-label={t('settings.sounds')}
        title={t(sound ? 'settings.soundsOn' : 'settings.soundsOff')}
        onClick={() => updateSettings({ sound: !sound })}
      >
        {sound ? <Volume2 class="icon" aria-hidden="true" /> : <VolumeX class="icon" aria-hidden="true" />}
      </button>
    </div>
  );
}
