import { cpus } from 'node:os';
import { constants, monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram, type PerformanceEntry } from 'node:perf_hooks';

export const SAMPLE_MS = 5000;
/** Six minutes of samples. */
export const SAMPLE_COUNT = 72;

export interface RuntimeSample {
  time: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  /** event-loop delay over the sample's interval, milliseconds */
  loopP50: number;
  loopP99: number;
  /** whole machine, percent over the interval */
  cpuPercent: number;
  /** this process, percent of one core over the interval */
  processCpuPercent: number;
}

export interface GcCounts {
  minor: number;
  major: number;
  incremental: number;
  weakcb: number;
  totalMs: number;
}

interface CpuTimes {
  idle: number;
  total: number;
}

function cpuTimes(): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Node's analogue of the JVM page: memory, event-loop delay (perf_hooks.monitorEventLoopDelay), CPU and
 * GC counts (PerformanceObserver 'gc'), sampled every SAMPLE_MS into a ring buffer of SAMPLE_COUNT.
 */
export class RuntimeSampler {
  private readonly samples: RuntimeSample[] = [];
  private readonly gc: GcCounts = { minor: 0, major: 0, incremental: 0, weakcb: 0, totalMs: 0 };
  private histogram: IntervalHistogram | null = null;
  private observer: PerformanceObserver | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastCpu = cpuTimes();
  private lastProcessCpu = process.cpuUsage();
  private lastTime = process.hrtime.bigint();

  start(): void {
    if (this.timer) return;
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MINOR) this.gc.minor += 1;
        else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) this.gc.major += 1;
        else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) this.gc.incremental += 1;
        else if (kind === constants.NODE_PERFORMANCE_GC_WEAKCB) this.gc.weakcb += 1;
        this.gc.totalMs += entry.duration;
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
    // a first point at once (over the short time since construction), so the page has figures right away
    setTimeout(() => this.sample(), 200).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.histogram?.disable();
    this.observer?.disconnect();
  }

  /** A sample of now, recorded, with the event-loop histogram reset for the next interval. */
  sample(): RuntimeSample {
    const memory = process.memoryUsage();
    const cpu = cpuTimes();
    const processCpu = process.cpuUsage();
    const now = process.hrtime.bigint();
    const elapsedMicros = Number(now - this.lastTime) / 1000;
    const totalDelta = cpu.total - this.lastCpu.total;
    const busy = totalDelta > 0 ? 1 - (cpu.idle - this.lastCpu.idle) / totalDelta : 0;
    const processDelta = processCpu.user + processCpu.system - this.lastProcessCpu.user - this.lastProcessCpu.system;
    const h = this.histogram;
    const sample: RuntimeSample = {
      time: Date.now(),
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      rss: memory.rss,
      external: memory.external,
      loopP50: h && h.count > 0 ? round(h.percentile(50) / 1e6) : 0,
      loopP99: h && h.count > 0 ? round(h.percentile(99) / 1e6) : 0,
      cpuPercent: round(Math.max(0, busy) * 100),
      processCpuPercent: elapsedMicros > 0 ? round((processDelta / elapsedMicros) * 100) : 0,
    };
    h?.reset();
    this.lastCpu = cpu;
    this.lastProcessCpu = processCpu;
    this.lastTime = now;
    this.samples.push(sample);
    if (this.samples.length > SAMPLE_COUNT) this.samples.splice(0, this.samples.length - SAMPLE_COUNT);
    return sample;
  }

  history(): RuntimeSample[] {
    return [...this.samples];
  }

  latest(): RuntimeSample | null {
    return this.samples[this.samples.length - 1] ?? null;
  }

  gcCounts(): GcCounts {
    return { ...this.gc, totalMs: round(this.gc.totalMs) };
  }
}

/** Handles and requests keeping the event loop alive (sockets, timers, servers …), by type. */
export function activeResources(): { total: number; byType: Record<string, number> } {
  const byType: Record<string, number> = {};
  const names = process.getActiveResourcesInfo();
  for (const name of names) byType[name] = (byType[name] ?? 0) + 1;
  return { total: names.length, byType };
}
