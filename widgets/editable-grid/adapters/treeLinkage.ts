import type { DataProvider } from '@renderer/data/provider';
import { loadTableTreeChildren } from '@widgets/reuse';
import type { GridOption, LinkageConfig } from '../types';

/**
 * Gives each linkage declared over a tree table (`treeDict`, the JSON form) the request that loads its options:
 * the top column lists the rows under `pidValue`, each column below the children of the value on its left.
 */
export function withTreeRequests(configs: LinkageConfig[] | undefined, data: DataProvider | undefined): LinkageConfig[] | undefined {
  if (!data || !configs?.some((c) => c.treeDict && !c.requestData)) return configs;
  return configs.map((config) => {
    if (!config.treeDict || config.requestData) return config;
    const { dict, pidField = 'pid', pidValue = '' } = config.treeDict;
    const [tableName = '', text = '', code = ''] = dict.split(',');
    const requestData = async (parent: unknown): Promise<GridOption[]> => {
      const rows = await loadTableTreeChildren(data, parent === undefined ? pidValue : String(parent), { tableName, text, code, pidField });
      return rows.map((r) => ({ value: r.key, text: r.title }));
    };
    return { ...config, requestData };
  });
}
