import { Radio, Select } from 'antd';
import type { CellProps, FieldParts } from '../registry';
import { dictText, useDictItems, type DictItem } from '../data/dict';
import { CheckboxList } from './CheckboxList';

interface Option {
  value: string | number;
  label?: string;
  text?: string;
  disabled?: boolean;
}

interface DictProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  dictCode?: string;
  /** Static options instead of a dictionary. */
  options?: Option[];
  dataSource?: Option[];
  mode?: 'multiple' | 'tags';
  /** Join multiple values as a comma string (JeecgBoot style) instead of an array. */
  commaJoined?: boolean;
  [prop: string]: unknown;
}

function useItems(dictCode: string | undefined, options: Option[] | undefined): DictItem[] | undefined {
  const fromDict = useDictItems(options ? undefined : dictCode);
  if (options) return options.map((o) => ({ value: String(o.value), text: o.label ?? o.text ?? String(o.value), disabled: o.disabled }));
  return fromDict;
}

const toList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === '' ? [] : String(value).split(',');

function DictSelect({ value, onChange, dictCode, options, dataSource, mode, commaJoined = true, ...rest }: DictProps) {
  const items = useItems(dictCode, options ?? dataSource);
  const multiple = mode === 'multiple' || mode === 'tags';
  return (
    <Select
      allowClear
      {...rest}
      mode={mode}
      loading={!items}
      value={multiple ? toList(value) : value === undefined || value === null || value === '' ? undefined : String(value)}
      options={(items ?? []).map((i) => ({ value: i.value, label: i.text, disabled: i.disabled }))}
      onChange={(next: string | string[] | undefined) => onChange?.(Array.isArray(next) && commaJoined ? next.join(',') : next)}
    />
  );
}

function DictRadio({ value, onChange, dictCode, options, dataSource, ...rest }: DictProps) {
  const items = useItems(dictCode, options ?? dataSource) ?? [];
  return (
    <Radio.Group
      {...rest}
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={(e) => onChange?.(e.target.value)}
    >
      {items.map((i) => (
        <Radio key={i.value} value={i.value} disabled={i.disabled}>
          {i.text}
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** Checkboxes that tick in the same render as the click (see CheckboxList). */
function DictCheckbox({ value, onChange, dictCode, options, dataSource, commaJoined = true, disabled }: DictProps) {
  const items = useItems(dictCode, options ?? dataSource) ?? [];
  return (
    <CheckboxList
      value={toList(value)}
      disabled={disabled === true}
      options={items.map((i) => ({ value: i.value, label: i.text, disabled: i.disabled }))}
      onChange={(next) => onChange?.(commaJoined ? next.join(',') : next)}
    />
  );
}

/** Read-pretty and cell: the dictionary text of the value. */
function DictText({ value, dictCode, options, dataSource }: DictProps) {
  const items = useItems(dictCode, options ?? dataSource);
  return <span>{dictText(items, value)}</span>;
}

function DictCell({ value, text, props }: CellProps) {
  if (text !== undefined && text !== null) return <>{text}</>;
  return <DictText value={value} {...(props as DictProps | undefined)} />;
}

export const dictParts: Record<string, FieldParts> = {
  Select: { component: DictSelect, readPretty: DictText, cell: DictCell },
  Radio: { component: DictRadio, readPretty: DictText, cell: DictCell },
  Checkbox: { component: DictCheckbox, readPretty: DictText, cell: DictCell },
};
