import { describe, expect, it } from 'vitest';
import { CSS_GRID_THRESHOLD, wrapInGrid } from '../../../renderer/form/schemaTools';
import type { FormilySchema } from '@contract/schema-types.gen';

const fields = (n: number): FormilySchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `f${i}`,
      { type: 'string', title: `字段${i}`, 'x-decorator': 'FormItem', 'x-component': 'Input' },
    ]),
  ),
});

describe('form layout by size', () => {
  it('keeps FormGrid and FormItem for usual forms', () => {
    const grid = wrapInGrid(fields(CSS_GRID_THRESHOLD), { maxColumns: 2 }).properties!.grid!;
    expect(grid['x-component']).toBe('FormGrid');
    expect(grid.properties!.f0!['x-decorator']).toBe('FormItem');
  });

  it('lays a large form out with CssGrid and mounts its items lazily', () => {
    const grid = wrapInGrid(fields(CSS_GRID_THRESHOLD + 1), { maxColumns: 3 }).properties!.grid!;
    expect(grid['x-component']).toBe('CssGrid');
    expect(grid['x-component-props']).toMatchObject({ maxColumns: 3 });
    expect(Object.values(grid.properties!).every((f) => f['x-decorator'] === 'LazyFormItem')).toBe(true);
  });
});
