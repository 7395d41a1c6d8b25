import { Moon, Settings2, Sun, Volume2, VolumeX } from 'lucide-preact';
import { useState } from 'preact/hooks';
import { t } from './i18n/index.ts';
import { LanguagePicker } from './i18n/picker.tsx';
import { LookSettings } from './look-settings.tsx';
import { THEMES, type Theme, updateSettings, useSettings } from './settings.ts';

/** The theme's choice: its icon over the select (an icon-sized select on a phone, its choices in full when it opens). */
function ThemeChoice({ theme }: { theme: Theme }) {
  return (
    <label class="theme-choice">
      {theme === 'dark' ? <Moon class="icon" aria-hidden="true" /> : <Sun class="icon" aria-hidden="true" />}
      <span class="visually-hidden">{t('settings.theme')}</span>
      <select value={theme} aria-label={t('settings.theme')} onChange={(e) => updateSettings({ theme: e.currentTarget.value as Theme })}>
        {THEMES.map((theme) => (
          <option value={theme}>{t(`settings.theme.${theme}`)}</option>
        ))}
      </select>
    </label>
  );
}

/**
 * Theme and sound on every page; the boards' look, move confirmation and the language in a menu beside
 * them. On a narrow phone (under 24rem: style.css) theme and sound move into that menu, as lichess's
 * mobile header keeps them in its menu, so the bar keeps the site's name whole with the account, the
 * links and the search beside it.
 */
export function SettingsBar() {
  const { theme, sound, confirmMoves } = useSettings();
  // The menu's settings are drawn when it opens, not on every page's first render while folded away.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div class="settings">
      <ThemeChoice theme={theme} />
      <details class="settings-menu" onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
        <summary aria-label={t('settings.more')} title={t('settings.more')}>
          <Settings2 class="icon" aria-hidden="true" />
        </summary>
        {menuOpen && (
          <div class="settings-panel">
            {/* Shown on a narrow phone only, where the bar has no room for them (style.css). */}
            <div class="settings-folded">
              <label>
                <span>{t('settings.theme')}</span>
                <select value={theme} onChange={(e) => updateSettings({ theme: e.currentTarget.value as Theme })}>
                  {THEMES.map((theme) => (
                    <option value={theme}>{t(`settings.theme.${theme}`)}</option>
                  ))}
                </select>
              </label>
              <label>
                <input type="checkbox" checked={sound} onChange={(e) => updateSettings({ sound: e.currentTarget.checked })} />{' '}
                {t('settings.sounds')}
              </label>
            </div>
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
        class="quiet sound-toggle"
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
