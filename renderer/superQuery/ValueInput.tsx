import { Input } from 'antd';
import type { SuperQueryField } from '@contract/schema-types.gen';
import { useFieldParts } from '../form/fieldParts';
import type { Rule } from './model';

interface ValueInputProps {
  field?: SuperQueryField;
  rule?: Rule;
  value: unknown;
  onChange(value: unknown): void;
}

/** The registry type and props used for a condition value: the field's own widget. */
export function valueWidget(field: SuperQueryField | undefined, rule: Rule | undefined): { type: string; props: Record<string, unknown> } {
  const multiple = rule === 'in' ? { mode: 'multiple', commaJoined: false } : {};
  if (!field) return { type: 'Input', props: { placeholder: '请输入值' } };
  if (field.component) return { type: field.component, props: { ...multiple } };
  if (field.dictCode) return { type: 'Select', props: { dictCode: field.dictCode, placeholder: '请选择', ...multiple } };
  if (field.options) return { type: 'Select', props: { options: field.options, placeholder: '请选择', ...multiple } };
  switch (field.type) {
    case 'date':
      return { type: 'DatePicker', props: { placeholder: '请选择日期' } };
    case 'datetime':
      return { type: 'DateTimePicker', props: { placeholder: '请选择时间' } };
    case 'int':
    case 'number':
      return { type: 'NumberPicker', props: { placeholder: '请输入数值' } };
    case 'switch':
      return {
        type: 'Select',
        props: {
          options: [
            { value: 'Y', text: '是' },
            { value: 'N', text: '否' },
          ],
          placeholder: '请选择',
        },
      };
    default:
      return { type: 'Input', props: { placeholder: '请输入值' } };
  }
}

export function ValueInput({ field, rule, value, onChange }: ValueInputProps) {
  const { type, props } = valueWidget(field, rule);
  const parts = useFieldParts(type);
  const Component = parts?.component;
  if (!Component) return <Input disabled placeholder="请输入值" />;
  return <Component {...props} value={value} onChange={onChange} style={{ width: '100%' }} aria-label="查询值" />;
}
