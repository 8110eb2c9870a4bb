import { Descriptions, Table } from 'antd';
import { dictText, useDictItems } from '@renderer/index';
import { COMPANY_FIELDS, SNAPSHOT_LISTS, type SnapshotField } from './snapshot-fields';

type Row = Record<string, unknown>;

function DictValue({ field, value }: { field: SnapshotField; value: unknown }) {
  const items = useDictItems(field.dictCode);
  const text = field.dictCode ? dictText(items, value) : value === undefined || value === null ? '' : String(value);
  return <>{text}</>;
}

/** A company's unit information (its fields and five sub-lists), as stored or as submitted. */
export function UnitInfoPanel({ unit }: { unit: Row }) {
  return (
    <>
      <Descriptions bordered size="small" column={2}>
        {COMPANY_FIELDS.map((field) => (
          <Descriptions.Item key={field.key} label={field.label}>
            <DictValue field={field} value={unit[field.key]} />
          </Descriptions.Item>
        ))}
      </Descriptions>
      {SNAPSHOT_LISTS.map((list) => {
        const rows = Array.isArray(unit[list.key]) ? (unit[list.key] as Row[]) : [];
        return (
          <div key={list.key} style={{ marginTop: 16 }}>
            <h4>
              {list.title}（{rows.length}）
            </h4>
            <Table<Row>
              size="small"
              pagination={false}
              rowKey={(row) => String(row.id ?? JSON.stringify(row))}
              dataSource={rows}
              locale={{ emptyText: '无' }}
              columns={list.fields.map((field) => ({ key: field.key, title: field.label, render: (_: unknown, row: Row) => <DictValue field={field} value={row[field.key]} /> }))}
            />
          </div>
        );
      })}
    </>
  );
}
