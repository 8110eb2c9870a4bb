import type { DataProvider } from '@renderer/data/provider';
import { departsByIds, usersByValues } from '@widgets/reuse';

export type PickerKindName = 'depart' | 'user';

type Lookup = (data: DataProvider, store: string, values: string[]) => Promise<Record<string, unknown>[]>;

/** The endpoints the widget library's pickers read names from. */
const LOOKUPS: Record<PickerKindName, Lookup> = {
  // queryTreeList?ids= only answers ids: other store fields keep showing what is stored
  depart: (data, store, values) => (store === 'id' ? departsByIds(data, values.join(',')) : Promise.resolve([])),
  user: (data, store, values) => usersByValues(data, store, values.join(',')),
};

/**
 * Names of stored picker values for one grid: cells ask for their values while rendering, and the values
 * asked for in the same tick go out as one request per picker kind and store field. Answers (and misses) are cached.
 */
export class PickerLabels {
  private texts = new Map<string, string>();
  private asked = new Set<string>();
  private queue = new Map<string, { kind: PickerKindName; store: string; text: string; values: Set<string> }>();
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  version = 0;

  constructor(private readonly data: DataProvider | undefined) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  text(kind: PickerKindName, store: string, value: string): string | undefined {
    return this.texts.get(`${kind}|${store}|${value}`);
  }

  remember(kind: PickerKindName, store: string, value: string, text: string): void {
    this.texts.set(`${kind}|${store}|${value}`, text);
    this.asked.add(`${kind}|${store}|${value}`);
  }

  /** Queue the values whose names are unknown; one request per kind/store goes out on the next tick. */
  request(kind: PickerKindName, store: string, text: string, values: readonly string[]): void {
    if (!this.data) return;
    for (const v of values) {
      const id = `${kind}|${store}|${v}`;
      if (!v || this.asked.has(id)) continue;
      this.asked.add(id);
      const group = `${kind}|${store}|${text}`;
      const entry = this.queue.get(group) ?? { kind, store, text, values: new Set<string>() };
      entry.values.add(v);
      this.queue.set(group, entry);
    }
    if (this.queue.size && this.timer === undefined) this.timer = setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.timer = undefined;
    const data = this.data as DataProvider;
    const groups = [...this.queue.values()];
    this.queue.clear();
    for (const { kind, store, text, values } of groups) {
      LOOKUPS[kind](data, store, [...values])
        .then((rows) => {
          for (const row of flatten(rows)) {
            const value = row[store];
            const name = row[text];
            if (value != null && name != null && name !== '') this.texts.set(`${kind}|${store}|${String(value)}`, String(name));
          }
          this.version++;
          for (const l of this.listeners) l();
        })
        .catch(() => undefined);
    }
  }
}

function flatten(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.flatMap((r) => [r, ...(Array.isArray(r.children) ? flatten(r.children as Record<string, unknown>[]) : [])]);
}
