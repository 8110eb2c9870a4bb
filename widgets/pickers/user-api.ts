import type { DataProvider } from '@renderer/data/provider';
import { unlessRefused } from '@renderer/data/requestError';

/** A picker user row. */
export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  sex?: number | string;
  phone?: string;
  birthday?: string;
  orgCodeTxt?: string;
  [field: string]: unknown;
}

export interface Paged<T> {
  records: T[];
  total: number;
}

export interface UserQuery {
  username?: string;
  departId?: string;
  pageNo: number;
  pageSize: number;
}

/** Picker default sort: createTime descending. */
export const PICKER_SORT = { column: 'createTime', order: 'desc' } as const;

/** GET /sys/user/queryUserComponentData. */
export function queryPickerUsers(data: DataProvider, query: UserQuery): Promise<Paged<PickerUser>> {
  return data.getList<PickerUser>('/sys/user/queryUserComponentData', {
    username: query.username ?? '',
    departId: query.departId ?? '',
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...PICKER_SORT,
  });
}

/** Users of stored values: GET /sys/user/getMultiUser?{store}=a,b, (trailing comma as the reference sends it). */
export function usersByValues(data: DataProvider, store: string, values: string): Promise<PickerUser[]> {
  return unlessRefused(data.getTree<PickerUser>('/sys/user/getMultiUser', { [store]: `${values},` }), []);
}

export function sexText(sex: unknown): string {
  if (String(sex) === '1') return '男';
  if (String(sex) === '2') return '女';
  return sex === undefined || sex === null ? '' : String(sex);
}

/** snake_case store/text field names are read as camelCase. */
export function camelField(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
