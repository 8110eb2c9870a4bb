import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { nextFireTime } from './cron';
import { claimAndRun, type JobRow } from './runner';

export const STATUS_RUNNING = 0;
export const STATUS_STOPPED = -1;

/** How often the table is re-read, so that jobs added, edited, paused or resumed on any instance are picked up. */
export const REFRESH_MS = 1000;
/** A timer wakes up at most this late after a fire time. */
const MAX_SLEEP_MS = 1000;
/** A fire time the process woke up late for (it was busy) still runs when it is at most this late; older ones are skipped. */
export const MISFIRE_THRESHOLD_MS = 5000;

interface Planned {
  job: JobRow;
  next: Date | null;
}

/**
 * In-process scheduler over sys_quartz_job. Each started job's next fire time comes from its cron
 * expression; when it is due, every instance tries to claim it (runner.ts) and only one runs it.
 * Misfires are not replayed: a job first seen (at start, after resume or after an edit) gets its next
 * fire time after now, and a fire time missed while the process was down or busy for more than
 * MISFIRE_THRESHOLD_MS is skipped (a busy process waking up late runs the fire times of the last seconds, each once).
 */
export class QuartzScheduler {
  private planned = new Map<string, Planned>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private lastRefresh = 0;
  private readonly inFlight = new Set<Promise<unknown>>();
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake(0);
  }

  /** Stops the timer and waits for the runs already started (the database stays open until they end). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  private wake(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.loop = this.tick()
          .catch(this.onError)
          .finally(() => this.wake(this.sleepTime()));
      },
      Math.max(0, delay),
    );
    this.timer.unref();
  }

  private sleepTime(): number {
    const now = Date.now();
    let until = Math.min(this.lastRefresh + REFRESH_MS, now + MAX_SLEEP_MS);
    for (const p of this.planned.values()) if (p.next) until = Math.min(until, p.next.getTime());
    return until - now;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (Date.now() - this.lastRefresh >= REFRESH_MS) await this.refresh();
    const now = new Date();
    for (const p of this.planned.values()) {
      if (!p.next || p.next.getTime() > now.getTime() || this.stopped) continue;
      const oldest = now.getTime() - MISFIRE_THRESHOLD_MS;
      let fireTime: Date | null = p.next.getTime() < oldest ? nextFireTime(p.job.cron_expression, new Date(oldest - 1)) : p.next;
      while (fireTime && fireTime.getTime() <= now.getTime()) {
        this.run(p.job, fireTime);
        fireTime = nextFireTime(p.job.cron_expression, fireTime);
      }
      p.next = fireTime;
    }
  }

  private run(job: JobRow, fireTime: Date): void {
    const run = claimAndRun(this.deps, job, fireTime, 'cron').catch(this.onError);
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Re-reads the started jobs; a new or changed job is planned from now on. */
  private async refresh(): Promise<void> {
    const res = await sql<JobRow>`select id, job_class_name, cron_expression, parameter from sys_quartz_job
      where status = ${STATUS_RUNNING} and coalesce(del_flag, 0) = 0`.execute(this.deps.db);
    this.lastRefresh = Date.now();
    const now = new Date();
    const seen = new Set<string>();
    for (const job of res.rows) {
      seen.add(job.id);
      const known = this.planned.get(job.id);
      if (known && known.job.cron_expression === job.cron_expression) {
        known.job = job;
        continue;
      }
      this.planned.set(job.id, { job, next: nextFireTime(job.cron_expression, now) });
    }
    for (const id of [...this.planned.keys()]) if (!seen.has(id)) this.planned.delete(id);
  }
}
