import type { RendererHttp } from '@renderer/context';
import { listOf, pageOf } from '@renderer/index';

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
export async function queryPickerUsers(http: RendererHttp, query: UserQuery): Promise<Paged<PickerUser>> {
  const res = await http.get<{ records?: PickerUser[]; total?: number }>('/sys/user/queryUserComponentData', {
    username: query.username ?? '',
    departId: query.departId ?? '',
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...PICKER_SORT,
  });
  if (!res.success) throw new Error(res.message || '用户加载失败');
  return pageOf<PickerUser>(res.result);
}

/** Users of stored values: GET /sys/user/getMultiUser?{store}=a,b, (trailing comma as the reference sends it). */
export async function usersByValues(http: RendererHttp, store: string, values: string): Promise<PickerUser[]> {
  const res = await http.get<PickerUser[] | { records?: PickerUser[] }>('/sys/user/getMultiUser', { [store]: `${values},` });
  if (!res.success) return [];
  return listOf<PickerUser>(res.result);
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
