import type { RateLimitRule } from '../../config';

/**
 * What several server instances must share: rate-limit counters, short-lived single-use values (websocket
 * tickets) and a message bus (notice and grid-socket fan-out, cache invalidation). In process memory for one
 * instance; in Redis when REDIS_URL is set.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit of `key` in its fixed window; false once the window's `rule.max` is used up. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
  /** Keeps `value` under `key` for `ttlMs`. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value under `key`, removed as it is read; null when absent or expired. */
  take(key: string): Promise<string | null>;
  /** Delivers `message` to the subscribers of `channel` on every instance, this one included (at once). */
  publish(channel: string, message: string): void;
  subscribe(channel: string, handler: (message: string) => void): void;
  /** false while messages other instances publish may be lost (Redis unreachable): caches must not be trusted then */
  isConnected(): boolean;
  /** `handler` runs each time the connection is back after an outage */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/** REDIS_URL is set but Redis does not answer at start (the message is one plain line). */
export class RedisUnavailableError extends Error {}

/** Local subscribers of each channel (both implementations deliver to this instance's handlers directly). */
export class LocalBus {
  private readonly handlers = new Map<string, Array<(message: string) => void>>();

  /** true when this is the channel's first handler */
  add(channel: string, handler: (message: string) => void): boolean {
    const list = this.handlers.get(channel);
    if (list) {
      list.push(handler);
      return false;
    }
    this.handlers.set(channel, [handler]);
    return true;
  }

  deliver(channel: string, message: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (err) {
        process.stderr.write(`shared state: a handler of "${channel}" failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  }
}
