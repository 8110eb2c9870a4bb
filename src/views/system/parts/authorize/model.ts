/** A node of `queryTreeList` (menus, sub-menus and buttons). */
export interface PermissionNode {
  key: string;
  title: string;
  ruleFlag?: number;
  children?: PermissionNode[];
}

export function allKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

export function parentKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.key, ...parentKeys(node.children)] : []));
}

/** Ids to send: comma list without duplicates. */
export function idsText(ids: Iterable<string>): string {
  return [...new Set(ids)].join(',');
}

/** Where the grants of one owner (role, department, department role) are read and saved. */
export interface AuthorizeConfig {
  treeUrl: string;
  treeParams?: Record<string, string>;
  grantedUrl: string;
  grantedParams: Record<string, string>;
  saveUrl: string;
  /** Body fields besides permissionIds / lastpermissionIds, e.g. `{ "roleId": "{id}" }`. */
  saveBody: Record<string, string>;
  /** `{permissionId}` plus the record's fields. */
  dataRuleLoadUrl?: string;
  dataRuleSaveUrl?: string;
  /** Body besides dataRuleIds, e.g. `{ "permissionId": "{permissionId}", "roleId": "{id}" }`. */
  dataRuleBody?: Record<string, string>;
}
