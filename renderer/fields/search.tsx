import { Input } from 'antd';
import type { FieldParts } from '../registry';
import { applyInputRule, stripInputRule, type InputRule } from '../superQuery/model';

interface SearchInputProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** like → *v*, ne → !v, ge → >=v, le → <=v (list value forms, docs/api.md). */
  rule?: InputRule;
  [prop: string]: unknown;
}

/** Query-form text input that sends the value with the rule's prefix. */
function SearchInput({ value, onChange, rule = 'like', ...rest }: SearchInputProps) {
  return (
    <Input
      allowClear
      {...rest}
      value={value ? stripInputRule(rule, value) : ''}
      onChange={(e) => onChange?.(e.target.value ? applyInputRule(rule, e.target.value) : undefined)}
    />
  );
}

export const searchParts: Record<string, FieldParts> = {
  SearchInput: { component: SearchInput, readPretty: ({ value }: { value?: string }) => <span>{value ?? ''}</span> },
};
