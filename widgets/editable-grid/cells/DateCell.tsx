import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { GRID_Z_INDEX } from '../parts/layout';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

function parse(value: unknown, format: string): Dayjs | null {
  if (value == null || value === '') return null;
  const d = dayjs(String(value), format);
  return d.isValid() ? d : dayjs(String(value)).isValid() ? dayjs(String(value)) : null;
}

function DateLikeCell(props: CellRenderProps & { kind: 'date' | 'datetime' | 'time' }) {
  const { value, column, disabled, size, onCommit, kind } = props;
  // A pick commits its value; the picker closing right after must not commit the stale draft over it.
  const picked = useRef(false);
  const format = column.format ?? (kind === 'date' ? DATE_FORMAT : kind === 'datetime' ? DATETIME_FORMAT : TIME_FORMAT);
  const common = {
    autoFocus: true,
    defaultOpen: true,
    style: { width: '100%' },
    size: controlSize(size),
    disabled,
    format,
    value: parse(value, format),
    placeholder: column.placeholder ?? `请选择${column.title}`,
    popupStyle: { zIndex: GRID_Z_INDEX },
    onChange: (d: Dayjs | null) => {
      picked.current = true;
      onCommit(d ? d.format(format) : '');
    },
    onOpenChange: (open: boolean) => {
      if (!open && !picked.current) onCommit();
    },
  };
  if (kind === 'time') return <TimePicker {...common} {...column.props} />;
  return <DatePicker {...common} showTime={kind === 'datetime'} {...column.props} />;
}

export const DateCell = (p: CellRenderProps) => <DateLikeCell {...p} kind="date" />;
export const DateTimeCell = (p: CellRenderProps) => <DateLikeCell {...p} kind="datetime" />;
export const TimeCell = (p: CellRenderProps) => <DateLikeCell {...p} kind="time" />;
