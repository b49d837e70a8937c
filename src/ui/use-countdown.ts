import { useEffect, useState } from 'react';

/** `9:05`: minutes and seconds of `ms`, rounded up to the second. */
export function clock(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Milliseconds left until the ISO time `until` on the machine's clock `now`, re-read every second
 * while counting (0 when `until` is null or past). Only redraws the countdown text: the machine's
 * own delays (machines/code-entry.ts) decide what happens at zero.
 */
export function useCountdown(until: string | null | undefined, now: () => number): number {
  const [, setTick] = useState(0);
  const left = until ? Math.max(0, Date.parse(until) - now()) : 0;
  useEffect(() => {
    if (!until) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
