/** How long an import took, for people (issue 38): "less than a second", "42 s", "3 min 5 s", "1 h 2 min". */

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
const MINUTES_PER_HOUR = 60;

/** A duration in milliseconds, in words: whole seconds, minutes and hours. */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / MS_PER_SECOND);
  if (seconds < 1) return 'less than a second';
  if (seconds < SECONDS_PER_MINUTE) return `${seconds} s`;
  const minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
  if (minutes < MINUTES_PER_HOUR) return `${minutes} min ${seconds % SECONDS_PER_MINUTE} s`;
  return `${Math.floor(minutes / MINUTES_PER_HOUR)} h ${minutes % MINUTES_PER_HOUR} min`;
}
