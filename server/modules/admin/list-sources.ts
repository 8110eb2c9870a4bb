import type { ListField, ListSource } from '../entity/list-query';

const audit: readonly ListField[] = [
  { property: 'createBy', column: 'create_by', type: 'string' },
  { property: 'createTime', column: 'create_time', type: 'datetime' },
  { property: 'updateBy', column: 'update_by', type: 'string' },
  { property: 'updateTime', column: 'update_time', type: 'datetime' },
];

const byCreateTime = { column: 'createTime', order: 'desc' } as const;

export const DICT_SOURCE: ListSource = {
  table: 'sys_dict',
  idProperty: 'id',
  defaultSort: byCreateTime,
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'dictName', column: 'dict_name', type: 'string' },
    { property: 'dictCode', column: 'dict_code', type: 'string' },
    { property: 'description', column: 'description', type: 'string' },
    { property: 'delFlag', column: 'del_flag', type: 'int', dictCode: 'del_flag' },
    { property: 'type', column: 'type', type: 'int' },
    ...audit,
  ],
};

export const TENANT_SOURCE: ListSource = {
  table: 'sys_tenant',
  idProperty: 'id',
  defaultSort: { column: 'id', order: 'asc' },
  fields: [
    { property: 'id', column: 'id', type: 'int' },
    { property: 'name', column: 'name', type: 'string' },
    { property: 'beginDate', column: 'begin_date', type: 'datetime' },
    { property: 'endDate', column: 'end_date', type: 'datetime' },
    { property: 'status', column: 'status', type: 'int', dictCode: 'tenant_status' },
    { property: 'createBy', column: 'create_by', type: 'string' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
  ],
};

export const CATEGORY_SOURCE: ListSource = {
  table: 'sys_category',
  idProperty: 'id',
  defaultSort: { column: 'code', order: 'asc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'pid', column: 'pid', type: 'string' },
    { property: 'name', column: 'name', type: 'string' },
    { property: 'code', column: 'code', type: 'string' },
    { property: 'sysOrgCode', column: 'sys_org_code', type: 'string' },
    { property: 'hasChild', column: 'has_child', type: 'string' },
    ...audit,
  ],
};
