import { useMemo } from 'preact/hooks';
import { webGameOf } from './games/index.ts';
import type { WebGame } from './games/web-game.tsx';
import { t } from './i18n/index.ts';
import { checkSetup, parseSetup } from './setup.ts';

/** A game played on this screen, as its address sets it up, or why it cannot start. */
export function LocalPage({ address }: { address: string }) {
  const setup = useMemo(() => {
    const parsed = parseSetup(address);
    return parsed?.ok ? checkSetup(parsed.value, webGameOf(parsed.value.game)) : parsed;
  }, [address]);
  // routes.ts sends here only an address that names a game, which parseSetup always reads.
  if (!setup) return null;
  if (!setup.ok)
    return (
      <main>
        <h1>hexarena</h1>
        <p class="error" role="alert">
          {t('app.cannotStart', { reason: setup.error.message })}
        </p>
        <a href="./">{t('app.home')}</a>
      </main>
    );
  const { LocalView } = webGameOf(setup.value.game) as WebGame;
  return <LocalView setup={setup.value} />;
}
