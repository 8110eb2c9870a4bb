import { Input, InputNumber, Switch } from 'antd';
import type { ChangeEvent } from 'react';
import type { CellProps, FieldParts } from '../registry';

interface ValueProps<V> {
  value?: V;
  onChange?: (value: V | undefined) => void;
  [prop: string]: unknown;
}

const show = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export function PlainText({ value }: { value?: unknown }) {
  return <span className="renderer-text">{show(value)}</span>;
}

function TextInput({ value, onChange, ...rest }: ValueProps<string>) {
  return <Input {...rest} value={value ?? ''} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value)} />;
}

function TextArea({ value, onChange, ...rest }: ValueProps<string>) {
  return <Input.TextArea {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
}

function PasswordInput({ value, onChange, ...rest }: ValueProps<string>) {
  return <Input.Password {...rest} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
}

function MaskedText({ value }: { value?: unknown }) {
  return <span>{value ? '******' : ''}</span>;
}

function NumberInput({ value, onChange, ...rest }: ValueProps<number>) {
  return <InputNumber {...rest} style={{ width: '100%' }} value={value ?? null} onChange={(v) => onChange?.(v ?? undefined)} />;
}

/** Switch values: Y / N (configurable through `options: [on, off]`). */
function YesNoSwitch({ value, onChange, options, ...rest }: ValueProps<string> & { options?: [string, string] }) {
  const [on, off] = options ?? ['Y', 'N'];
  return <Switch {...rest} checked={value === on} onChange={(checked) => onChange?.(checked ? on : off)} />;
}

function YesNoText({ value, options }: { value?: unknown; options?: [string, string] }) {
  const [on] = options ?? ['Y', 'N'];
  return <span>{value === undefined || value === null || value === '' ? '' : value === on ? '是' : '否'}</span>;
}

function YesNoCell({ value, props }: CellProps) {
  return <YesNoText value={value} options={props?.options as [string, string] | undefined} />;
}

const textCell = ({ value, text }: CellProps) => <>{text ?? show(value)}</>;

export const basicParts: Record<string, FieldParts> = {
  Input: { component: TextInput, readPretty: PlainText, cell: textCell },
  TextArea: { component: TextArea, readPretty: PlainText, cell: textCell },
  Password: { component: PasswordInput, readPretty: MaskedText, cell: ({ value }) => <MaskedText value={value} /> },
  NumberPicker: { component: NumberInput, readPretty: PlainText, cell: textCell },
  Switch: { component: YesNoSwitch, readPretty: YesNoText, cell: YesNoCell },
};
