import type { ComponentType } from 'react';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { isField } from '@formily/core';
import type { CellProps, FieldParts } from '@renderer/registry';

/** Props a read-pretty face receives: the raw value and, in table cells, the server's `_dictText`. */
export interface PrettyProps<V = unknown> {
  value?: V;
  text?: string;
}

/**
 * Builds the three registry faces from an edit component and a read-pretty component.
 * Formily passes schema props plus value/onChange; `dataSource` from the schema becomes `options`
 * when the widget has none of its own.
 */
export function widgetParts(
  // Each widget types its own props; the registry boundary is untyped by design (see renderer/registry.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Edit: ComponentType<any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Pretty: ComponentType<any>,
): FieldParts {
  const component = connect(
    Edit,
    mapProps((props: Record<string, unknown>, field) => {
      if (isField(field) && Array.isArray(field.dataSource) && field.dataSource.length && props.options === undefined) {
        return { ...props, options: field.dataSource };
      }
      return props;
    }),
    mapReadPretty(Pretty),
  );
  function Cell({ value, text, props }: CellProps) {
    return <Pretty {...props} value={value} text={text} />;
  }
  return { component, readPretty: Pretty, cell: Cell };
}

/** Text of a plain value for read-pretty faces. */
export function PlainText({ value, text }: PrettyProps) {
  if (text !== undefined && text !== null && text !== '') return <span>{text}</span>;
  if (value === undefined || value === null) return <span />;
  return <span>{Array.isArray(value) ? value.join(',') : String(value)}</span>;
}
