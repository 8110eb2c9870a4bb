import { useMemo } from 'react';
import { Button, Input, InputNumber, Select, Space, Table, Typography } from 'antd';

/** One step of a 编码校验规则 (see server/modules/rules/check-steps.ts): the value stored is the JSON array of these. */
interface Step {
  digits: string;
  kind: string;
  chars?: string;
  pattern: string;
  message: string;
}

const SPANS = [
  { value: 'count', label: '指定位数' },
  { value: 'rest', label: '剩余全部' },
  { value: '*', label: '整个值' },
];

const KINDS = [
  { value: 'digits', label: '数字' },
  { value: 'letters', label: '字母' },
  { value: 'upper', label: '大写字母' },
  { value: 'lower', label: '小写字母' },
  { value: 'chinese', label: '汉字' },
  { value: 'set', label: '指定字符' },
  { value: 'regex', label: '正则表达式' },
];

function parse(value: string | undefined): Step[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: unknown) => {
      const r = (item ?? {}) as Record<string, unknown>;
      return {
        digits: String(r.digits ?? '1'),
        kind: typeof r.kind === 'string' ? r.kind : 'regex',
        ...(typeof r.chars === 'string' ? { chars: r.chars } : {}),
        pattern: typeof r.pattern === 'string' ? r.pattern : '',
        message: typeof r.message === 'string' ? r.message : '',
      };
    });
  } catch {
    return [];
  }
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/**
 * 编码校验规则's ordered steps: 位数 (a number, the rest, or the whole value), what the characters must be,
 * the allowed characters or pattern, and the message. The server derives each pattern and refuses unsafe ones.
 */
export function CheckRuleSteps({ value, onChange, disabled }: Props) {
  const steps = useMemo(() => parse(value), [value]);
  const emit = (next: Step[]) => onChange?.(JSON.stringify(next));
  const update = (i: number, patch: Partial<Step>) => emit(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const rows = steps.map((s, i) => ({ ...s, key: i }));

  return (
    <div data-testid="check-rule-steps">
      <Typography.Text type="secondary">
        按顺序逐段校验：“指定位数”取接下来的若干个字符，“剩余全部”取余下的字符，“整个值”校验整个输入。
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        style={{ marginTop: 8 }}
        columns={[
          {
            title: '位数',
            width: 190,
            render: (_v, s, i) => (
              <Space.Compact>
                <Select
                  aria-label="位数方式"
                  style={{ width: 110 }}
                  disabled={disabled}
                  value={/^\d+$/.test(s.digits) ? 'count' : s.digits}
                  options={SPANS}
                  onChange={(v: string) => update(i, { digits: v === 'count' ? '1' : v })}
                />
                {/^\d+$/.test(s.digits) ? (
                  <InputNumber
                    aria-label="位数"
                    style={{ width: 70 }}
                    min={1}
                    max={9999}
                    precision={0}
                    disabled={disabled}
                    value={Number(s.digits)}
                    onChange={(n) => update(i, { digits: String(n ?? 1) })}
                  />
                ) : null}
              </Space.Compact>
            ),
          },
          {
            title: '必须是',
            width: 120,
            render: (_v, s, i) => (
              <Select
                aria-label="规则类型"
                style={{ width: 110 }}
                disabled={disabled}
                value={s.kind}
                options={KINDS}
                onChange={(k: string) => update(i, { kind: k })}
              />
            ),
          },
          {
            title: '允许的字符 / 正则',
            render: (_v, s, i) => {
              if (s.kind === 'set')
                return (
                  <Input
                    aria-label="允许的字符"
                    disabled={disabled}
                    value={s.chars ?? ''}
                    placeholder="如 ABC-_"
                    onChange={(e) => update(i, { chars: e.target.value })}
                  />
                );
              if (s.kind === 'regex')
                return (
                  <Input
                    aria-label="正则表达式"
                    disabled={disabled}
                    value={s.pattern}
                    placeholder="如 ^[0-9]{6}$"
                    onChange={(e) => update(i, { pattern: e.target.value })}
                  />
                );
              return <Typography.Text type="secondary">—</Typography.Text>;
            },
          },
          {
            title: '提示文本',
            render: (_v, s, i) => (
              <Input
                aria-label="提示文本"
                disabled={disabled}
                value={s.message}
                placeholder="不符合时的提示"
                onChange={(e) => update(i, { message: e.target.value })}
              />
            ),
          },
          {
            title: '操作',
            width: 60,
            render: (_v, _s, i) => (
              <Button type="link" danger size="small" disabled={disabled} onClick={() => emit(steps.filter((_x, j) => j !== i))}>
                删除
              </Button>
            ),
          },
        ]}
      />
      {disabled ? null : (
        <Button
          type="dashed"
          block
          style={{ marginTop: 8 }}
          onClick={() => emit([...steps, { digits: '1', kind: 'digits', pattern: '', message: '' }])}
        >
          添加一条规则
        </Button>
      )}
    </div>
  );
}

function CheckRuleStepsPretty(props: Props) {
  return <CheckRuleSteps {...props} disabled />;
}

export { CheckRuleStepsPretty };
