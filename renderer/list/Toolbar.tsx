import { Alert, Button, Dropdown, Space } from 'antd';
import { DeleteOutlined, DownOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useRenderer } from '../context';
import { actionAllowed, actionText } from './actions';
import { useListContext } from './ListContext';
import { ToolbarActions } from './ToolbarActions';

export interface ToolbarProps {
  onAdd(): void;
  onImport(): void;
  /** The advanced-query trigger, when the page has one. */
  superQuery?: ReactNode;
}

export function ListToolbar({ onAdd, onImport, superQuery }: ToolbarProps) {
  const list = useListContext();
  const { can, excludedCodes } = useRenderer();
  const toolbar = list.schema.toolbar ?? {};
  const url = list.schema.url;
  const excluded = new Set(list.schema.authPrefix && excludedCodes ? excludedCodes(list.schema.authPrefix) : []);
  const showAdd = !excluded.has('add') && actionAllowed(toolbar.add, can, !!list.schema.form && !!url.add);
  const showImport = actionAllowed(toolbar.import, can, !!url.importExcel);
  const showExport = actionAllowed(toolbar.export, can, !!url.exportXls);
  const showBatch = !excluded.has('batch_delete') && actionAllowed(toolbar.batchDelete, can, !!url.deleteBatch);
  return (
    <div className="renderer-toolbar" style={{ marginBottom: 12 }}>
      <Space wrap>
        {showAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {actionText(toolbar.add, '新增')}
          </Button>
        )}
        {showImport && (
          <Button type="primary" icon={<UploadOutlined />} onClick={onImport}>
            {actionText(toolbar.import, '导入')}
          </Button>
        )}
        {showExport && (
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => void list.exportXls()}>
            {actionText(toolbar.export, '导出')}
          </Button>
        )}
        {toolbar.actions && <ToolbarActions actions={toolbar.actions} />}
        {superQuery}
        {showBatch && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'delete', label: '删除', icon: <DeleteOutlined /> }],
              onClick: () => void list.removeSelected(),
            }}
          >
            <Button>
              批量操作 <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
    </div>
  );
}

export function SelectionBanner() {
  const list = useListContext();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={
        <span className="renderer-selection">
          已选择 <a style={{ fontWeight: 600 }}>{list.selectedRowKeys.length}</a> 项
          <a style={{ marginLeft: 24 }} onClick={list.clearSelection}>
            清空
          </a>
        </span>
      }
    />
  );
}
