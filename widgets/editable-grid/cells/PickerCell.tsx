import { useState } from 'react';
import { Input } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { useGridContext } from '../parts/gridContext';
import { PickerModal } from '../adapters/PickerModal';
import { departFields, userFields, type PickerFields } from '../adapters/pickerFields';

/** Texts of picked values, remembered so the cell shows names rather than ids. */
const pickedText = new Map<string, string>();

interface PickerKind {
  fields: (c: CellRenderProps['column']) => PickerFields;
  title: string;
  width: number;
  url: string;
  searchParam: string;
  placeholder: string;
  columns: { key: string; title: string }[];
}

const DEPART: PickerKind = {
  fields: departFields,
  title: '选择部门',
  width: 500,
  url: '/sys/sysDepart/queryTreeList',
  searchParam: 'keyWord',
  placeholder: '请点击选择部门',
  columns: [{ key: 'departName', title: '部门名称' }, { key: 'orgCode', title: '部门编码' }],
};

const USER: PickerKind = {
  fields: userFields,
  title: '选择用户',
  width: 1250,
  url: '/sys/user/queryUserComponentData',
  searchParam: 'username',
  placeholder: '请选择用户',
  columns: [
    { key: 'username', title: '用户账号' },
    { key: 'realname', title: '用户姓名' },
    { key: 'orgCodeTxt', title: '部门' },
  ],
};

export function pickerText(value: unknown): string {
  if (value == null || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => pickedText.get(v) ?? v)
    .join(',');
}

function makePickerCell(kind: PickerKind) {
  return function PickerCell({ value, column, disabled, size, onCommit }: CellRenderProps) {
    const { services } = useGridContext();
    const [open, setOpen] = useState(false);
    const fields = kind.fields(column);
    const selected = value == null || value === '' ? [] : String(value).split(',');
    return (
      <>
        <Input
          readOnly
          size={controlSize(size)}
          disabled={disabled}
          value={pickerText(value)}
          placeholder={column.placeholder ?? kind.placeholder}
          onClick={() => !disabled && services && setOpen(true)}
          suffix={
            selected.length > 0 && !disabled ? (
              <CloseCircleFilled aria-label="清除" onClick={(e) => (e.stopPropagation(), onCommit(''))} />
            ) : (
              <span />
            )
          }
        />
        {services && open && (
          <PickerModal
            open
            title={kind.title}
            width={(column.props?.modalWidth as number | undefined) ?? kind.width}
            http={services.http}
            url={kind.url}
            searchParam={kind.searchParam}
            columns={kind.columns}
            rowKey={fields.store}
            multi={fields.multi}
            selected={selected}
            onCancel={() => setOpen(false)}
            onOk={(rows) => {
              for (const r of rows) pickedText.set(String(r[fields.store]), String(r[fields.text] ?? r[fields.store]));
              setOpen(false);
              onCommit(rows.map((r) => String(r[fields.store])).join(','));
            }}
          />
        )}
      </>
    );
  };
}

export const DepartPickerCell = makePickerCell(DEPART);
export const UserPickerCell = makePickerCell(USER);
