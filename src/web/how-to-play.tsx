import type { ComponentChildren } from 'preact';
import { t } from './i18n/index.ts';

/** A few lines for a newcomer, folded away: each game writes its own (its folder's how-to-play.tsx). */
export function HowToPlay({ children }: { children: ComponentChildren }) {
  return (
    <details class="how-to-play">
      <summary>{t('home.howToPlay')}</summary>
      {children}
    </details>
  );
}
