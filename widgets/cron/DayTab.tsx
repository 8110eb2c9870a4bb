import { InputNumber, Radio, Select, Space } from 'antd';
import { DAY_BOUNDS, WEEKDAY_NAMES, type DayMode, type DayState } from './seven-model';

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, index) => ({ value: index + 1, label }));
const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** The eleven day choices of the seven-part editor (drives day of month and day of week). */
export function DayTab({ state, onChange }: { state: DayState; onChange: (state: DayState) => void }) {
  const set = (patch: Partial<DayState>) => onChange({ ...state, ...patch });
  const num = (label: string, key: keyof DayState, [min, max]: readonly [number, number]) => (
    <InputNumber
      aria-label={label}
      size="small"
      precision={0}
      min={min}
      max={max}
      value={state[key] as number}
      onChange={(n) => set({ [key]: typeof n === 'number' ? n : min } as Partial<DayState>)}
      style={{ width: 64 }}
    />
  );
  const weekday = (label: string, key: keyof DayState) => (
    <Select
      aria-label={label}
      size="small"
      value={state[key] as number}
      options={WEEKDAY_OPTIONS}
      onChange={(n: number) => set({ [key]: n } as Partial<DayState>)}
      style={{ width: 90 }}
    />
  );
  const many = (label: string, key: 'weekdays' | 'days', options: { value: number; label: string }[]) => (
    <Select
      aria-label={label}
      mode="multiple"
      size="small"
      maxTagCount={6}
      value={state[key]}
      options={options}
      onChange={(list: number[]) => set({ [key]: [...list].sort((x, y) => x - y) })}
      style={{ minWidth: 200 }}
    />
  );
  const choices: [DayMode, JSX.Element][] = [
    ['everyDay', <>每一天</>],
    [
      'weekInterval',
      <Space size={4}>
        每隔{num('周间隔', 'weekInterval', DAY_BOUNDS.weekInterval)}周执行 从{weekday('周开始', 'weekStart')}开始
      </Space>,
    ],
    [
      'dayInterval',
      <Space size={4}>
        每隔{num('天间隔', 'dayInterval', DAY_BOUNDS.dayOfMonth)}天执行 从{num('天开始', 'dayStart', DAY_BOUNDS.dayOfMonth)}天开始
      </Space>,
    ],
    ['specificWeekdays', <Space size={4}>具体星期几(可多选){many('具体星期', 'weekdays', WEEKDAY_OPTIONS)}</Space>],
    ['specificDays', <Space size={4}>具体天数(可多选){many('具体天数', 'days', DAY_OPTIONS)}</Space>],
    ['lastDay', <>在这个月的最后一天</>],
    ['lastWorkday', <>在这个月的最后一个工作日</>],
    ['lastWeekday', <Space size={4}>在这个月的最后一个{weekday('最后星期', 'lastWeekday')}</Space>],
    ['beforeMonthEnd', <Space size={4}>在本月底前{num('月底前天数', 'beforeEnd', DAY_BOUNDS.dayOfMonth)}天</Space>],
    ['nearestWorkday', <Space size={4}>最近的工作日（周一至周五）至本月{num('最近工作日', 'nearestDay', DAY_BOUNDS.dayOfMonth)}日</Space>],
    [
      'nthWeekday',
      <Space size={4}>
        在这个月的第{num('第几个', 'nth', DAY_BOUNDS.nth)}个{weekday('第几个星期', 'nthWeekday')}
      </Space>,
    ],
  ];
  return (
    <Radio.Group value={state.mode} onChange={(event) => set({ mode: event.target.value as DayMode })}>
      <Space direction="vertical">
        {choices.map(([mode, label]) => (
          <Radio key={mode} value={mode}>
            {label}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );
}
