import { beforeEach, describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaForm } from '@renderer/form/SchemaForm';
import { clearDictCache, DICT_CACHE_MS, loadDictItems, dictText } from '@renderer/data/dict';
import { loadField } from '@renderer/registry';
import { registerBuiltinFields } from '@renderer/fields';
import { fakeHttp, ok, renderWith } from './harness';
import { testDataProvider } from '../helpers/dataProvider';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

describe('built-in fields', () => {
  it('caches dictionary items for 7 days and translates comma lists', async () => {
    const s = fakeHttp({
      'GET /sys/dict/getDictItems/sex': () =>
        ok([
          { value: '1', text: '男' },
          { value: '2', label: '女' },
        ]),
    });
    const data = testDataProvider(s.http);
    const items = await loadDictItems(data, 'sex');
    await loadDictItems(data, 'sex');
    expect(s.calls).toHaveLength(1);
    expect(dictText(items, '1,2,3')).toBe('男,女,3');
    const stored = JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA')!);
    expect(stored.value.sex).toHaveLength(2);
    expect(stored.expire - Date.now()).toBeGreaterThan(DICT_CACHE_MS - 5000);
    await expect(loadDictItems(data, '')).rejects.toThrow('字典Code不能为空!');
  });

  it('switch stores Y/N, dates and times store their spec formats, read-pretty shows text', async () => {
    const s = fakeHttp({ 'GET /sys/dict/getDictItems/status': () => ok([{ value: '1', text: '正常' }]) });
    const form = createForm({ values: { on: 'N', day: '2024-03-05', at: '2024-03-05 08:09:10', clock: '07:45:30', status: '1' } });
    renderWith(
      <SchemaForm
        form={form}
        schema={{
          type: 'object',
          properties: {
            on: { type: 'string', 'x-component': 'Switch' },
            day: { type: 'string', 'x-component': 'DatePicker' },
            at: { type: 'string', 'x-component': 'DateTimePicker' },
            clock: { type: 'string', 'x-component': 'TimePicker' },
            status: { type: 'string', 'x-component': 'Select', 'x-component-props': { dictCode: 'status' }, 'x-pattern': 'readPretty' },
          },
        }}
      />,
      s.http,
    );
    fireEvent.click(await screen.findByRole('switch'));
    expect(form.values.on).toBe('Y');
    expect(await screen.findByDisplayValue('2024-03-05')).toBeTruthy();
    expect(screen.getByDisplayValue('2024-03-05 08:09:10')).toBeTruthy();
    expect(await screen.findByDisplayValue('07:45:30')).toBeTruthy();
    expect(await screen.findByText('正常')).toBeTruthy();
  });

  it('cells render dictionary text, Y/N, masked passwords and formatted dates', async () => {
    registerBuiltinFields();
    const { render } = await import('@testing-library/react');
    const Sw = (await loadField('Switch')).cell!;
    const Pwd = (await loadField('Password')).cell!;
    const DateCell = (await loadField('DatePicker')).cell!;
    const SelectCell = (await loadField('Select')).cell!;
    const { container } = render(
      <div>
        <span data-t="sw">
          <Sw value="Y" record={{}} />
        </span>
        <span data-t="pwd">
          <Pwd value="secret" record={{}} />
        </span>
        <span data-t="date">
          <DateCell value="2024-03-05 10:00:00" record={{}} />
        </span>
        <span data-t="sel">
          <SelectCell value="1" text="男" record={{}} />
        </span>
      </div>,
    );
    await waitFor(() => expect(container.querySelector('[data-t="sw"]')?.textContent).toBe('是'));
    expect(container.querySelector('[data-t="pwd"]')?.textContent).toBe('******');
    expect(container.querySelector('[data-t="date"]')?.textContent).toBe('2024-03-05');
    expect(container.querySelector('[data-t="sel"]')?.textContent).toBe('男');
  });

  it('evaluates {{ }} reactions with the safe compiler', async () => {
    const form = createForm({ values: { kind: 'a' } });
    renderWith(
      <SchemaForm
        form={form}
        schema={{
          type: 'object',
          properties: {
            kind: { type: 'string', 'x-component': 'Input', 'x-component-props': { placeholder: 'kind' } },
            extra: {
              type: 'string',
              'x-component': 'Input',
              'x-component-props': { placeholder: 'extra' },
              'x-reactions': { dependencies: ['kind'], fulfill: { state: { visible: "{{$deps[0] === 'b'}}" } } },
            },
          },
        }}
      />,
      fakeHttp({}).http,
    );
    await screen.findByPlaceholderText('kind');
    expect(screen.queryByPlaceholderText('extra')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('kind'), { target: { value: 'b' } });
    expect(await screen.findByPlaceholderText('extra')).toBeTruthy();
  });
});
