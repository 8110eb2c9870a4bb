import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { ClusterOutlined } from '@ant-design/icons';
import { useRenderer } from '@renderer/context';
import { departsByIds, flattenDeparts, type DepartNode } from './depart-api';
import { DepartSelectModal } from './DepartSelectModal';

export interface JSelectDepartProps {
  value?: string;
  onChange?: (value: string, nodes?: DepartNode[]) => void;
  multi?: boolean;
  /** Field stored in the value (default id). */
  store?: string;
  /** Field shown (default departName). */
  text?: string;
  checkStrictly?: boolean;
  treeOpera?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

const field = (node: DepartNode, name: string) => String(node[name] ?? '');

/** Department select: read-only input opening the 500 px department dialog; the value is comma-joined store fields. */
export function JSelectDepart({
  value = '',
  onChange,
  multi = false,
  store = 'id',
  text = 'departName',
  checkStrictly = true,
  treeOpera = false,
  placeholder = '请点击选择部门',
  disabled,
}: JSelectDepartProps) {
  const { data } = useRenderer();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<DepartNode[]>([]);
  const values = value ? value.split(',').filter(Boolean) : [];

  useEffect(() => {
    if (!value) {
      setSelected([]);
      return;
    }
    if (values.every((v) => selected.some((node) => field(node, store) === v))) return;
    let alive = true;
    departsByIds(data, value).then(
      (nodes) => {
        if (!alive) return;
        const flat = flattenDeparts(nodes);
        setSelected(values.map((v) => flat.find((node) => field(node, store) === v)).filter((n): n is DepartNode => !!n));
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- selected holds the loaded labels; reading it must not load again
  }, [data, value, store]);

  const display = values
    .map((v) => {
      const node = selected.find((n) => field(n, store) === v);
      return node ? field(node, text) : v;
    })
    .join(',');

  return (
    <>
      <Input
        readOnly
        value={display}
        placeholder={placeholder}
        disabled={disabled}
        onClick={() => !disabled && setOpen(true)}
        allowClear
        onChange={(event) => {
          if (!event.target.value) onChange?.('', []);
        }}
        suffix={<ClusterOutlined />}
      />
      <DepartSelectModal
        open={open}
        multi={multi}
        checkStrictly={checkStrictly}
        treeOpera={treeOpera}
        initialKeys={selected.map((node) => node.key)}
        onCancel={() => setOpen(false)}
        onOk={(nodes) => {
          setSelected(nodes);
          onChange?.(nodes.map((node) => field(node, store)).join(','), nodes);
          setOpen(false);
        }}
      />
    </>
  );
}

export function DepartPretty({
  value,
  text,
  store = 'id',
  textField = 'departName',
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
    departsByIds(data, value).then(
      (nodes) => {
        if (!alive) return;
        const flat = flattenDeparts(nodes);
        setNames(
          value
            .split(',')
            .map((v) => {
              const n = flat.find((node) => field(node, store) === v);
              return n ? field(n, textField) : v;
            })
            .join(','),
        );
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [data, value, text, store, textField]);
  return <span>{names ?? value ?? ''}</span>;
}
