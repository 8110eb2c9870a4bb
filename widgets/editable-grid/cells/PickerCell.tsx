import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Input } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';
import { DepartSelectModal, UserPickerModal, type DepartNode, type PickerUser } from '@widgets/reuse';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { useGridContext } from '../parts/gridContext';
import { departFields, userFields, type PickerFields } from '../adapters/pickerFields';
import type { PickerKindName, PickerLabels } from '../adapters/pickerLabels';

/** Texts of picked values, remembered so the cell shows names rather than ids. */
const pickedText = new Map<string, string>();

type Picked = Record<string, unknown>;

interface PickerDialogProps {
  fields: PickerFields;
  selected: string[];
  onOk: (rows: Picked[]) => void;
  onCancel: () => void;
}

interface PickerKind {
  name: PickerKindName;
  fields: (c: CellRenderProps['column']) => PickerFields;
  placeholder: string;
  Dialog: (p: PickerDialogProps) => ReactNode;
}

/** The widget library's 选择部门 dialog. */
function DepartDialog({ fields, selected, onOk, onCancel }: PickerDialogProps) {
  return (
    <DepartSelectModal
      open
      multi={fields.multi}
      initialKeys={fields.store === 'id' ? selected : []}
      onCancel={onCancel}
      onOk={(nodes: DepartNode[]) => onOk(nodes)}
    />
  );
}

/** The widget library's 根据部门选择用户 dialog. */
function UserDialog({ fields, selected, onOk, onCancel }: PickerDialogProps) {
  const initialRows = selected.map((v) => ({ id: v, username: v, realname: pickedText.get(v) ?? v, [fields.store]: v }) as PickerUser);
  return (
    <UserPickerModal
      open
      multi={fields.multi}
      rowKey={fields.store}
      initialRows={initialRows}
      onCancel={onCancel}
      onOk={(rows) => onOk(rows)}
    />
  );
}

const DEPART: PickerKind = { name: 'depart', fields: departFields, placeholder: '请点击选择部门', Dialog: DepartDialog };
const USER: PickerKind = { name: 'user', fields: userFields, placeholder: '请选择用户', Dialog: UserDialog };

/** Names of a stored value: picked in this session, else looked up (rows loaded from the server), else the raw value. */
export function pickerText(value: unknown, lookup?: (v: string) => string | undefined): string {
  if (value == null || value === '') return '';
  return String(value)
    .split(',')
    .map((v) => pickedText.get(v) ?? lookup?.(v) ?? v)
    .join(',');
}

function usePickerNames(labels: PickerLabels, kind: PickerKindName, fields: PickerFields, selected: string[]) {
  useSyncExternalStore(labels.subscribe, labels.getVersion, labels.getVersion);
  const key = selected.join(',');
  useEffect(() => {
    const unknown = (key ? key.split(',') : []).filter((v) => !pickedText.has(v));
    if (unknown.length) labels.request(kind, fields.store, fields.text, unknown);
  }, [labels, kind, fields.store, fields.text, key]);
  return (v: string) => labels.text(kind, fields.store, v);
}

function makePickerCell(kind: PickerKind) {
  return function PickerCell({ value, column, disabled, size, onCommit }: CellRenderProps) {
    const { services, pickerLabels } = useGridContext();
    const [open, setOpen] = useState(false);
    const fields = kind.fields(column);
    const selected = value == null || value === '' ? [] : String(value).split(',');
    const lookup = usePickerNames(pickerLabels, kind.name, fields, selected);
    const { Dialog } = kind;
    return (
      <>
        <Input
          readOnly
          size={controlSize(size)}
          disabled={disabled}
          value={pickerText(value, lookup)}
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
          <Dialog
            fields={fields}
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
