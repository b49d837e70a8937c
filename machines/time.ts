/** The longest delay a timer can take (setTimeout's limit); later ends wait that long and are checked again. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Milliseconds from `now` until the ISO time `until`: 0 when past or unknown. */
export function delayUntil(until: string | null, now: number): number {
  const end = until === null ? Number.NaN : Date.parse(until);
  return Number.isNaN(end) ? 0 : Math.min(Math.max(end - now, 0), MAX_DELAY_MS);
}
