/** A clock's time as players read it: days and hours, or minutes and seconds, tenths in the last ten seconds. */
export function formatClock(ms: number): string {
  const left = Math.max(0, ms);
  if (left >= 86_400_000) return `${Math.floor(left / 86_400_000)} d ${Math.floor((left % 86_400_000) / 3_600_000)} h`;
  if (left >= 3_600_000)
    return `${Math.floor(left / 3_600_000)}:${String(Math.floor((left % 3_600_000) / 60_000)).padStart(2, '0')}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
  if (left < 10_000) return `${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.ceil(left / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
