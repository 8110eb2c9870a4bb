import { useState } from 'react';
import { Input, Tabs } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { JModal } from '../shared/JModal';
import { CycleTab } from './CycleTab';
import { DayTab } from './DayTab';
import { CronPreview } from './CronPreview';
import { buildSeven, defaultSevenState, parseSeven, type CycleField, type SevenState } from './seven-model';

export const CRON_MODAL_WIDTH = 608;

export interface JCronProps {
  value?: string;
  onChange?: (expression: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

const CYCLE_TABS: [CycleField | 'day', string][] = [
  ['second', '秒'],
  ['minute', '分'],
  ['hour', '时'],
  ['day', '天'],
  ['month', '月'],
  ['year', '年'],
];

/** Cron input; its icon opens the seven-part editor in a 608 px dialog. */
export function JCron({ value = '', onChange, disabled, placeholder = 'cron表达式' }: JCronProps) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<SevenState>(defaultSevenState);
  const expression = buildSeven(state);
  const show = () => {
    if (disabled) return;
    setState(value ? parseSeven(value) : defaultSevenState());
    setOpen(true);
  };
  return (
    <>
      <Input
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        allowClear
        onChange={(event) => onChange?.(event.target.value)}
        prefix={<ScheduleOutlined aria-label="打开cron编辑" onClick={show} />}
      />
      <JModal
        open={open}
        title="cron表达式"
        width={CRON_MODAL_WIDTH}
        cancelText="关闭"
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange?.(expression);
          setOpen(false);
        }}
      >
        <Tabs
          type="card"
          size="small"
          items={CYCLE_TABS.map(([key, label]) => ({
            key,
            label,
            children:
              key === 'day' ? (
                <DayTab state={state.day} onChange={(day) => setState({ ...state, day })} />
              ) : (
                <CycleTab field={key} state={state[key]} onChange={(cycle) => setState({ ...state, [key]: cycle })} />
              ),
          }))}
        />
        <Input aria-label="cron表达式结果" readOnly value={expression} style={{ marginTop: 8 }} />
        <CronPreview expression={expression} />
      </JModal>
    </>
  );
}
