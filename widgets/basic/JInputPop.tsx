import { useState } from 'react';
import { Button, Input, Popover } from 'antd';
import { CloseOutlined, FullscreenOutlined } from '@ant-design/icons';

export interface JInputPopProps {
  value?: string;
  onChange?: (value: string) => void;
  title?: string;
  /** Pop-up textarea size in px; JInputPop 150×200, JTextareaPop 300×210. */
  width?: number;
  height?: number;
  placeholder?: string;
  disabled?: boolean;
}

export const INPUT_POP_SIZE = { width: 150, height: 200 } as const;
export const TEXTAREA_POP_SIZE = { width: 300, height: 210 } as const;

/** Input with an expand icon opening a larger textarea in a popover. */
export function JInputPop({
  value = '',
  onChange,
  title = '',
  width = INPUT_POP_SIZE.width,
  height = INPUT_POP_SIZE.height,
  placeholder,
  disabled,
}: JInputPopProps) {
  const [open, setOpen] = useState(false);
  const content = (
    <Input.TextArea
      aria-label="弹出编辑框"
      value={value}
      disabled={disabled}
      style={{ width, height, resize: 'none' }}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
  return (
    <Popover
      open={open && !disabled}
      trigger="click"
      placement="bottom"
      onOpenChange={(next) => setOpen(next)}
      title={
        <div style={{ display: 'flex' }}>
          <span style={{ flex: 1 }}>{title}</span>
          <Button type="text" size="small" aria-label="关闭" icon={<CloseOutlined />} onClick={() => setOpen(false)} />
        </div>
      }
      content={content}
    >
      <Input
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
        suffix={<FullscreenOutlined aria-label="展开编辑" onClick={() => setOpen(true)} />}
      />
    </Popover>
  );
}

export function JTextareaPop(props: JInputPopProps) {
  return <JInputPop width={TEXTAREA_POP_SIZE.width} height={TEXTAREA_POP_SIZE.height} {...props} />;
}
