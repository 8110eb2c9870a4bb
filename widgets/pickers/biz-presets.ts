import { sexText } from './user-api';

export type BizRow = Record<string, unknown>;

export interface BizColumn {
  title: string;
  dataIndex: string;
  render?: (row: BizRow) => unknown;
}

/** A business-record picker: list URL, columns, what is shown and what is returned. */
export interface BizPreset {
  name: string;
  listUrl: string;
  columns: BizColumn[];
  displayKey: string;
  /** [id key, value key]; the value key is stored unless returnId. */
  returnKeys: [string, string];
  queryParam: string;
  queryParamText: string;
  width: number;
  ellipsisLength: number;
}

export const BIZ_DEFAULTS = { width: 900, ellipsisLength: 12 } as const;

export const USER_PRESET: BizPreset = {
  name: '用户',
  listUrl: '/sys/user/list',
  displayKey: 'realname',
  returnKeys: ['id', 'username'],
  queryParam: 'username',
  queryParamText: '账号',
  width: 1200,
  ellipsisLength: 25,
  columns: [
    { title: '姓名', dataIndex: 'realname' },
    { title: '账号', dataIndex: 'username' },
    { title: '电话', dataIndex: 'phone' },
    { title: '出生日期', dataIndex: 'birthday' },
    { title: '性别', dataIndex: 'sex', render: (row) => row.sex_dictText ?? sexText(row.sex) },
  ],
};

export const ROLE_PRESET: BizPreset = {
  name: '角色',
  listUrl: '/sys/role/list',
  displayKey: 'roleName',
  returnKeys: ['id', 'roleCode'],
  queryParam: 'roleCode',
  queryParamText: '角色编码',
  ...BIZ_DEFAULTS,
  columns: [
    { title: '角色名称', dataIndex: 'roleName' },
    { title: '角色编码', dataIndex: 'roleCode' },
  ],
};

export const POSITION_PRESET: BizPreset = {
  name: '职务',
  listUrl: '/sys/position/list',
  displayKey: 'name',
  returnKeys: ['id', 'code'],
  queryParam: 'name',
  queryParamText: '职务名称',
  width: 1000,
  ellipsisLength: BIZ_DEFAULTS.ellipsisLength,
  columns: [
    { title: '职务名称', dataIndex: 'name' },
    { title: '职务编码', dataIndex: 'code' },
    { title: '职级', dataIndex: 'rank_dictText', render: (row) => row.rank_dictText ?? row.postRank_dictText ?? row.postRank },
  ],
};
