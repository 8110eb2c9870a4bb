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

/** A Redis call that gets no answer within this time fails (the caller falls back or refuses), never waits. */
const COMMAND_TIMEOUT_MS = 200;
/** How often both connections are pinged, so a link that went silent without closing is noticed too. */
const HEARTBEAT_MS = 1000;

/** Where the connection stands, logged once per change rather than once per failed command. */
class Health {
  private down = false;
  private readonly reconnectHandlers: Array<() => void> = [];
  constructor(private readonly log: Log) {}
  get isDown(): boolean {
    return this.down;
  }
  failed(what: string, err: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log(`redis: ${what} failed (${err instanceof Error ? err.message : String(err)}); retrying in the background`);
  }
  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.log('redis: connection restored');
    for (const handler of this.reconnectHandlers) handler();
  }
  onRecovered(handler: () => void): void {
    this.reconnectHandlers.push(handler);
  }
}

/**
 * Several instances: counters and tickets in Redis under `prefix`, messages over Redis pub/sub (channel names are
 * prefixed too). A rate-limit check during a Redis outage falls back to this process's own counter rather than
 * refusing every sign-in; a ticket or a fan-out message fails (logged) until ioredis has reconnected. Commands are
 * not queued while disconnected and time out after COMMAND_TIMEOUT_MS, so an outage never holds a request.
 */
export class RedisSharedState implements SharedState {
  readonly kind = 'redis';
  private readonly origin = randomBytes(8).toString('hex');
  private readonly bus = new LocalBus();
  private readonly fallback = new RateLimiter();
  private readonly health: Health;
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  private missedPings = 0;
  private subscriberPinging = false;

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    log: Log,
  ) {
    this.health = new Health(log);
    for (const connection of [client, subscriber]) {
      connection.on('error', (err: Error) => this.health.failed('connection', err));
      connection.on('close', () => {
        if (!this.closing) this.health.failed('connection', new Error('connection closed'));
      });
      connection.on('ready', () => this.noteAnswer());
    }
    subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    this.heartbeat = setInterval(() => void this.ping(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private bothReady(): boolean {
    return this.client.status === 'ready' && this.subscriber.status === 'ready';
  }

  /** An answer from Redis: the outage is over once both connections are up again. */
  private noteAnswer(): void {
    if (this.bothReady()) this.health.recovered();
  }

  private async ping(): Promise<void> {
    if (!this.bothReady()) return;
    if (this.subscriberPinging) return this.missedPing(new Error('no answer to the last ping'));
    this.subscriberPinging = true;
    const subscriberPing = this.subscriber.ping().finally(() => (this.subscriberPinging = false));
    try {
      await Promise.all([this.client.ping(), withTimeout(subscriberPing, COMMAND_TIMEOUT_MS)]);
      this.missedPings = 0;
      this.noteAnswer();
    } catch (err) {
      this.missedPing(err);
    }
  }

  private missedPing(err: unknown): void {
    // one late answer is a busy event loop more often than a lost link
    if (!this.closing && ++this.missedPings >= 2) this.health.failed('a heartbeat', err);
  }

  isConnected(): boolean {
    return !this.health.isDown && this.bothReady();
  }

  onReconnect(handler: () => void): void {
    this.health.onRecovered(handler);
  }

  /** Connects both connections or throws RedisUnavailableError with one plain line. */
  static async connect(url: string, prefix: string, log: Log = stderrLog): Promise<RedisSharedState> {
    let started = false;
    let firstError: Error | null = null;
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 3000,
      enableOfflineQueue: false,
      // no retries while starting (a clear failure instead); once up, ioredis reconnects after a drop
      retryStrategy: (attempt: number) => (started ? Math.min(attempt * 250, 3000) : null),
    };
    // loaded only when REDIS_URL is set
    const { Redis: RedisClient } = await import('ioredis');
    const client = new RedisClient(url, { ...options, commandTimeout: COMMAND_TIMEOUT_MS });
    // no command timeout here: a SUBSCRIBE answered late (a busy event loop) is still in force; its pings get one below
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
      this.noteAnswer();
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
      () => this.noteAnswer(),
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
    this.closing = true;
    clearInterval(this.heartbeat);
    await Promise.allSettled([this.client.quit(), withTimeout(this.subscriber.quit(), COMMAND_TIMEOUT_MS)]);
    // a Redis that stopped answering never acknowledges QUIT
    this.client.disconnect();
    this.subscriber.disconnect();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Command timed out')), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
