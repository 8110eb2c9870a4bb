import { businessError } from '../../core/envelope';

export const REPORT_BUSY_MESSAGE = '报表查询繁忙，请稍后再试';

interface Waiter {
  user: string;
  start(): void;
  timer: NodeJS.Timeout;
}

export interface ReportGateLimits {
  /** report queries running at once, over all users */
  global: number;
  /** report queries one user runs at once */
  perUser: number;
  /** how long a report waits for its turn before it is refused */
  queueTimeoutMs: number;
  /** reports waiting at most (more are refused at once) */
  queueLength: number;
}

/**
 * Admission of report queries: at most `global` at once and `perUser` per user; the others wait in arrival order
 * (a waiter whose user is at its limit lets later ones of other users pass) and are refused with
 * REPORT_BUSY_MESSAGE when their wait is over.
 */
export class ReportGate {
  private running = 0;
  private readonly perUser = new Map<string, number>();
  private readonly queue: Waiter[] = [];

  constructor(private readonly limits: ReportGateLimits) {}

  private canStart(user: string): boolean {
    return this.running < this.limits.global && (this.perUser.get(user) ?? 0) < this.limits.perUser;
  }

  private take(user: string): void {
    this.running += 1;
    this.perUser.set(user, (this.perUser.get(user) ?? 0) + 1);
  }

  private leave(user: string): void {
    this.running -= 1;
    const left = (this.perUser.get(user) ?? 1) - 1;
    if (left > 0) this.perUser.set(user, left);
    else this.perUser.delete(user);
    for (let i = 0; i < this.queue.length && this.running < this.limits.global;) {
      const waiter = this.queue[i];
      if (!this.canStart(waiter.user)) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      clearTimeout(waiter.timer);
      this.take(waiter.user);
      waiter.start();
    }
  }

  /** Runs `fn` when the user's report may start; refuses with REPORT_BUSY_MESSAGE after the queue timeout. */
  async run<T>(user: string, fn: () => Promise<T>): Promise<T> {
    if (this.canStart(user)) this.take(user);
    else {
      if (this.queue.length >= this.limits.queueLength) throw businessError(REPORT_BUSY_MESSAGE);
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          user,
          start: resolve,
          timer: setTimeout(() => {
            this.queue.splice(this.queue.indexOf(waiter), 1);
            reject(businessError(REPORT_BUSY_MESSAGE));
          }, this.limits.queueTimeoutMs),
        };
        this.queue.push(waiter);
      });
    }
    try {
      return await fn();
    } finally {
      this.leave(user);
    }
  }
}
