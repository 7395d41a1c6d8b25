import { Eye } from 'lucide-preact';
import { useEffect, useState } from 'preact/hooks';
import { PageTop, Problem } from '../account/page-parts.tsx';
import { profilePage } from '../account/profile-page.tsx';
import { useAccount } from '../account/use-account.ts';
import { t } from '../i18n/index.ts';
import { gamePage } from '../online/links.ts';
import { type Followed, fetchFollowing } from './api.ts';

/** The page of the players you follow. */
export { FOLLOWING_PAGE } from './addresses.ts';

/**
 * /following: the players you follow, as lichess lists friends — those playing now first, each with
 * one click to watch their game, then those online, then the rest.
 */
export function FollowingPage() {
  const [account] = useAccount();
  const [list, setList] = useState<readonly Followed[] | null>(null);
  const [after, setAfter] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const signedIn = account?.kind === 'player';
  const load = (from?: string) =>
    void fetchFollowing(from).then((r) => {
      if (!r.ok) return setProblem(t('social.following.cannotShow', { problem: r.error.message }));
      setProblem(null);
      setList((shown) => (from === undefined ? r.value.following : [...(shown ?? []), ...r.value.following]));
      setAfter(r.value.after);
    });
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn]);
  return (
    <main class="following-page">
      <PageTop />
      <h2>{t('social.following.title')}</h2>
      {account !== undefined && !signedIn && (
        <p>
          <a href="/account">{t('social.following.logIn')}</a>
        </p>
      )}
      <Problem text={problem} />
      {signedIn && list !== null && (
        <>
          <p>
            <button type="button" onClick={() => load()}>
              {t('social.following.refresh')}
            </button>
          </p>
          {list.length === 0 ? (
            <p class="no-follows">{t('social.following.none')}</p>
          ) : (
            <ul class="following-list" aria-label={t('social.following.title')}>
              {list.map((f) => (
                <li class="followed" data-player={f.name}>
                  <a href={profilePage(f.name)}>{f.name}</a>{' '}
                  {f.playing !== null ? (
                    <>
                      <span class="player-online">{t('social.following.playing')}</span>{' '}
                      <a class="button-link" href={gamePage(f.playing)} aria-label={t('social.following.watchGame', { name: f.name })}>
                        <Eye class="icon" aria-hidden="true" /> {t('social.following.watch')}
                      </a>
                    </>
                  ) : (
                    <span class={f.online ? 'player-online' : 'player-offline'}>
                      {t(f.online ? 'social.following.online' : 'social.following.offline')}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {after !== null && (
            <button type="button" onClick={() => load(after)}>
              {t('social.following.more')}
            </button>
          )}
        </>
      )}
    </main>
  );
}
