import type { Json } from '@hexarena/engines/engine/game.ts';
import { replayFrom } from '@hexarena/engines/engine/replay.ts';
import { X } from 'lucide-preact';
import { useMemo } from 'preact/hooks';
import { webGameOf } from '../games/index.ts';
import { t } from '../i18n/index.ts';
import type { AskedPosition } from './addresses.ts';
import { MiniBoard } from './mini-board.tsx';

/**
 * The position the games database is searched by (`position` and `variant` in the page's address,
 * the opening explorer's key), as the page shows it above the games: drawn small when the address
 * also carries the moves that reach it (the explorer's link does), and named by its moves or its key
 * otherwise; with a button to search without it.
 */

/** The position an address asks for, or null (`?game=hive&position=…&variant=…&line=…&options=…`). */
export function askedPositionOf(address: string): AskedPosition | null {
  const query = new URLSearchParams(address);
  const [game, key, variant] = [query.get('game'), query.get('position'), query.get('variant')];
  if (!game || !key) return null;
  const line = query.get('line');
  const options = query.get('options');
  return {
    game,
    key,
    variant: variant || game,
    ...(line !== null ? { line: line === '' ? [] : line.split(';') } : {}),
    ...(options ? { options } : {}),
  };
}

/** The public view of the position `p.line` reaches (what a miniature draws), or undefined when it cannot be played. */
function viewOf(p: AskedPosition): Json | undefined {
  const web = webGameOf(p.game);
  if (!web || p.line === undefined) return undefined;
  let options: unknown;
  try {
    options = p.options === undefined ? {} : JSON.parse(p.options);
  } catch {
    return undefined;
  }
  const parsed = web.game.parseOptions(options);
  if (!parsed.ok) return undefined;
  // The explorer's start (its keys are made from the seed 'explorer': Nonaga draws its first player from it).
  const replayed = replayFrom(web.game, web.game.newGame(parsed.value, 'explorer'), p.line);
  return replayed.error === null ? web.game.view(replayed.states[p.line.length], null) : undefined;
}

export function PositionAsked({ asked, onClear }: { asked: AskedPosition; onClear: () => void }) {
  const view = useMemo(() => viewOf(asked), [asked.game, asked.line?.join(';'), asked.options]);
  const named =
    view === undefined || asked.line === undefined
      ? t('social.db.positionKey', { key: asked.key })
      : asked.line.length === 0
        ? t('social.db.positionStart')
        : t('social.db.positionAfter', { moves: asked.line.join(' ') });
  return (
    <section class="position-asked" aria-labelledby="position-asked">
      {view !== undefined && <MiniBoard game={asked.game} position={view} />}
      <div>
        <h3 id="position-asked">{t('social.db.positionTitle')}</h3>
        <p class="position-words" data-testid="position-asked">
          {named}
        </p>
        <button type="button" onClick={onClear}>
          <X class="icon" aria-hidden="true" /> {t('social.db.positionClear')}
        </button>
      </div>
    </section>
  );
}
