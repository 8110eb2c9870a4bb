import type { RateLimitRule } from '../../config';
import { RateLimiter } from '../rate-limit';
import { LocalBus, type SharedState } from './types';

const MAX_VALUES = 10_000;

/** One instance: everything in this process's memory. */
export class MemorySharedState implements SharedState {
  readonly kind = 'memory';
  private readonly limiter = new RateLimiter();
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private readonly bus = new LocalBus();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, rule: RateLimitRule): Promise<boolean> {
    return this.limiter.hit(key, rule, this.now());
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    const now = this.now();
    for (const [k, v] of this.values) if (v.expiresAt <= now) this.values.delete(k);
    if (this.values.size >= MAX_VALUES) this.values.delete(this.values.keys().next().value as string);
    this.values.set(key, { value, expiresAt: now + ttlMs });
  }

  async take(key: string): Promise<string | null> {
    const entry = this.values.get(key);
    if (!entry) return null;
    this.values.delete(key);
    return entry.expiresAt > this.now() ? entry.value : null;
  }

  publish(channel: string, message: string): void {
    this.bus.deliver(channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    this.bus.add(channel, handler);
  }

  isConnected(): boolean {
    return true;
  }

  /** One process is never cut off from itself: nothing to run. */
  onReconnect(_handler: () => void): void {}

  async close(): Promise<void> {}
}
