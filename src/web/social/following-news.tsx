import { Eye } from 'lucide-preact';
import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';

/**
 * The home page's notices of rated games started by players you follow (those you asked to hear
 * of), as the lobby's socket tells them: each with one click to watch. Nothing while there is none.
 */
export function FollowingNews({ news }: { news: readonly { readonly player: string; readonly game: string }[] }) {
  return (
    <section class="following-news card" aria-label={t('social.news.title')} hidden={news.length === 0}>
      <ul role="status">
        {news.map((n) => (
          <li>
            {t('social.news.started', { player: n.player })}{' '}
            <a class="button-link" href={gamePage(n.game)}>
              <Eye class="icon" aria-hidden="true" /> {t('social.news.watch')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
