import { createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle } from '@widgets/editable-grid/types';
import { ArrayTableBench } from './arrayTable';
import { benchColumns, benchRows } from './data';

const host = document.getElementById('root') as HTMLElement;
let root: Root | null = null;
const handle = createRef<EditableGridHandle>();

/** Resolves after the browser has painted the current frame. */
function afterPaint(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
}

function unmount() {
  root?.unmount();
  root = null;
  host.innerHTML = '';
}

/** Mount one table with fresh data and return milliseconds until it was painted. */
async function mount(kind: 'grid' | 'arrayTable', rows: number): Promise<number> {
  unmount();
  const data = benchRows(rows);
  await afterPaint();
  const t0 = performance.now();
  root = createRoot(host);
  flushSync(() =>
    root!.render(
      kind === 'grid' ? (
        <EditableGrid ref={handle} columns={benchColumns} dataSource={data} rowNumber rowSelection toolbar />
      ) : (
        <ArrayTableBench rows={data} />
      ),
    ),
  );
  return (await afterPaint()) - t0;
}

export interface KeySample {
  /** keydown timestamp (when the browser received the key) until its handler started: input queueing. */
  delay: number;
  /** handler start until React updated the DOM and style/layout were recomputed: the grid's own work. */
  work: number;
  /** keydown timestamp until the frame showing the character was rendered (rAF, then the task after it). */
  paint: number;
}

/**
 * Typing latency per keystroke, measured as browsers define it (Event Timing: from the event's timestamp
 * to the next paint): keydown.timeStamp → input handled → next requestAnimationFrame → the task queued
 * from that frame, which runs once the frame's style, layout and paint have been produced.
 * `slowEvents` collects Event Timing entries the browser itself reports as ≥ 16 ms.
 */
function startKeyLatency(): () => { samples: KeySample[]; slowEvents: number } {
  const samples: KeySample[] = [];
  let t0 = 0;
  let handlerStart = 0;
  let slowEvents = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'keydown' && e.duration >= 16) slowEvents++;
  });
  observer.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  const onKey = (e: KeyboardEvent) => {
    t0 = e.timeStamp;
    handlerStart = performance.now();
  };
  const onInput = () => {
    const start = t0;
    void host.offsetHeight;
    const processed = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () =>
        samples.push({ delay: handlerStart - start, work: processed - handlerStart, paint: performance.now() - start });
      channel.port2.postMessage(null);
    });
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('input', onInput);
  return () => {
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('input', onInput);
    observer.disconnect();
    return { samples, slowEvents };
  };
}

/** Scroll the whole grid one viewport at a time; count viewports with uncovered (blank) space. */
async function scrollAll(): Promise<{ steps: number; blank: number }> {
  const scroller = host.querySelector('.eg-scroll') as HTMLElement;
  const header = (host.querySelector('.eg-header') as HTMLElement).offsetHeight;
  let blank = 0;
  let steps = 0;
  for (let top = 0; top <= scroller.scrollHeight; top += scroller.clientHeight - header) {
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
    await afterPaint();
    steps++;
    const viewTop = scroller.scrollTop;
    const viewBottom = viewTop + scroller.clientHeight - header;
    const spans = [...scroller.querySelectorAll<HTMLElement>('[data-row-id]')]
      .map((r) => {
        const wrapper = r.parentElement as HTMLElement;
        const start = parseFloat(wrapper.style.top);
        return [start, start + r.offsetHeight] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    let covered = viewTop;
    for (const [s, e] of spans) if (s <= covered + 0.5 && e > covered) covered = e;
    const contentEnd = Math.min(viewBottom, scroller.scrollHeight - header);
    if (covered + 0.5 < contentEnd) blank++;
    if (top >= scroller.scrollHeight - scroller.clientHeight) break;
  }
  return { steps, blank };
}

/** Main-thread work per keystroke in the open editor: synthetic input events, DOM and layout updated. */
function inputWork(count: number): number[] {
  const input = host.querySelector('[data-key="remark"] input') as HTMLInputElement;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (v: string) => void;
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    setValue.call(input, input.value.slice(0, 10) + String.fromCharCode(97 + (i % 26)));
    flushSync(() => input.dispatchEvent(new Event('input', { bubbles: true })));
    void host.offsetHeight;
    samples.push(performance.now() - t0);
  }
  return samples;
}

function validateAll(): { ms: number; errors: number } {
  const t0 = performance.now();
  const result = handle.current!.getValues({ validate: true });
  return { ms: performance.now() - t0, errors: result.error };
}

Object.assign(window, { bench: { mount, unmount, startKeyLatency, inputWork, scrollAll, validateAll, afterPaint } });
