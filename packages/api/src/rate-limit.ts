import { AppError } from "./errors";

/**
 * A fixed-window limiter kept in memory (per process). `hit(key)` counts one attempt and throws
 * TOO_MANY_REQUESTS once `max` attempts were made within `windowMs`.
 */
export function createRateLimiter({ windowMs, max, message }: { windowMs: number; max: number; message: string }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    hit(key: string, now = Date.now()): void {
      const current = windows.get(key);
      if (!current || now - current.startedAt >= windowMs) {
        if (windows.size > 10_000) sweep(now);
        windows.set(key, { startedAt: now, count: 1 });
        return;
      }
      current.count += 1;
      if (current.count > max) throw new AppError("TOO_MANY_REQUESTS", message);
    },
    reset(): void {
      windows.clear();
    },
  };

  function sweep(now: number): void {
    for (const [key, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(key);
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
