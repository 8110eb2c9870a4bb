import { useState } from 'react';
import { Button, Input } from 'antd';
import { JModal } from '../shared/JModal';
import { EasyCronEditor } from './EasyCronEditor';
import { DEFAULT_CRON_PARTS, joinCron } from './cron-parts';

export const EASY_CRON_MODAL_WIDTH = 800;

export interface JEasyCronProps {
  value?: string;
  onChange?: (expression: string) => void;
  hideSecond?: boolean;
  hideYear?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** Input with a 选择 button opening the piece editor in an 800 px dialog. */
export function JEasyCron({ value = '', onChange, hideSecond, hideYear, disabled, placeholder = '请输入cron表达式' }: JEasyCronProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  return (
    <>
      <Input
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
        addonAfter={
          <Button
            type="link"
            size="small"
            disabled={disabled}
            onClick={() => {
              setDraft(value || joinCron(DEFAULT_CRON_PARTS, { hideSecond, hideYear }));
              setOpen(true);
            }}
            style={{ padding: 0, height: 'auto' }}
          >
            选择
          </Button>
        }
      />
      <JModal
        open={open}
        title="Cron表达式"
        width={EASY_CRON_MODAL_WIDTH}
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange?.(draft);
          setOpen(false);
        }}
      >
        <EasyCronEditor value={draft} onChange={setDraft} hideSecond={hideSecond} hideYear={hideYear} />
      </JModal>
    </>
  );
}
