import { t } from '../i18n/index.ts';

/**
 * The review's panel as it first stands, while its code loads (shell.tsx's fallback): the title and
 * "asking", as GameReview draws them before the server has answered. Drawn at once, it holds the
 * panel's place: a panel that appeared when its code came pushed the moves and the chat down.
 */
export function ReviewAsking() {
  return (
    <section class="game-review panel" aria-labelledby="game-review-title">
      <h2 id="game-review-title">{t('review.title')}</h2>
      <p class="muted">{t('review.asking')}</p>
    </section>
  );
}
