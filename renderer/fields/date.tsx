import { DatePicker, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { CellProps, FieldParts } from '../registry';

/** Date formats of every date field and cell. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

interface DateProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  format?: string;
  [prop: string]: unknown;
}

function formatted(value: unknown, format: string): string {
  if (value === undefined || value === null || value === '') return '';
  const date = dayjs(value as string);
  return date.isValid() ? date.format(format) : String(value);
}

function makePicker(defaultFormat: string, withTime: boolean) {
  return function DateInput({ value, onChange, format = defaultFormat, ...rest }: DateProps) {
    const parsed = value ? dayjs(value, format) : null;
    return (
      <DatePicker
        style={{ width: '100%' }}
        {...rest}
        showTime={withTime}
        format={format}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(date) => onChange?.(date ? date.format(format) : undefined)}
      />
    );
  };
}

/** A time of day kept as text (`HH:mm:ss`). */
function TimeInput({ value, onChange, format = TIME_FORMAT, ...rest }: DateProps) {
  const parsed = value ? dayjs(value, format) : null;
  return (
    <TimePicker
      style={{ width: '100%' }}
      {...rest}
      format={format}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(time) => onChange?.(time ? time.format(format) : undefined)}
    />
  );
}

function makeText(defaultFormat: string) {
  return function DateText({ value, format = defaultFormat }: { value?: unknown; format?: string }) {
    return <span>{formatted(value, format)}</span>;
  };
}

function makeCell(defaultFormat: string) {
  return function DateCell({ value, props }: CellProps) {
    return <>{formatted(value, (props?.format as string | undefined) ?? defaultFormat)}</>;
  };
}

export const dateParts: Record<string, FieldParts> = {
  DatePicker: { component: makePicker(DATE_FORMAT, false), readPretty: makeText(DATE_FORMAT), cell: makeCell(DATE_FORMAT) },
  DateTimePicker: { component: makePicker(DATETIME_FORMAT, true), readPretty: makeText(DATETIME_FORMAT), cell: makeCell(DATETIME_FORMAT) },
  TimePicker: {
    component: TimeInput,
    readPretty: ({ value }: { value?: unknown }) => <span>{value ? String(value) : ''}</span>,
    cell: ({ value }: CellProps) => <>{value ? String(value) : ''}</>,
  },
};
