import type { RateLimitRule } from '../config';

/** Fixed-window counters per key, in process memory: one instance's limiter (Redis counts for several, see shared-state). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastSweep = Date.now();

  /** Counts one hit; false when the key has used up its window. */
  hit(key: string, rule: RateLimitRule, now = Date.now()): boolean {
    this.sweep(now, rule.windowMs);
    const current = this.windows.get(key);
    if (!current || now - current.start >= rule.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= rule.max;
  }

  private sweep(now: number, windowMs: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, w] of this.windows) if (now - w.start >= Math.max(windowMs, 60_000)) this.windows.delete(key);
  }
}
