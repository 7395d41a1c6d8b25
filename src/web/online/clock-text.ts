import { t } from '../i18n/index.ts';

/** A clock's time as players read it: days and hours, or minutes and seconds, tenths in the last ten seconds. */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= 86_400_000)
    return t('clock.daysHours', { days: Math.floor(left / 86_400_000), hours: Math.floor((left % 86_400_000) / 3_600_000) });
  if (left >= 3_600_000)
    return `${Math.floor(left / 3_600_000)}:${String(Math.floor((left % 3_600_000) / 60_000)).padStart(2, '0')}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
  if (left < 10_000) return `${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A time control as players say it: "5 min + 3 s", "3 days a move" for correspondence (never
 * "4320 min"), or "no clock".
 */
export function timeControl(
  clock: { readonly initialMs: number; readonly incrementMs: number; readonly perMove?: boolean } | null,
): string {
  if (!clock) return t('clock.none');
  if (clock.perMove) {
    const days = Math.max(1, Math.round(clock.initialMs / 86_400_000));
    return t('clock.daysPerMove', { days });
  }
  const minutes = clock.initialMs / 60_000;
  const initial =
    minutes >= 1
      ? t('clock.minutes', { minutes: Math.round(minutes * 10) / 10 })
      : t('clock.seconds', { seconds: Math.round(clock.initialMs / 1000) });
  return clock.incrementMs > 0 ? `${initial} + ${t('clock.seconds', { seconds: Math.round(clock.incrementMs / 100) / 10 })}` : initial;
}
