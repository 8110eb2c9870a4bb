import { InputNumber, Radio, Select, Space } from 'antd';
import { CYCLE_BOUNDS, type CycleField, type CycleMode, type CycleState } from './seven-model';

const UNIT: Record<CycleField, string> = { second: '秒', minute: '分钟', hour: '小时', month: '月', year: '年' };
const EVERY: Record<CycleField, string> = { second: '每一秒钟', minute: '每一分钟', hour: '每一小时', month: '每一月', year: '每一年' };

export interface CycleTabProps {
  field: CycleField;
  state: CycleState;
  onChange: (state: CycleState) => void;
}

/** Second/minute/hour/month/year choices of the seven-part editor: every, increment, specific, range. */
export function CycleTab({ field, state, onChange }: CycleTabProps) {
  const b = CYCLE_BOUNDS[field];
  const unit = UNIT[field];
  const set = (patch: Partial<CycleState>) => onChange({ ...state, ...patch });
  const num = (label: string, value: number, [min, max]: readonly [number, number], key: keyof CycleState) => (
    <InputNumber
      aria-label={label}
      size="small"
      precision={0}
      min={min}
      max={max}
      value={value}
      onChange={(n) => set({ [key]: typeof n === 'number' ? n : min } as Partial<CycleState>)}
      style={{ width: field === 'year' ? 90 : 64 }}
    />
  );
  const specificOptions = Array.from({ length: b.specific[1] - b.specific[0] + 1 }, (_, i) => ({
    value: b.specific[0] + i,
    label: String(b.specific[0] + i),
  }));
  return (
    <Radio.Group value={state.mode} onChange={(event) => set({ mode: event.target.value as CycleMode })}>
      <Space direction="vertical">
        <Radio value="every">{EVERY[field]}</Radio>
        <Radio value="increment">
          <Space size={4}>
            每隔{num(`${unit}间隔`, state.interval, b.interval, 'interval')}
            {unit}执行 从{num(`${unit}开始`, state.start, b.start, 'start')}
            {unit}开始
          </Space>
        </Radio>
        <Radio value="specific">
          <Space size={4}>
            具体{unit}数(可多选)
            <Select
              aria-label={`具体${unit}`}
              mode="multiple"
              size="small"
              maxTagCount={6}
              value={state.specific}
              options={specificOptions}
              onChange={(list: number[]) => set({ specific: [...list].sort((x, y) => x - y), mode: 'specific' })}
              style={{ minWidth: 200 }}
            />
          </Space>
        </Radio>
        <Radio value="range">
          <Space size={4}>
            周期从{num(`${unit}区间开始`, state.rangeStart, b.rangeStart, 'rangeStart')}到
            {num(`${unit}区间结束`, state.rangeEnd, b.rangeEnd, 'rangeEnd')}
            {unit}
          </Space>
        </Radio>
      </Space>
    </Radio.Group>
  );
}
