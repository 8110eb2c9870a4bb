import type { FormilySchema, Grid } from '@contract/schema-types.gen';
import type { SchemaIssue } from '../schema/validate';

/** Layout components the form always provides besides the registry's field types. */
export const LAYOUT_COMPONENTS = ['FormItem', 'FormGrid', 'FormLayout', 'Space', 'GridColumn', 'CssGrid', 'LazyFormItem'];

/**
 * Above this many top-level fields the form is laid out by CssGrid instead of FormGrid: FormGrid
 * measures every child (getComputedStyle, then writes its span) on each digest, which grows with the
 * square of the fields; a 500-field online form took seconds to appear.
 */
export const CSS_GRID_THRESHOLD = 60;

/** Drops properties whose `x-auth` code the user lacks. */
export function filterByAuth(schema: FormilySchema, can: (code: string) => boolean): FormilySchema {
  if (!schema.properties) return schema;
  const properties: Record<string, FormilySchema> = {};
  for (const [key, child] of Object.entries(schema.properties)) {
    if (child['x-auth'] && !can(child['x-auth'])) continue;
    properties[key] = filterByAuth(child, can);
  }
  return { ...schema, properties };
}

/** Every x-component / x-decorator name that neither the registry nor the layout set provides. */
export function findUnknownComponents(schema: FormilySchema, known: Set<string>, pointer = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  for (const key of ['x-component', 'x-decorator'] as const) {
    const name = schema[key];
    if (name && !known.has(name)) issues.push({ pointer: `${pointer}/${key}`, message: `component "${name}" is not registered` });
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    issues.push(...findUnknownComponents(child, known, `${pointer}/properties/${key}`));
  }
  if (schema.items) issues.push(...findUnknownComponents(schema.items, known, `${pointer}/items`));
  return issues;
}

/** Places the top-level fields inside one FormGrid so the schema author only lists fields. */
export function wrapInGrid(schema: FormilySchema, grid: Grid | undefined): FormilySchema {
  const children = Object.values(schema.properties ?? {});
  const alreadyGrid = children.some((child) => child['x-component'] === 'FormGrid' || child['x-component'] === 'CssGrid');
  if (alreadyGrid) return schema;
  const large = children.length > CSS_GRID_THRESHOLD;
  // a large form mounts each field's FormItem and input when it nears the viewport (the field itself exists at once)
  const properties = large
    ? Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, c]) => [
          k,
          c['x-decorator'] === 'FormItem' ? { ...c, 'x-decorator': 'LazyFormItem' } : c,
        ]),
      )
    : schema.properties;
  return {
    type: 'object',
    properties: {
      grid: {
        type: 'void',
        'x-component': large ? 'CssGrid' : 'FormGrid',
        'x-component-props': { maxColumns: grid?.maxColumns ?? 2, minColumns: grid?.minColumns ?? 1, columnGap: 16 },
        properties,
      },
    },
  };
}
