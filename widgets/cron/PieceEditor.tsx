import { useEffect, useState, type ReactNode } from 'react';
import { InputNumber, Radio, Select, Space } from 'antd';
import { CheckboxList } from '@renderer/index';
import type { CronField } from './cron-parts';
import { buildPiece, parsePiece, PIECE_BOUNDS, PIECE_MODES, WEEK_OPTIONS, type PieceMode, type PieceState } from './piece-model';

const EVERY_LABEL: Record<CronField, string> = {
  second: '每秒',
  minute: '每分',
  hour: '每时',
  day: '每日',
  month: '每月',
  week: '每周',
  year: '每年',
};
const MODE_LABEL: Record<Exclude<PieceMode, 'every'>, string> = {
  unset: '不设置',
  range: '区间',
  loop: '循环',
  work: '工作日',
  last: '最后一日',
  specify: '指定',
};

export interface PieceEditorProps {
  field: CronField;
  value: string;
  disabled?: boolean;
  onChange: (text: string) => void;
}

/** One part of the piece editor: a mode radio plus the inputs of each mode. */
export function PieceEditor({ field, value, disabled, onChange }: PieceEditorProps) {
  const [state, setState] = useState<PieceState>(() => parsePiece(field, value));
  useEffect(() => {
    if (buildPiece(field, state) !== value) setState(parsePiece(field, value));
    // Only an outside change of the text re-parses; local edits already match it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, value]);

  const update = (patch: Partial<PieceState>) => {
    const next = { ...state, ...patch };
    if (next.mode === 'specify' && next.specify.length === 0) next.specify = [PIECE_BOUNDS[field].min];
    setState(next);
    onChange(buildPiece(field, next));
  };
  const bounds = PIECE_BOUNDS[field];
  const isYear = field === 'year';
  const isWeek = field === 'week';
  const num = (label: string, current: number, min: number, set: (n: number) => void, max = bounds.max) => (
    <InputNumber
      aria-label={label}
      size="small"
      precision={0}
      min={min}
      max={max}
      value={current}
      disabled={disabled}
      onChange={(n) => set(typeof n === 'number' ? n : min)}
      style={{ width: isYear ? 90 : 64 }}
    />
  );
  const weekSelect = (label: string, current: number, set: (n: number) => void) => (
    <Select
      aria-label={label}
      size="small"
      value={current}
      disabled={disabled}
      options={[...WEEK_OPTIONS]}
      onChange={set}
      style={{ width: 80 }}
    />
  );

  const inputs: Partial<Record<PieceMode, ReactNode>> = {
    unset: <span style={{ color: '#999' }}>日和周只能设置其中之一</span>,
    range: (
      <Space size={4}>
        从
        {isWeek
          ? weekSelect('区间开始', state.range[0], (n) => update({ range: [n, state.range[1]] }))
          : num('区间开始', state.range[0], bounds.rangeStartMin ?? bounds.min, (n) => update({ range: [n, state.range[1]] }))}
        至
        {isWeek
          ? weekSelect('区间结束', state.range[1], (n) => update({ range: [state.range[0], n] }))
          : num('区间结束', state.range[1], bounds.rangeEndMin ?? bounds.min, (n) => update({ range: [state.range[0], n] }))}
      </Space>
    ),
    loop: (
      <Space size={4}>
        从
        {isWeek
          ? weekSelect('循环开始', state.loop[0], (n) => update({ loop: [n, state.loop[1]] }))
          : num('循环开始', state.loop[0], bounds.min, (n) => update({ loop: [n, state.loop[1]] }))}
        开始，间隔
        {num('循环间隔', state.loop[1], bounds.loopIntervalMin ?? 1, (n) => update({ loop: [state.loop[0], n] }), isWeek ? 7 : bounds.max)}
      </Space>
    ),
    work: <Space size={4}>本月{num('工作日', state.work, 1, (n) => update({ work: n }))}日，最近的工作日</Space>,
    specify: (
      <CheckboxList
        disabled={disabled}
        value={state.specify}
        onChange={(list) => update({ specify: list.slice().sort((a, b) => a - b) })}
        options={
          isWeek
            ? [...WEEK_OPTIONS]
            : Array.from({ length: bounds.max - bounds.min + 1 }, (_, i) => ({
                value: bounds.min + i,
                label: String(bounds.min + i).padStart(2, '0'),
              }))
        }
      />
    ),
  };

  return (
    <Radio.Group
      disabled={disabled}
      value={state.mode}
      onChange={(event) => update({ mode: event.target.value as PieceMode })}
      style={{ width: '100%' }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {PIECE_MODES[field].map((mode) => (
          <div key={mode}>
            <Radio value={mode}>{mode === 'every' ? EVERY_LABEL[field] : MODE_LABEL[mode]}</Radio>
            {inputs[mode]}
          </div>
        ))}
      </Space>
    </Radio.Group>
  );
}
