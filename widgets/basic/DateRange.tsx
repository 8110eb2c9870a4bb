import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'YYYY-MM-DD';

/**
 * Date range for `"[createTime_begin,createTime_end]"` query fields (Formily splits the pair):
 * the value is two YYYY-MM-DD strings.
 */
export function DateRange({
  value,
  onChange,
  disabled,
}: {
  value?: [string?, string?];
  onChange?(value: [string, string] | undefined): void;
  disabled?: boolean;
}) {
  const picked: [Dayjs, Dayjs] | null = value?.[0] && value?.[1] ? [dayjs(value[0]), dayjs(value[1])] : null;
  return (
    <DatePicker.RangePicker
      value={picked}
      disabled={disabled}
      placeholder={['开始时间', '结束时间']}
      style={{ width: '100%' }}
      onChange={(dates) => onChange?.(dates?.[0] && dates?.[1] ? [dates[0].format(FORMAT), dates[1].format(FORMAT)] : undefined)}
    />
  );
}
