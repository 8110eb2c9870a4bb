import { Descriptions } from 'antd';
import type { GridColumn, GridRow } from '../types';
import { getCellType } from '../cells/registry';

/** The sub-form / details a schema-declared grid shows without a render function: every visible column's text. */
export function RowDetails({ row, columns }: { row: GridRow; columns: readonly GridColumn[] }) {
  const shown = columns.filter((c) => !c.hidden && c.type !== 'hidden' && c.type !== 'slot');
  return (
    <Descriptions size="small" column={3} bordered className="eg-row-details">
      {shown.map((c) => {
        const value = row[c.key];
        const toText = getCellType(c.type)?.toText;
        const text = toText ? toText(value, c) : value == null ? '' : String(value);
        return (
          <Descriptions.Item key={c.key} label={c.title}>
            {text}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}
