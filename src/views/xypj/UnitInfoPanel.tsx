import { Descriptions, Space, Table, Typography } from 'antd';
import { dictText, useDictItems } from '@renderer/index';
import { areaText } from '@widgets/area/area-data';
import { fileNameOf } from '@widgets/reuse';
import { COMPANY_FIELDS, materialPaths, rowEvidenceLabel, SNAPSHOT_LISTS, type EvidenceFile, type SnapshotField } from './snapshot-fields';

type Row = Record<string, unknown>;

function DictValue({ field, value }: { field: SnapshotField; value: unknown }) {
  const items = useDictItems(field.dictCode);
  const text = field.dictCode ? dictText(items, value) : value === undefined || value === null ? '' : String(value);
  return <>{text}</>;
}

/** A field's value: dictionary text, 省/市/区 names of an area code, or the evidence files as links to the viewer. */
function FieldValue({
  field,
  value,
  label,
  onOpenFile,
}: {
  field: SnapshotField;
  value: unknown;
  label: string;
  onOpenFile?: (file: EvidenceFile) => void;
}) {
  if (field.kind === 'area') return <>{typeof value === 'string' ? areaText(value) || value : ''}</>;
  if (field.kind !== 'file') return <DictValue field={field} value={value} />;
  const paths = materialPaths(value);
  if (!paths.length) return <Typography.Text type="secondary">未上传</Typography.Text>;
  return (
    <Space size={4} wrap>
      {paths.map((path) =>
        onOpenFile ? (
          <Typography.Link key={path} onClick={() => onOpenFile({ label, path })}>
            {fileNameOf(path)}
          </Typography.Link>
        ) : (
          <span key={path}>{fileNameOf(path)}</span>
        ),
      )}
    </Space>
  );
}

/**
 * A company's unit information (its fields and five sub-lists), as stored or as submitted; with `onOpenFile`,
 * a click on an evidence file opens it in the viewer beside it.
 */
export function UnitInfoPanel({ unit, onOpenFile }: { unit: Row; onOpenFile?: (file: EvidenceFile) => void }) {
  return (
    <>
      <Descriptions bordered size="small" column={2}>
        {COMPANY_FIELDS.map((field) => (
          <Descriptions.Item key={field.key} label={field.label}>
            <FieldValue field={field} value={unit[field.key]} label={field.label} onOpenFile={onOpenFile} />
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
              columns={list.fields.map((field) => ({
                key: field.key,
                title: field.label,
                render: (_: unknown, row: Row, index: number) => (
                  <FieldValue
                    field={field}
                    value={row[field.key]}
                    label={rowEvidenceLabel(list, row, index, field)}
                    onOpenFile={onOpenFile}
                  />
                ),
              }))}
            />
          </div>
        );
      })}
    </>
  );
}
