import { Button, Checkbox, InputNumber, Popover, Space, Tooltip } from 'antd';
import { SaveOutlined, SettingOutlined } from '@ant-design/icons';
import type { AddRowSettings } from '../types';
import { GRID_Z_INDEX } from './layout';

export interface AddRowSettingsPanelProps {
  value: AddRowSettings;
  rowCount: number;
  onChange: (next: AddRowSettings) => void;
  onSaveDefault: () => void;
}

/** Popover of the 新增 button: how many rows, where (0 = bottom), scroll to bottom; saved as default. */
export function AddRowSettingsPanel({ value, rowCount, onChange, onSaveDefault }: AddRowSettingsPanelProps) {
  const content = (
    <Space direction="vertical" size={8}>
      <Space>
        <span>添加行数</span>
        <InputNumber
          aria-label="添加行数"
          min={1}
          precision={0}
          value={value.addRowNum}
          onChange={(n) => onChange({ ...value, addRowNum: Math.max(1, Number(n ?? 1)) })}
        />
      </Space>
      <Space>
        <span>添加位置</span>
        <InputNumber
          aria-label="添加位置"
          min={0}
          max={rowCount}
          precision={0}
          value={value.addIndex}
          onChange={(n) => onChange({ ...value, addIndex: Math.min(rowCount, Math.max(0, Number(n ?? 0))) })}
        />
        <span style={{ color: 'rgba(0,0,0,.45)' }}>0 = 最底部</span>
      </Space>
      <Checkbox checked={value.addScrollToBottom} onChange={(e) => onChange({ ...value, addScrollToBottom: e.target.checked })}>
        添加后滚动到底部
      </Checkbox>
      <Tooltip title="保存为默认值">
        <Button size="small" icon={<SaveOutlined />} onClick={onSaveDefault}>
          保存为默认值
        </Button>
      </Tooltip>
    </Space>
  );
  return (
    <Popover trigger="click" content={content} title="新增设置" zIndex={GRID_Z_INDEX}>
      <Button icon={<SettingOutlined />} aria-label="新增设置" />
    </Popover>
  );
}
