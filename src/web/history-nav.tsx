import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-preact';
import { t } from './i18n/index.ts';

/**
 * The four buttons that step through moves (first, previous, next, last), with the keys that do
 * the same in their titles: a game's history and an analysis's line alike.
 */
export function HistoryNav({
  legend,
  atStart,
  atEnd,
  go,
  firstLabel = t('game.firstPosition'),
  lastLabel = t('game.lastPosition'),
  extraClass = '',
}: {
  legend: string;
  atStart: boolean;
  atEnd: boolean;
  go: { first(): void; previous(): void; next(): void; last(): void };
  firstLabel?: string;
  lastLabel?: string;
  extraClass?: string;
}) {
  return (
    <fieldset class={`history-nav${extraClass ? ` ${extraClass}` : ''}`}>
      <legend class="visually-hidden">{legend}</legend>
      <button
        type="button"
        aria-label={firstLabel}
        title={t('keys.withKey', { action: firstLabel, key: t('keys.home') })}
        disabled={atStart}
        onClick={go.first}
      >
        <ChevronsLeft class="icon" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={t('game.previousMove')}
        title={`${t('game.previousMove')} (←)`}
        disabled={atStart}
        onClick={go.previous}
      >
        <ChevronLeft class="icon" aria-hidden="true" />
      </button>
      <button type="button" aria-label={t('game.nextMove')} title={`${t('game.nextMove')} (→)`} disabled={atEnd} onClick={go.next}>
        <ChevronRight class="icon" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={lastLabel}
        title={t('keys.withKey', { action: lastLabel, key: t('keys.end') })}
        disabled={atEnd}
        onClick={go.last}
      >
        <ChevronsRight class="icon" aria-hidden="true" />
      </button>
    </fieldset>
  );
}
