import { beforeEach, describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { screen, waitFor } from '@testing-library/react';
import { clearDictCache, configureRenderer, pageOf, RequestError } from '@renderer/index';
import { loadField } from '@renderer/registry';
import { DictPretty } from '@widgets/dict/JDictSelectTag';
import { testDataProvider } from '../helpers/dataProvider';
import { fail, fakeHttp, ok, renderWith } from './harness';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

describe('pageOf: the one reply parser', () => {
  it('reads a page reply: its records and the server total', () => {
    expect(pageOf({ records: [{ id: '1' }], total: 31, current: 2 })).toEqual({ records: [{ id: '1' }], total: 31 });
  });

  it('reads an array reply: every row, total = its length', () => {
    expect(pageOf([{ id: '1' }, { id: '2' }])).toEqual({ records: [{ id: '1' }, { id: '2' }], total: 2 });
  });

  it('anything else is an empty page', () => {
    expect(pageOf(null)).toEqual({ records: [], total: 0 });
    expect(pageOf('ok')).toEqual({ records: [], total: 0 });
    expect(pageOf({ records: null })).toEqual({ records: [], total: 0 });
  });
});

describe('data provider', () => {
  it('getList parses both reply shapes; a failed reply rejects with the server message', async () => {
    const s = fakeHttp({
      'GET /page': () => ok({ records: [{ id: 'a' }], total: 9 }),
      'GET /all': () => ok([{ id: 'a' }, { id: 'b' }]),
      'GET /broken': () => fail('没有权限'),
    });
    const data = testDataProvider(s.http);
    expect(await data.getList('/page', { pageNo: 1 })).toEqual({ records: [{ id: 'a' }], total: 9 });
    expect(s.last('get')?.params).toEqual({ pageNo: 1 });
    expect(await data.getList('/all')).toEqual({ records: [{ id: 'a' }, { id: 'b' }], total: 2 });
    const failure = await data.getList('/broken').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as Error).message).toBe('没有权限');
  });

  it('removeMany sends the ids as JeecgBoot deleteBatch expects', async () => {
    const s = fakeHttp({ 'DELETE /x/deleteBatch': () => ok(null, '删除成功') });
    const res = await testDataProvider(s.http).removeMany('/x/deleteBatch', ['1', '2']);
    expect(res.message).toBe('删除成功');
    expect(s.last('delete')?.params).toEqual({ ids: '1,2,' });
  });

  it('file addresses: stored paths go under the static files address, full addresses stay', () => {
    const data = testDataProvider(fakeHttp({}).http);
    expect(data.fileUrl('temp/a.png')).toBe('/api/sys/common/static/temp/a.png');
    expect(data.fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(data.fileUrl('blob:http://x/1')).toBe('blob:http://x/1');
    expect(data.fileUrl('')).toBe('');
  });
});

describe('one dictionary cache', () => {
  it('a renderer field and a widget showing the same dictionary make one request', async () => {
    const s = fakeHttp({
      'GET /sys/dict/getDictItems/sex': () =>
        ok([
          { value: '1', text: '男' },
          { value: '2', text: '女' },
        ]),
    });
    configureRenderer({ data: testDataProvider(s.http) });
    const SelectCell = (await loadField('Select')).cell!;
    renderWith(
      <div>
        <span data-testid="renderer">
          <SelectCell value="1" record={{}} props={{ dictCode: 'sex' }} />
        </span>
        <span data-testid="widget">
          <DictPretty dictCode="sex" value="2" />
        </span>
      </div>,
      s.http,
    );
    await waitFor(() => expect(screen.getByTestId('renderer').textContent).toBe('男'));
    await waitFor(() => expect(screen.getByTestId('widget').textContent).toBe('女'));
    expect(s.calls.filter((c) => c.url === '/sys/dict/getDictItems/sex')).toHaveLength(1);
  });
});

describe('validators wired at start-up', () => {
  it('a remote check reports the server message although no form was ever mounted', async () => {
    const s = fakeHttp({ 'GET /sys/duplicate/check': () => fail('该值不可用，系统中已存在！') });
    configureRenderer({ data: testDataProvider(s.http) });
    const form = createForm();
    const code = form.createField({ name: 'code', validator: [{ duplicateCheck: { tableName: 'sys_position', fieldName: 'code' } }] });
    await code.onInput('PM');
    await waitFor(() => expect(code.selfErrors).toEqual(['该值不可用，系统中已存在！']));
    expect(s.last('get', '/sys/duplicate/check')?.params).toMatchObject({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'PM' });
  });
});
