import { Ellipsis } from 'lucide-preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Problem } from '../account/page-parts.tsx';
import { t } from '../i18n/index.ts';
import { type Relation, relate } from './api.ts';
import { relationProblem } from './relation-refusals.ts';

/**
 * A profile's relations: how many follow the player and how many they follow, and for another
 * signed-in player, Follow/Unfollow and — behind a menu, confirmed first — Block/Unblock. A block
 * is private: the page says so before it is made.
 */
export function RelationBar({
  name,
  followers,
  following,
  you,
}: {
  name: string;
  followers: number;
  following: number;
  /** The asker's relation to the player: absent for a guest and on one's own profile. */
  you: Relation | null;
}) {
  const [relation, setRelation] = useState(you);
  const [count, setCount] = useState(followers);
  const [menu, setMenu] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const firstItem = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (menu) firstItem.current?.focus();
  }, [menu]);
  const change = (how: 'follow' | 'unfollow' | 'block' | 'unblock', notify = false) => {
    if (!relation) return;
    setBusy(true);
    void relate(name, how, notify).then((r) => {
      setBusy(false);
      if (!r.ok) return setProblem(relationProblem(r.error));
      setProblem(null);
      // A block ends the follow too (the server ends both).
      const follows = how === 'follow' ? true : how === 'unfollow' || how === 'block' ? false : relation.follows;
      if (follows !== relation.follows) setCount((n) => n + (follows ? 1 : -1));
      setRelation({
        follows,
        notify: follows && (how === 'follow' ? notify : relation.notify),
        blocks: how === 'block' ? true : how === 'unblock' ? false : relation.blocks,
      });
      setConfirming(false);
      setMenu(false);
    });
  };
  return (
    <section class="relations" aria-label={t('social.relation.title', { name })}>
      <p class="relation-counts">
        <span data-testid="followers">{t('social.relation.followers', { count })}</span> <span class="muted">·</span>{' '}
        <span data-testid="following">{t('social.relation.following', { count: following })}</span>
      </p>
      {relation && (
        <p class="relation-actions">
          {!relation.blocks && (
            <button
              type="button"
              class={relation.follows ? undefined : 'primary'}
              disabled={busy}
              onClick={() => change(relation.follows ? 'unfollow' : 'follow')}
            >
              {t(relation.follows ? 'social.relation.unfollow' : 'social.relation.follow')}
            </button>
          )}
          {relation.follows && (
            <label>
              <input
                type="checkbox"
                checked={relation.notify}
                disabled={busy}
                onChange={(e) => {
                  // Ticked at once, as the player ticked it; the server's answer confirms it.
                  const notify = e.currentTarget.checked;
                  setRelation({ ...relation, notify });
                  change('follow', notify);
                }}
              />{' '}
              {t('social.relation.notify', { name })}
            </label>
          )}
          {relation.blocks && <span class="muted">{t('social.relation.youBlock', { name })}</span>}{' '}
          <span class="relation-menu">
            <button
              type="button"
              aria-haspopup="menu"
              aria-expanded={menu}
              aria-label={t('social.relation.more', { name })}
              onClick={() => {
                setMenu((m) => !m);
                setConfirming(false);
              }}
            >
              <Ellipsis class="icon" aria-hidden="true" />
            </button>
            {menu && (
              <span
                role="menu"
                tabIndex={-1}
                class="relation-menu-items"
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setMenu(false);
                }}
              >
                <button
                  ref={firstItem}
                  type="button"
                  role="menuitem"
                  onClick={() => {
                    if (relation.blocks) change('unblock');
                    else {
                      setMenu(false);
                      setConfirming(true);
                    }
                  }}
                >
                  {t(relation.blocks ? 'social.relation.unblock' : 'social.relation.block', { name })}
                </button>
              </span>
            )}
          </span>
        </p>
      )}
      {relation && confirming && (
        <div class="relation-confirm" role="alertdialog" aria-labelledby="block-confirm-title" aria-describedby="block-confirm-text">
          <p id="block-confirm-title">
            <strong>{t('social.relation.blockTitle', { name })}</strong>
          </p>
          <p id="block-confirm-text">{t('social.relation.blockExplain', { name })}</p>
          <button type="button" class="danger" disabled={busy} onClick={() => change('block')}>
            {t('social.relation.blockConfirm')}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            {t('social.relation.cancel')}
          </button>
        </div>
      )}
      <Problem text={problem} />
    </section>
  );
}
