import { useEffect, useState } from 'react';
import { Input, Space, Tabs } from 'antd';
import { CRON_FIELDS, CRON_FIELD_LABELS, joinCron, splitCron, type CronField, type CronParts } from './cron-parts';
import { changePart, isPartDisabled } from './piece-model';
import { PieceEditor } from './PieceEditor';
import { CronPreview } from './CronPreview';

export interface EasyCronEditorProps {
  value?: string;
  onChange?: (expression: string) => void;
  hideSecond?: boolean;
  hideYear?: boolean;
  disabled?: boolean;
}

/** Piece editor (JEasyCron body): tabs 秒 分 时 日 月 周 年, part inputs, the expression and the preview. */
export function EasyCronEditor({ value = '', onChange, hideSecond = false, hideYear = false, disabled }: EasyCronEditorProps) {
  const options = { hideSecond, hideYear };
  const [parts, setParts] = useState<CronParts>(() => splitCron(value));
  const [drafts, setDrafts] = useState<CronParts>(parts);
  const expression = joinCron(parts, options);
  const [cronDraft, setCronDraft] = useState(expression);

  useEffect(() => {
    if (value && value !== joinCron(parts, options)) {
      const parsed = splitCron(hideSecond ? `0 ${value}` : value);
      setParts(parsed);
      setDrafts(parsed);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of value re-parses
  }, [value]);
  useEffect(() => setCronDraft(expression), [expression]);

  const apply = (next: CronParts) => {
    setParts(next);
    setDrafts(next);
    onChange?.(joinCron(next, options));
  };
  const fields = CRON_FIELDS.filter((f) => !(hideSecond && f === 'second') && !(hideYear && f === 'year'));

  return (
    <div className="j-easy-cron">
      <Tabs
        size="small"
        items={fields.map((field: CronField) => ({
          key: field,
          label: CRON_FIELD_LABELS[field],
          children: (
            <PieceEditor
              field={field}
              value={parts[field]}
              disabled={disabled || isPartDisabled(parts, field)}
              onChange={(text) => apply(changePart(parts, field, text))}
            />
          ),
        }))}
      />
      <Space size={4} wrap style={{ marginTop: 8 }}>
        {fields.map((field) => (
          <Input
            key={field}
            aria-label={`${CRON_FIELD_LABELS[field]}表达式`}
            addonBefore={CRON_FIELD_LABELS[field]}
            value={drafts[field]}
            disabled={disabled}
            style={{ width: 110 }}
            onChange={(event) => setDrafts({ ...drafts, [field]: event.target.value })}
            onBlur={() => apply(changePart(parts, field, drafts[field].trim() || '*'))}
          />
        ))}
      </Space>
      <Input
        aria-label="Cron"
        addonBefore="Cron"
        style={{ marginTop: 8 }}
        value={cronDraft}
        disabled={disabled}
        onChange={(event) => setCronDraft(event.target.value)}
        onBlur={() => {
          const parsed = splitCron(hideSecond ? `0 ${cronDraft}` : cronDraft);
          apply(parsed);
        }}
      />
      <CronPreview expression={hideSecond ? `0 ${expression}` : expression} />
    </div>
  );
}
