import { useState } from 'react';
import { Alert, Col, Empty, Modal, Row as GridRow, Tabs } from 'antd';
import type { ViewProps } from '@renderer/views/registry';
import { EvidencePanel } from './EvidencePanel';
import { MaterialsPanel } from './MaterialsPanel';
import { evidenceFiles, materialPaths, parseSnapshot, type EvidenceFile } from './snapshot-fields';
import { UnitInfoPanel } from './UnitInfoPanel';

/** 查看申报: the unit information as submitted (the snapshot) and the materials, the evidence files in the viewer beside them. */
export default function ApplicationReview({ record, onClose }: ViewProps) {
  const row = record ?? {};
  const snapshot = parseSnapshot(row.snapshot);
  const [shown, setShown] = useState<EvidenceFile>();
  const returned = typeof row.returnReason === 'string' && row.returnReason ? row.returnReason : '';
  return (
    <Modal
      open
      title={`查看申报：${String(row.companyName ?? '')}`}
      width="96vw"
      style={{ top: 16 }}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {returned && <Alert type="warning" showIcon message={`退回原因：${returned}`} style={{ marginBottom: 12 }} />}
      <GridRow gutter={16}>
        <Col span={13} style={{ maxHeight: '78vh', overflow: 'auto' }}>
          <Tabs
            items={[
              {
                key: 'snapshot',
                label: '单位信息快照',
                children: snapshot ? (
                  <UnitInfoPanel unit={snapshot} onOpenFile={setShown} />
                ) : (
                  <Empty description="尚未提交，没有单位信息快照" />
                ),
              },
              { key: 'materials', label: '申报材料', children: <MaterialsPanel paths={materialPaths(row.materials)} /> },
              {
                key: 'remark',
                label: '申报说明',
                children: <div style={{ whiteSpace: 'pre-wrap' }}>{String(row.remark ?? '') || '无'}</div>,
              },
            ]}
          />
        </Col>
        <Col span={11} style={{ maxHeight: '78vh', overflow: 'auto' }}>
          <h4>证明文件</h4>
          <EvidencePanel files={snapshot ? evidenceFiles(snapshot) : []} shown={shown} onShow={setShown} />
        </Col>
      </GridRow>
    </Modal>
  );
}
