import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../../config';
import { RateLimiter } from '../rate-limit';
import { LocalBus, RedisUnavailableError, type SharedState } from './types';

/** INCR and, on a window's first hit, PEXPIRE — in one step, so concurrent instances count one window. */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

type Log = (line: string) => void;
const stderrLog: Log = (line) => process.stderr.write(`${line}\n`);

/** Where the connection stands, logged once per change rather than once per failed command. */
class Health {
  private down = false;
  constructor(private readonly log: Log) {}
  failed(what: string, err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log(`redis: ${what} failed (${err instanceof Error ? err.message : String(err)}); retrying in the background`);
  }
  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log('redis: connection restored');
  }
}

/**
 * Several instances: counters and tickets in Redis under `prefix`, messages over Redis pub/sub (channel names are
 * prefixed too). A rate-limit check during a Redis outage falls back to this process's own counter rather than
 * refusing every sign-in; a ticket or a fan-out message fails (logged) until ioredis has reconnected.
 */
export class RedisSharedState implements SharedState {
  readonly kind = 'redis';
  private readonly origin = randomBytes(8).toString('hex');
  private readonly bus = new LocalBus();
  private readonly fallback = new RateLimiter();
  private readonly health: Health;

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    log: Log,
  ) {
    this.health = new Health(log);
    for (const connection of [client, subscriber]) {
      connection.on('error', (err: Error) => this.health.failed('connection', err));
      connection.on('ready', () => this.health.recovered());
    }
    subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
  }

  /** Connects both connections or throws RedisUnavailableError with one plain line. */
  static async connect(url: string, prefix: string, log: Log = stderrLog): Promise<RedisSharedState> {
    let started = false;
    let firstError: Error | null = null;
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 3000,
      // no retries while starting (a clear failure instead); once up, ioredis reconnects after a drop
      retryStrategy: (attempt: number) => (started ? Math.min(attempt * 250, 3000) : null),
    };
    // loaded only when REDIS_URL is set
    const { Redis: RedisClient } = await import('ioredis');
    const client = new RedisClient(url, options);
    const subscriber = new RedisClient(url, options);
    const noteError = (err: Error) => (firstError ??= err);
    client.on('error', noteError);
    subscriber.on('error', noteError);
    try {
      await Promise.all([client.connect(), subscriber.connect()]);
    } catch (err) {
      client.disconnect();
      subscriber.disconnect();
      const reason = (firstError ?? (err instanceof Error ? err : new Error(String(err)))).message;
      throw new RedisUnavailableError(`Redis at ${redactedUrl(url)} (REDIS_URL) does not answer: ${reason}`);
    }
    started = true;
    client.off('error', noteError);
    subscriber.off('error', noteError);
    return new RedisSharedState(client, subscriber, prefix, log);
  }

  async hit(key: string, rule: RateLimitRule): Promise<boolean> {
    try {
      const count = Number(await this.client.eval(HIT_SCRIPT, 1, `${this.prefix}rate:${key}`, String(rule.windowMs)));
      this.health.recovered();
      return count <= rule.max;
    } catch (err) {
      this.health.failed('a rate-limit count', err);
      return this.fallback.hit(key, rule);
    }
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(`${this.prefix}value:${key}`, value, 'PX', ttlMs);
  }

  async take(key: string): Promise<string | null> {
    return this.client.getdel(`${this.prefix}value:${key}`);
  }

  publish(channel: string, message: string): void {
    this.bus.deliver(channel, message);
    this.client.publish(`${this.prefix}${channel}`, JSON.stringify({ origin: this.origin, message })).then(
      () => this.health.recovered(),
      (err: unknown) => this.health.failed(`publishing on "${channel}"`, err),
    );
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    if (!this.bus.add(channel, handler)) return;
    this.subscriber.subscribe(`${this.prefix}${channel}`).catch((err: unknown) => this.health.failed(`subscribing to "${channel}"`, err));
  }

  private receive(fullChannel: string, raw: string): void {
    if (!fullChannel.startsWith(this.prefix)) return;
    let parsed: { origin?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch {
      return;
    }
    // this instance delivered its own message already, when it published it
    if (parsed.origin === this.origin || typeof parsed.message !== 'string') return;
    this.bus.deliver(fullChannel.slice(this.prefix.length), parsed.message);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.client.quit(), this.subscriber.quit()]);
  }
}

function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}
