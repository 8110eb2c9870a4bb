import type { SharedState } from './types';

const INVALIDATE_CHANNEL = 'cache:invalidate';
const MAX_ENTRIES = 20_000;

/**
 * Read-through cache of database reads (sessions, grants, data rules, dictionaries). Every instance drops all
 * entries when any instance calls invalidateAll() (after each write request, see installCacheInvalidation); the TTL
 * bounds how long a change made outside the API (SQL by hand) can go unseen. ttlMs 0 turns caching off.
 * While the shared state is disconnected (Redis unreachable) another instance's invalidation may be lost, so every read
 * goes to the database; when it is back, every instance drops what it holds once.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  /** bumped by every invalidation: a read that started before it must not store what it read */
  private generation = 0;

  constructor(
    private readonly shared: SharedState,
    readonly ttlMs: number,
  ) {
    shared.subscribe(INVALIDATE_CHANNEL, () => this.dropLocal());
    // this instance's own invalidations during the outage reached nobody
    shared.onReconnect(() => this.invalidateAll());
  }

  /** The cached value of `key`, else `load()` (kept when `keep` says so, until `expiresAt` at the latest). */
  async get<V>(
    key: string,
    load: () => Promise<V>,
    options: { keep?: (value: V) => boolean; expiresAt?: (value: V) => number } = {},
  ): Promise<V> {
    if (this.ttlMs <= 0 || !this.shared.isConnected()) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as V;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.shared.isConnected() && (options.keep?.(value) ?? true)) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, expiresAt: Math.min(now + this.ttlMs, options.expiresAt?.(value) ?? Infinity) });
    }
    return value;
  }

  /** Drops every entry here and on every other instance. */
  invalidateAll(): void {
    this.dropLocal();
    this.shared.publish(INVALIDATE_CHANNEL, '');
  }

  private dropLocal(): void {
    this.generation++;
    this.entries.clear();
  }
}

const byDatabase = new WeakMap<object, ReadCache>();

/**
 * The cache of the app built on `db`. Helpers that receive only the database handle (dictionary and rule lookups)
 * find it here; without an app (tools, seeds) reads go straight to the database.
 */
export function cacheOf(db: object): ReadCache | undefined {
  return byDatabase.get(db);
}

export function attachCache(db: object, cache: ReadCache): void {
  byDatabase.set(db, cache);
}

/** `load()` through the app's cache when there is one. */
export function cached<V>(db: object, key: string, load: () => Promise<V>): Promise<V> {
  const cache = byDatabase.get(db);
  return cache ? cache.get(key, load) : load();
}
