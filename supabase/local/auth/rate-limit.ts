/**
 * Fixed-window counters, like GoTrue's per-IP limits: `hit(key)` is false once `limit` hits fell
 * inside the current window.
 */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key: string): boolean {
      const t = now();
      const current = windows.get(key);
      if (!current || t - current.start >= windowMs) {
        windows.set(key, { start: t, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
  };
}

/** Minimum spacing between two events for one key (GoTrue's `max_frequency` per address). */
export function createFrequencyLimiter(intervalMs: number, now: () => number = Date.now) {
  const last = new Map<string, number>();
  return {
    /** Seconds still to wait, or 0 when the event may happen (and is recorded). */
    wait(key: string): number {
      const t = now();
      const previous = last.get(key);
      if (previous !== undefined && t - previous < intervalMs) {
        return Math.ceil((intervalMs - (t - previous)) / 1000);
      }
      last.set(key, t);
      return 0;
    },
  };
}
