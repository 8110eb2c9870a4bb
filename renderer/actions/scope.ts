import type { RendererUser } from '../context';

type Row = Record<string, unknown>;

/** The names an action's `{{ }}` expressions see. */
export interface ActionScope {
  /** The row (row actions), the one selected row (toolbar actions with `selection: "one"`), else undefined. */
  $record?: Row;
  $selection: { keys: string[]; rows: Row[]; count: number };
  /** The list's current query form values. */
  $query: Row;
  $user?: RendererUser;
}

export interface ScopeSource {
  selectedRowKeys: string[];
  selectedRows: Row[];
  query: Row;
}

export function actionScope(list: ScopeSource | undefined, record: Row | undefined, user: RendererUser | undefined): ActionScope {
  const keys = list?.selectedRowKeys ?? [];
  return {
    $record: record,
    $selection: { keys, rows: list?.selectedRows ?? [], count: keys.length },
    $query: list?.query ?? {},
    $user: user,
  };
}
