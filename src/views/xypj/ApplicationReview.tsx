import { useState } from 'react';
import { Alert, Empty, Modal, Tabs, Tag } from 'antd';
import { useRenderer } from '@renderer/context';
import type { ViewProps } from '@renderer/views/registry';
import { JPdfView } from '@widgets/editors/JPdfView';
import { fileName, materialPaths, parseSnapshot } from './snapshot-fields';
import { UnitInfoPanel } from './UnitInfoPanel';

function MaterialsPanel({ paths }: { paths: string[] }) {
  const { data } = useRenderer();
  const [shown, setShown] = useState(paths[0]);
  if (!paths.length) return <Empty description="未上传申报材料" />;
  const isPdf = (path: string) => /\.pdf$/i.test(path.split('?')[0]!);
  return (
    <>
      <div style={{ marginBottom: 12 }}>
        {paths.map((path) => (
          <Tag.CheckableTag key={path} checked={path === shown} onChange={() => setShown(path)}>
            {fileName(path)}
          </Tag.CheckableTag>
        ))}
      </div>
      {shown && (isPdf(shown) ? <JPdfView value={shown} /> : <img alt={fileName(shown)} src={data.fileUrl(shown)} style={{ maxWidth: '100%' }} />)}
    </>
  );
}

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
