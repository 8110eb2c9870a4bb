import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useRenderer } from '@renderer/context';
import { UserPickerModal } from './UserPickerModal';
import { camelField, usersByValues, type PickerUser } from './user-api';

export interface JSelectUserByDepProps {
  value?: string;
  onChange?: (value: string, rows?: PickerUser[]) => void;
  multi?: boolean;
  /** Field stored (default username). */
  store?: string;
  /** Field shown (default realname). */
  text?: string;
  modalWidth?: number;
  disabled?: boolean;
}

/** User picker by department: names of the stored users, and a 选择用户 button opening the 1250 px dialog. */
export function JSelectUserByDep({
  value = '',
  onChange,
  multi = true,
  store = 'username',
  text = 'realname',
  disabled,
}: JSelectUserByDepProps) {
  const { data } = useRenderer();
  const storeKey = camelField(store);
  const textKey = camelField(text);
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<PickerUser[]>([]);
  const values = value ? value.split(',').filter(Boolean) : [];

  useEffect(() => {
    if (!value) {
      setRows([]);
      return;
    }
    if (values.every((v) => rows.some((row) => String(row[storeKey]) === v))) return;
    let alive = true;
    usersByValues(data, store, value).then((users) => {
      if (alive) setRows(users);
    });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows are the loaded labels; reading them must not load again
  }, [data, value, store]);

  const display = values
    .map((v) => {
      const row = rows.find((r) => String(r[storeKey]) === v);
      return row ? String(row[textKey] ?? v) : v;
    })
    .join(',');

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={display}
          placeholder="请先选择用户"
          disabled={disabled}
          allowClear
          onChange={(event) => {
            if (!event.target.value) onChange?.('', []);
          }}
        />
        <Button type="primary" disabled={disabled} onClick={() => setOpen(true)}>
          选择用户
        </Button>
      </Space.Compact>
      <UserPickerModal
        open={open}
        multi={multi}
        rowKey={storeKey}
        initialRows={rows.filter((row) => values.includes(String(row[storeKey])))}
        onCancel={() => setOpen(false)}
        onOk={(chosen) => {
          setRows(chosen);
          onChange?.(chosen.map((row) => String(row[storeKey] ?? '')).join(','), chosen);
          setOpen(false);
        }}
      />
    </>
  );
}

export function UserPretty({
  value,
  text,
  store = 'username',
  textField = 'realname',
}: {
  value?: string;
  text?: string;
  store?: string;
  textField?: string;
}) {
  const { data } = useRenderer();
  const [names, setNames] = useState<string | undefined>(text);
  useEffect(() => {
    if (text !== undefined || !value) return;
    let alive = true;
    usersByValues(data, store, value).then((users) => {
      if (!alive) return;
      const key = camelField(store);
      setNames(
        value
          .split(',')
          .map((v) => String(users.find((u) => String(u[key]) === v)?.[camelField(textField)] ?? v))
          .join(','),
      );
    });
    return () => {
      alive = false;
    };
  }, [data, value, text, store, textField]);
  return <span>{names ?? value ?? ''}</span>;
}
