import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { AddRowSettings, GridSize } from '../types';
import { AddRowSettingsPanel } from './AddRowSettingsPanel';
import { GRID_Z_INDEX } from './layout';

export type ToolbarButton = 'add' | 'save' | 'remove' | 'clearSelection';

export interface ToolbarProps {
  buttons: readonly ToolbarButton[];
  excluded: ReadonlySet<string>;
  selectedCount: number;
  disabled: boolean;
  size: GridSize;
  addSettings?: { value: AddRowSettings; rowCount: number; onChange: (s: AddRowSettings) => void; onSaveDefault: () => void };
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Content behind the 展开/收起 link (collapsed at first). */
  collapsible?: ReactNode;
  onAdd: () => void;
  onSave: () => void;
  onRemove: () => void;
  onClearSelection: () => void;
}

export function Toolbar(p: ToolbarProps) {
  const [expanded, setExpanded] = useState(false);
  const btnSize = p.size === 'medium' ? 'middle' : 'small';
  const show = (b: ToolbarButton) => p.buttons.includes(b) && !p.excluded.has(b);
  return (
    <div className="eg-toolbar" role="toolbar">
      {p.prefix}
      {show('add') && (
        <Space.Compact>
          <Button type="primary" size={btnSize} icon={<PlusOutlined />} disabled={p.disabled} onClick={p.onAdd}>
            新增
          </Button>
          {p.addSettings && <AddRowSettingsPanel {...p.addSettings} />}
        </Space.Compact>
      )}
      {show('save') && (
        <Button size={btnSize} icon={<SaveOutlined />} disabled={p.disabled} onClick={p.onSave}>
          保存
        </Button>
      )}
      {p.selectedCount > 0 && show('remove') && (
        <Popconfirm zIndex={GRID_Z_INDEX} title={`确定要删除这 ${p.selectedCount} 项吗?`} onConfirm={p.onRemove} disabled={p.disabled}>
          <Button size={btnSize} icon={<DeleteOutlined />} disabled={p.disabled}>
            删除
          </Button>
        </Popconfirm>
      )}
      {p.selectedCount > 0 && show('clearSelection') && (
        <Button size={btnSize} onClick={p.onClearSelection}>
          清空选择
        </Button>
      )}
      {p.suffix}
      {p.collapsible != null && (
        <>
          <a role="button" onClick={() => setExpanded((e) => !e)}>
            {expanded ? '收起' : '展开'}
          </a>
          {expanded && p.collapsible}
        </>
      )}
    </div>
  );
}
