import { Select } from 'antd';
import { CheckboxList } from '@renderer/index';
import { dictText, splitValue, useDictOptions, type DictItem } from '@renderer/index';

export interface JMultiSelectTagProps {
  dictCode?: string;
  /** list_multi / select (default): a multi select showing 1 tag; checkbox: a checkbox group. */
  type?: 'list_multi' | 'select' | 'checkbox';
  value?: string;
  onChange?: (value: string) => void;
  options?: DictItem[];
  spliter?: string;
  placeholder?: string;
  disabled?: boolean;
}

/** Multi-choice from a dictionary, stored as one joined string. */
export function JMultiSelectTag({
  dictCode,
  type = 'select',
  value,
  onChange,
  options: given,
  spliter = ',',
  placeholder = '请选择',
  disabled,
}: JMultiSelectTagProps) {
  const { options, error } = useDictOptions(given ? undefined : dictCode, given);
  const selected = splitValue(value, spliter);
  const emit = (list: string[]) => onChange?.(list.join(spliter));
  if (error) return <span style={{ color: 'red' }}>{error}</span>;
  if (type === 'checkbox') {
    return (
      <CheckboxList
        value={selected}
        disabled={disabled}
        onChange={emit}
        options={options.map((option) => ({ value: option.value, label: option.text, disabled: option.disabled }))}
      />
    );
  }
  return (
    <Select
      mode="multiple"
      maxTagCount={1}
      allowClear
      value={selected}
      disabled={disabled}
      placeholder={placeholder}
      optionFilterProp="label"
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
      onChange={(list: string[]) => emit(list)}
      options={options.map((option) => ({ value: option.value, label: option.text, disabled: option.disabled }))}
      style={{ width: '100%' }}
    />
  );
}

export function MultiDictPretty({
  value,
  text,
  dictCode,
  options: given,
  spliter = ',',
}: {
  value?: string;
  text?: string;
  dictCode?: string;
  options?: DictItem[];
  spliter?: string;
}) {
  const { options } = useDictOptions(text !== undefined || given ? undefined : dictCode, given);
  return <span>{text ?? dictText(options, value, spliter)}</span>;
}
