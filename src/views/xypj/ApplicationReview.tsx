import { Alert, Empty, Modal, Tabs } from 'antd';
import type { ViewProps } from '@renderer/views/registry';
import { MaterialsPanel } from './MaterialsPanel';
import { materialPaths, parseSnapshot } from './snapshot-fields';
import { UnitInfoPanel } from './UnitInfoPanel';

/** 查看申报: the unit information as submitted (the snapshot) and the application's materials. */
export default function ApplicationReview({ record, onClose }: ViewProps) {
  const row = record ?? {};
  const snapshot = parseSnapshot(row.snapshot);
  const returned = typeof row.returnReason === 'string' && row.returnReason ? row.returnReason : '';
  return (
    <Modal open title={`查看申报：${String(row.companyName ?? '')}`} width={1000} onCancel={onClose} footer={null} destroyOnHidden>
      {returned && <Alert type="warning" showIcon message={`退回原因：${returned}`} style={{ marginBottom: 12 }} />}
      <Tabs
        items={[
          { key: 'snapshot', label: '单位信息快照', children: snapshot ? <UnitInfoPanel unit={snapshot} /> : <Empty description="尚未提交，没有单位信息快照" /> },
          { key: 'materials', label: '申报材料', children: <MaterialsPanel paths={materialPaths(row.materials)} /> },
          { key: 'remark', label: '申报说明', children: <div style={{ whiteSpace: 'pre-wrap' }}>{String(row.remark ?? '') || '无'}</div> },
        ]}
      />
    </Modal>
  );
}
