import { useEffect, useState } from 'react';
import { Alert, Modal, Spin, Table, Typography } from 'antd';
import { useRenderer } from '@renderer/context';
import type { ViewProps } from '@renderer/views/registry';
import { compareRows, type CompareRow, type DataVersion } from './compare';

/** 数据比较: two versions of one record side by side, field by field, changed values highlighted. */
export default function DataLogCompare({ selection, onClose }: ViewProps) {
  const { http } = useRenderer();
  const [rows, setRows] = useState<CompareRow[]>();
  const [versions, setVersions] = useState<[DataVersion, DataVersion]>();
  const [error, setError] = useState<string>();
  const picked = selection ?? [];
  const problem =
    picked.length !== 2 ? '请选择两条数据' : picked[0]!.dataId !== picked[1]!.dataId || picked[0]!.dataTable !== picked[1]!.dataTable ? '请选择相同的数据库表和数据ID进行比较' : undefined;

  useEffect(() => {
    if (problem) return;
    void http.get<DataVersion[]>('/sys/dataLog/queryCompareList', { dataId1: picked[0]!.id, dataId2: picked[1]!.id }).then((res) => {
      if (!res.success || res.result.length !== 2) {
        setError(res.message || '未找到对应数据');
        return;
      }
      const pair: [DataVersion, DataVersion] = [res.result[0]!, res.result[1]!];
      setVersions(pair);
      setRows(compareRows(pair[0], pair[1]));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection is fixed while the dialog is open
  }, []);

  const changed = rows?.filter((r) => r.changed).length ?? 0;
  return (
    <Modal open title="数据比较" width={900} onCancel={onClose} footer={null} destroyOnHidden>
      {problem || error ? (
        <Alert type="warning" showIcon message={problem ?? error} />
      ) : !rows || !versions ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph>
            表名：{versions[0].dataTable}，数据ID：{versions[0].dataId}，共 {changed} 个字段有变化
          </Typography.Paragraph>
          <Table<CompareRow>
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={rows}
            rowClassName={(r) => (r.changed ? 'data-log-changed' : '')}
            onRow={(r) => ({ 'data-changed': r.changed ? 'true' : 'false' } as React.HTMLAttributes<HTMLElement>)}
            columns={[
              { title: '字段名', dataIndex: 'label', width: 200 },
              { title: `版本号 ${versions[0].dataVersion}（${versions[0].createBy ?? ''} ${versions[0].createTime ?? ''}）`, dataIndex: 'before', render: (v: string, r) => <Cell text={v} changed={r.changed} /> },
              { title: `版本号 ${versions[1].dataVersion}（${versions[1].createBy ?? ''} ${versions[1].createTime ?? ''}）`, dataIndex: 'after', render: (v: string, r) => <Cell text={v} changed={r.changed} /> },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

function Cell({ text, changed }: { text: string; changed: boolean }) {
  return changed ? <span style={{ background: '#fff1b8', color: '#cf1322', fontWeight: 600, padding: '0 4px' }}>{text || '（空）'}</span> : <span>{text}</span>;
}
