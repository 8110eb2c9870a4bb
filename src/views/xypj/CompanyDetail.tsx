import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { RequestError } from '@renderer/index';
import type { ViewProps } from '@renderer/views/registry';
import { request } from '../../api/request';
import { SNAPSHOT_LISTS } from './snapshot-fields';
import { UnitInfoPanel } from './UnitInfoPanel';

type Row = Record<string, unknown>;

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** 企业详情: the company's record and its five sub-lists as they are now (`{apiBase}/query{List}ByMainId`). */
export default function CompanyDetail({ record, props, onClose }: ViewProps) {
  const apiBase = typeof props.apiBase === 'string' ? props.apiBase : '/xypj/company';
  const id = String(record?.id ?? '');
  const [unit, setUnit] = useState<Row>();
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    const lists = SNAPSHOT_LISTS.map((list) => request.get<Row[]>(`${apiBase}/query${capitalised(list.key)}ByMainId`, { id }));
    Promise.all([request.get<Row>(`${apiBase}/queryById`, { id }), ...lists]).then(
      ([main, ...subs]) => {
        if (!alive) return;
        const loaded: Row = { ...main };
        SNAPSHOT_LISTS.forEach((list, i) => (loaded[list.key] = Array.isArray(subs[i]) ? subs[i] : []));
        setUnit(loaded);
      },
      (error: unknown) => alive && setError(error instanceof RequestError ? error.message : '企业信息加载失败'),
    );
    return () => {
      alive = false;
    };
  }, [apiBase, id]);

  return (
    <Modal open title={`企业详情：${String(record?.name ?? '')}`} width={1000} onCancel={onClose} footer={null} destroyOnHidden>
      {error ? <Alert type="error" showIcon message={error} /> : unit ? <UnitInfoPanel unit={unit} /> : <Spin />}
    </Modal>
  );
}
