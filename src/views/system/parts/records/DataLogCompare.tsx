import { useEffect, useState } from 'react';
import { Alert, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import { RequestError } from '@renderer/data/provider';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';
import { compareRows, type CompareRow, type DataVersion } from './compare';

function selectionProblem(picked: Record<string, unknown>[]): string | undefined {
  if (picked.length !== 2) return '请选择两条数据';
  if (picked[0]!.dataId !== picked[1]!.dataId || picked[0]!.dataTable !== picked[1]!.dataTable)
    return '请选择相同的数据库表和数据ID进行比较';
  return undefined;
}

/**
 * 数据比较: two versions of one record side by side, field by field, changed values highlighted.
 * Opens on the two selected rows; 版本号1 / 版本号2 pick any other pair of the record's versions.
 */
export default function DataLogCompare({ selection, onClose }: ViewProps) {
  const picked = selection ?? [];
  const problem = selectionProblem(picked);
  const [ids, setIds] = useState<[string, string] | undefined>(problem ? undefined : [String(picked[0]!.id), String(picked[1]!.id)]);
  const [allVersions, setAllVersions] = useState<DataVersion[]>([]);
  const [versions, setVersions] = useState<[DataVersion, DataVersion]>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (problem) return;
    const params = { dataTable: picked[0]!.dataTable, dataId: picked[0]!.dataId };
    void attempt(() => request.get<DataVersion[]>('/sys/dataLog/queryDataVerList', params)).then((found) => found && setAllVersions(found));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection is fixed while the dialog is open
  }, []);

  useEffect(() => {
    if (!ids) return;
    request.get<DataVersion[]>('/sys/dataLog/queryCompareList', { dataId1: ids[0], dataId2: ids[1] }).then(
      (found) => {
        if (found.length !== 2) {
          setError('未找到对应数据');
          return;
        }
        setError(undefined);
        const [older, newer] = [found[0]!, found[1]!];
        setVersions([older, newer]);
        // the selects follow the table: older version first
        setIds((prev) => (prev && (prev[0] !== older.id || prev[1] !== newer.id) ? [older.id, newer.id] : prev));
      },
      (failure: unknown) => setError(failure instanceof RequestError ? failure.message : '未找到对应数据'),
    );
  }, [ids]);

  const rows: CompareRow[] | undefined = versions ? compareRows(versions[0], versions[1]) : undefined;
  const changed = rows?.filter((r) => r.changed).length ?? 0;
  const options = allVersions.map((v) => ({ value: v.id, label: `版本号 ${v.dataVersion}（${v.createTime ?? ''}）` }));
  const pick = (index: 0 | 1) => (value: string) => setIds((prev) => (prev ? (index === 0 ? [value, prev[1]] : [prev[0], value]) : prev));
  const heading = (v: DataVersion) => `版本号 ${v.dataVersion}（${v.createBy ?? ''} ${v.createTime ?? ''}）`;

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
          {options.length > 2 && ids && (
            <Space style={{ marginBottom: 12 }}>
              <span>版本号1：</span>
              <Select style={{ width: 240 }} value={ids[0]} options={options} onChange={pick(0)} aria-label="版本号1" />
              <span>版本号2：</span>
              <Select style={{ width: 240 }} value={ids[1]} options={options} onChange={pick(1)} aria-label="版本号2" />
            </Space>
          )}
          <Table<CompareRow>
            size="small"
            rowKey="field"
            pagination={false}
            dataSource={rows}
            onRow={(r) => ({ 'data-changed': r.changed ? 'true' : 'false' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: '字段名', dataIndex: 'label', width: 200 },
              { title: heading(versions[0]), dataIndex: 'before', render: (v: string, r) => <Cell text={v} changed={r.changed} /> },
              { title: heading(versions[1]), dataIndex: 'after', render: (v: string, r) => <Cell text={v} changed={r.changed} /> },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

function Cell({ text, changed }: { text: string; changed: boolean }) {
  return changed ? (
    <span style={{ background: '#fff1b8', color: '#cf1322', fontWeight: 600, padding: '0 4px' }}>{text || '（空）'}</span>
  ) : (
    <span>{text}</span>
  );
}
