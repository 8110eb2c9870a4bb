import { useState } from 'react';
import { Alert, Modal, Radio } from 'antd';
import { request } from '../../../../../api/request';
import { feedback } from '../../../../../feedback';
import { reported, type FormHead } from './api';

/** 同步数据库: 普通同步 keeps data; 强制同步 drops and recreates the table after a confirmation. */
export function SyncModal({ head, onClose, onSynced }: { head: FormHead; onClose: () => void; onSynced: () => void }) {
  const [method, setMethod] = useState<'normal' | 'force'>('normal');
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      if (await reported(() => request.post<string>(`/online/cgform/api/doDbSynch/${head.id}/${method}`))) onSynced();
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (method === 'normal') return void run();
    feedback().modal.confirm({
      title: '确认强制同步',
      content: `强制同步会删除表“${head.tableName}”并重新创建，表中的数据将全部丢失，确定继续吗？`,
      okText: '确定强制同步',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: run,
    });
  };

  return (
    <Modal
      open
      title={`同步数据库：${head.tableName}`}
      onCancel={onClose}
      onOk={confirm}
      confirmLoading={busy}
      okText="开始同步"
      cancelText="取消"
      width={520}
    >
      <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as 'normal' | 'force')} style={{ marginBottom: 16 }}>
        <Radio value="normal">普通同步（保留表数据）</Radio>
        <Radio value="force">强制同步（删除表重新生成）</Radio>
      </Radio.Group>
      {method === 'normal' ? (
        <Alert type="info" showIcon message="创建缺少的表和字段，安全地加长字段；已有数据的字段不会被删除，也不会被缩短。" />
      ) : (
        <Alert type="warning" showIcon message="强制同步会删除表中的全部数据，请先确认已备份。" />
      )}
    </Modal>
  );
}
