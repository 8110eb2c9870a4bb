import type { GridColumn, GridOption, GridRow, LinkageConfig } from '../types';

export const ROOT_PARENT = 'root';

export interface LinkageChain {
  config: LinkageConfig;
  /** Column keys from the top level down. */
  keys: string[];
}

/** Follow column.linkageKey from each config's top column. */
export function buildLinkageChains(columns: readonly GridColumn[], configs: readonly LinkageConfig[]): LinkageChain[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return configs.map((config) => {
    const keys: string[] = [];
    let key: string | undefined = config.key;
    while (key && byKey.has(key) && !keys.includes(key)) {
      keys.push(key);
      key = byKey.get(key)?.linkageKey;
    }
    return { config, keys };
  });
}

/**
 * Options of linked select columns, cached per parent value ('root' for the top level)
 * so every row sharing a parent reuses one request.
 */
export class LinkageOptions {
  private cache = new Map<string, Map<string, GridOption[]>>();
  private inflight = new Map<string, Promise<GridOption[]>>();
  private chains: LinkageChain[] = [];

  constructor(private onLoaded: () => void) {}

  setChains(chains: LinkageChain[]): void {
    this.chains = chains;
  }

  private chainOf(key: string): { chain: LinkageChain; level: number } | null {
    for (const chain of this.chains) {
      const level = chain.keys.indexOf(key);
      if (level >= 0) return { chain, level };
    }
    return null;
  }

  isLinked(key: string): boolean {
    return this.chainOf(key) != null;
  }

  /** Cached options for this cell, starting a load when missing; undefined while loading. */
  get(column: GridColumn, row: GridRow): GridOption[] | undefined {
    const found = this.chainOf(column.key);
    if (!found) return column.options;
    const { chain, level } = found;
    const parent = level === 0 ? ROOT_PARENT : row[chain.keys[level - 1]];
    if (parent == null || parent === '') return [];
    const parentKey = String(parent);
    const store = this.cache.get(chain.config.key) ?? new Map<string, GridOption[]>();
    this.cache.set(chain.config.key, store);
    const hit = store.get(parentKey);
    if (hit) return hit;
    const flight = `${chain.config.key}\u0000${parentKey}`;
    if (!this.inflight.has(flight)) {
      const { requestData, optionsByParent } = chain.config;
      const load = requestData ? requestData(level === 0 ? undefined : parent) : Promise.resolve(optionsByParent?.[parentKey] ?? []);
      const p = load
        .then((opts) => {
          store.set(parentKey, opts);
          return opts;
        })
        .catch(() => {
          store.set(parentKey, []);
          return [];
        })
        .finally(() => {
          this.inflight.delete(flight);
          this.onLoaded();
        });
      this.inflight.set(flight, p);
    }
    return undefined;
  }

  /** Keys below `key` in its chain: cleared when `key` changes. */
  dependents(key: string): string[] {
    const found = this.chainOf(key);
    return found ? found.chain.keys.slice(found.level + 1) : [];
  }

  /** Wait for every running load (tests, prefetch). */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.all(this.inflight.values());
  }
}
