import { useState } from 'react';
import { Input, Modal } from 'antd';
import { MENU_ICONS, menuIcon } from '../shared/menuIcons';

/** 菜单图标: a text field with a 选择图标 dialog listing the menu icons. */
export function IconPicker({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?(value: string | undefined): void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value || undefined)}
        placeholder="点击选择图标"
        disabled={disabled}
        prefix={menuIcon(value)}
        addonAfter={<a onClick={() => !disabled && setOpen(true)}>选择图标</a>}
      />
      <Modal open={open} title="选择图标" width={720} footer={null} onCancel={() => setOpen(false)}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 8 }}>
          {Object.entries(MENU_ICONS).map(([name, icon]) => (
            <button
              key={name}
              type="button"
              title={name}
              aria-pressed={value === name}
              onClick={() => (onChange?.(name), setOpen(false))}
              style={{
                padding: 12,
                border: value === name ? '1px solid #1677ff' : '1px solid #eee',
                background: 'none',
                cursor: 'pointer',
                borderRadius: 4,
              }}
            >
              <div style={{ fontSize: 22 }}>{icon}</div>
              <div style={{ fontSize: 12 }}>{name}</div>
            </button>
          ))}
        </div>
      </Modal>
    </>
  );
}

export function IconCell({ value }: { value: unknown }) {
  const name = typeof value === 'string' ? value : '';
  return <span title={name}>{menuIcon(name) ?? name}</span>;
}
