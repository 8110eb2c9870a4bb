import type { GridColumn } from '../types';
import { interpolate } from '../validation/messages';

const PLACEHOLDER = /\$\{(title|key|defaultValue)\}/;

/**
 * `column.props` string values may name `${title}`, `${key}` and `${defaultValue}` of their column
 * (e.g. `{"placeholder": "请输入${title}"}`). The column is returned unchanged when nothing needs replacing.
 */
export function resolveColumnProps(column: GridColumn): GridColumn {
  const props = column.props;
  if (!props) return column;
  let resolved: Record<string, unknown> | null = null;
  for (const [name, value] of Object.entries(props)) {
    if (typeof value !== 'string' || !PLACEHOLDER.test(value)) continue;
    resolved ??= { ...props };
    resolved[name] = interpolate(value, column);
  }
  return resolved ? { ...column, props: resolved } : column;
}
