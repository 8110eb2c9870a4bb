import { useState } from 'react';
import { Input, Popover } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import type { CellRenderProps } from './registry';
import { controlSize } from './size';
import { GRID_Z_INDEX } from '../parts/layout';

/** Input with an icon that opens a 300×210 textarea pop-up (input_pop). */
export function TextareaCell({ value, column, disabled, size, onChange, onCommit }: CellRenderProps) {
  const [open, setOpen] = useState(false);
  const text = value == null ? '' : String(value);
  return (
    <Popover
      open={open}
      trigger="click"
      placement="bottomLeft"
      zIndex={GRID_Z_INDEX}
      title={column.title}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) onCommit();
      }}
      content={
        <Input.TextArea
          autoFocus
          style={{ width: 300, height: 210, resize: 'none' }}
          value={text}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      }
    >
      <Input
        autoFocus
        size={controlSize(size)}
        value={text}
        disabled={disabled}
        placeholder={column.placeholder ?? `请输入${column.title}`}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          if (!open) onCommit();
        }}
        suffix={<FullscreenOutlined aria-label="展开编辑" onMouseDown={(e) => e.preventDefault()} onClick={() => setOpen(true)} />}
      />
    </Popover>
  );
}
