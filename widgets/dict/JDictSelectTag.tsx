import { Radio, Select } from 'antd';
import { dictText, useDictOptions, type DictItem } from '@renderer/index';

export type DictSelectType = 'list' | 'select' | 'radio' | 'radioButton';

export interface JDictSelectTagProps {
  dictCode?: string;
  type?: DictSelectType;
  value?: string | number;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Options given directly instead of a dictionary. */
  options?: DictItem[];
}

/** Dictionary select, radio or radio buttons; values compare as strings. */
export function JDictSelectTag({
  dictCode,
  type = 'select',
  value,
  onChange,
  placeholder = '请选择',
  disabled,
  options: given,
}: JDictSelectTagProps) {
  const { options, error } = useDictOptions(dictCode, given);
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  if (error) return <span style={{ color: 'red' }}>{error}</span>;
  if (type === 'radio' || type === 'radioButton') {
    const Item = type === 'radioButton' ? Radio.Button : Radio;
    return (
      <Radio.Group value={current} disabled={disabled} onChange={(event) => onChange?.(event.target.value as string)}>
        {options.map((option) => (
          <Item key={option.value} value={option.value} disabled={option.disabled}>
            {option.text}
          </Item>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Select
      value={current}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      onChange={(next?: string) => onChange?.(next === '' ? undefined : next)}
      options={[
        { value: '', label: '请选择' },
        ...options.map((option) => ({ value: option.value, label: option.text, disabled: option.disabled })),
      ]}
      style={{ width: '100%' }}
    />
  );
}

export interface DictPrettyProps {
  value?: unknown;
  text?: string;
  dictCode?: string;
  options?: DictItem[];
}

/** Dictionary text of a value (the server's _dictText when the cell has it). */
export function DictPretty({ value, text, dictCode, options }: DictPrettyProps) {
  if (text !== undefined && text !== null) return <span>{text}</span>;
  return <LoadedDictText value={value} dictCode={dictCode} options={options} />;
}

function LoadedDictText({ value, dictCode, options: given }: Omit<DictPrettyProps, 'text'>) {
  const { options } = useDictOptions(dictCode, given);
  return <span>{dictText(options, value)}</span>;
}
