import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { SchemaForm } from '@renderer/form/SchemaForm';
import { validatePageSchema } from '@renderer/schema/validate';
import type { FormilySchema } from '@contract/schema-types.gen';
import { registerWidgets, WIDGET_TYPES } from '@widgets/index';
import { loadField } from '@renderer/registry';
import demo from '@schemas/jeecg/SelectDemo.json';
import { configureRenderer } from '@renderer/configure';
import { Providers, fakeHttp } from './fake-http';
import { testDataProvider } from '../helpers/dataProvider';

const usedTypes = (schema: FormilySchema): string[] =>
  Object.values(schema.properties ?? {}).flatMap((child) => [...(child['x-component'] ? [child['x-component']] : []), ...usedTypes(child)]);

describe('jeecg/SelectDemo', () => {
  beforeAll(async () => {
    configureRenderer({ data: testDataProvider(fakeHttp()) });
    registerWidgets();
    // Each widget module loads lazily; load them all up front so the render below is not racing transforms.
    await Promise.all(WIDGET_TYPES.map((type) => loadField(type)));
  }, 60_000);

  it('is a valid page schema that uses every widget type', () => {
    expect(validatePageSchema(demo)).toEqual([]);
    const used = new Set(usedTypes(demo.schema as FormilySchema));
    expect(WIDGET_TYPES.filter((type) => !used.has(type))).toEqual([]);
  });

  it('renders every widget in one form with the current values', async () => {
    const http = fakeHttp({
      'GET /sys/dict/getDictItems/sex': () => [
        { value: '1', text: '男' },
        { value: '2', text: '女' },
      ],
      'GET /sys/dict/getDictItems/priority': () => [
        { value: 'L', text: '低' },
        { value: 'M', text: '中' },
        { value: 'H', text: '高' },
      ],
      'GET /sys/sysDepart/queryDepartTreeSync': () => [],
      'GET /sys/category/loadTreeData': () => [],
      'GET /sys/dict/loadTreeData': () => [],
    });
    const form = createForm();
    render(
      <Providers http={http}>
        <SchemaForm form={form} schema={demo.schema as FormilySchema} />
      </Providers>,
    );
    expect(await screen.findByText('拖动滑块验证', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('表单配置有误')).toBeNull();
    for (const title of ['字典下拉', '根据部门选择用户', 'Cron（七段）', 'Cron（分项）', 'PDF 查看器', 'Popup 用户账号']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    await waitFor(() => expect(screen.getByLabelText('当前值').textContent).toContain('"easyCron": "0 0 12 * * ? *"'), { timeout: 10_000 });
    expect(screen.getByLabelText('当前值').textContent).toContain('"yn": "N"');
  });
});
