import type { ReactNode } from 'react';
import type { Column } from '@contract/schema-types.gen';
import { useFieldParts } from '../form/fieldParts';
import type { Row } from './useListPage';

function RegistryCell({
  type,
  value,
  record,
  text,
  props,
}: {
  type: string;
  value: unknown;
  record: Row;
  text?: string;
  props?: Record<string, unknown>;
}) {
  const parts = useFieldParts(type);
  const Cell = parts?.cell;
  if (!Cell) return <>{text ?? (value === undefined || value === null ? '' : String(value))}</>;
  return <Cell value={value} record={record} text={text} props={props} />;
}

/** Cell content: the server's `<field>_dictText` when present, the registered cell face, else the text. */
export function renderCell(column: Column, value: unknown, record: Row): ReactNode {
  const dictText = record[`${column.dataIndex}_dictText`];
  const text = dictText === undefined || dictText === null ? undefined : String(dictText);
  if (!column.component) return text ?? (value === undefined || value === null ? '' : String(value));
  return <RegistryCell type={column.component} value={value} record={record} text={text} props={column.props} />;
}
