import { useEffect, useState } from 'react';
import { Button, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useRenderer } from '@renderer/context';
import { BizSelectModal } from './BizSelectModal';
import type { BizPreset, BizRow } from './biz-presets';

export interface JSelectBizProps {
  value?: string;
  onChange?: (value: string, rows?: BizRow[]) => void;
  preset: BizPreset;
  multiple?: boolean;
  /** Store the id instead of the value key. */
  returnId?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Business-record picker: tags of the chosen records plus a 选择 button opening the record dialog. */
export function JSelectBizComponent({
  value = '',
  onChange,
  preset,
  multiple = true,
  returnId = false,
  placeholder = '请选择',
  disabled,
}: JSelectBizProps) {
  const { data } = useRenderer();
  const valueKey = returnId ? preset.returnKeys[0] : preset.returnKeys[1];
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<BizRow[]>([]);
  const values = value ? value.split(',').filter(Boolean) : [];

  useEffect(() => {
    if (!value) {
      setRows([]);
      return;
    }
    if (values.every((v) => rows.some((row) => String(row[valueKey]) === v))) return;
    let alive = true;
    // A failed lookup leaves the stored values as their labels.
    data.getList<BizRow>(preset.listUrl, { [valueKey]: `${value},`, pageNo: 1, pageSize: values.length }).then(
      (page) => alive && setRows(page.records),
      () => undefined,
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows are the loaded labels; reading them must not load again
  }, [data, value, valueKey, preset]);

  const labelOf = (v: string) => {
    const row = rows.find((r) => String(r[valueKey]) === v);
    return row ? String(row[preset.displayKey] ?? v) : v;
  };
  const emit = (chosen: BizRow[]) => {
    setRows(chosen);
    onChange?.(chosen.map((row) => String(row[valueKey] ?? '')).join(','), chosen);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          open={false}
          value={values}
          placeholder={placeholder}
          disabled={disabled}
          options={values.map((v) => ({ value: v, label: labelOf(v) }))}
          onChange={(kept: string[]) => emit(rows.filter((row) => kept.includes(String(row[valueKey]))))}
          style={{ flex: 1 }}
        />
        <Button type="primary" icon={<SearchOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <BizSelectModal
        open={open}
        preset={preset}
        multiple={multiple}
        valueKey={valueKey}
        initialRows={rows.filter((row) => values.includes(String(row[valueKey])))}
        onCancel={() => setOpen(false)}
        onOk={(chosen) => {
          emit(chosen);
          setOpen(false);
        }}
      />
    </>
  );
}
