import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { waitFor } from '@testing-library/react';
import { checkRemote, registerPresetValidators, remoteCheckParams } from '@renderer/validators';
import { testDataProvider } from '../helpers/dataProvider';
import { validatePageSchema } from '@renderer/schema/validate';
import type { ListPage, RemoteCheck } from '@contract/schema-types.gen';
import { fail, fakeHttp, ok } from './harness';

const user: RemoteCheck = { url: '/sys/user/checkOnlyUser', param: 'username', idParam: 'id', message: '用户名已存在!', debounce: 0 };

describe('remoteCheck validator', () => {
  it('builds the query from the value, the record id and other form values', () => {
    const form = { values: { id: 'u1', dictId: 'd9' } };
    expect(remoteCheckParams(' tom ', user, form)).toEqual({ username: 'tom', id: 'u1' });
    expect(remoteCheckParams('tom', user, { values: {} })).toEqual({ username: 'tom' });
    expect(
      remoteCheckParams(
        'v',
        { url: '/c', param: 'itemValue', idParam: 'id', values: { dictId: 'dictId' }, params: { scope: 'all' } },
        form,
      ),
    ).toEqual({
      scope: 'all',
      dictId: 'd9',
      id: 'u1',
      itemValue: 'v',
    });
  });

  it('passes empty values without asking; a refusal gives the configured message, else the server one', async () => {
    const s = fakeHttp({
      'GET /sys/user/checkOnlyUser': (c) => (c.params?.username === 'taken' ? fail('用户账号已存在') : ok(null, '该值可用！')),
    });
    expect(await checkRemote(testDataProvider(s.http), '', user)).toBe('');
    expect(await checkRemote(testDataProvider(s.http), '  ', user)).toBe('');
    expect(s.calls).toHaveLength(0);
    expect(await checkRemote(testDataProvider(s.http), 'free', user)).toBe('');
    expect(await checkRemote(testDataProvider(s.http), 'taken', user)).toBe('用户名已存在!');
    expect(await checkRemote(testDataProvider(s.http), 'taken', { ...user, message: undefined })).toBe('用户账号已存在');
    const down = fakeHttp({ 'GET /sys/user/checkOnlyUser': () => Promise.reject(new Error('Network Error')) });
    expect(await checkRemote(testDataProvider(down.http), 'x', user)).toBe('Network Error');
  });

  it('debounces typing per field: only the last value is asked', async () => {
    const s = fakeHttp({ 'GET /c': () => fail('已存在') });
    const key = {};
    const options: RemoteCheck = { url: '/c', param: 'code', debounce: 20 };
    const results = await Promise.all([
      checkRemote(testDataProvider(s.http), 'a', options, undefined, key),
      checkRemote(testDataProvider(s.http), 'ab', options, undefined, key),
    ]);
    expect(results).toEqual(['', '已存在']);
    expect(s.calls.map((c) => c.params?.code)).toEqual(['ab']);
  });

  it('runs from x-validator in a Formily form, sending the edited record id', async () => {
    const s = fakeHttp({ 'GET /sys/role/checkRoleCode': (c) => (c.params?.id === 'r1' ? ok(null, '该值可用！') : fail('角色编码已存在')) });
    registerPresetValidators(testDataProvider(s.http));
    const editing = createForm({ initialValues: { id: 'r1' } });
    const code = editing.createField({
      name: 'roleCode',
      validator: [{ remoteCheck: { url: '/sys/role/checkRoleCode', param: 'roleCode', idParam: 'id', debounce: 0 } }],
    });
    await code.onInput('admin');
    expect(s.last('get')?.params).toEqual({ roleCode: 'admin', id: 'r1' });
    expect(code.selfErrors).toEqual([]);

    const adding = createForm();
    const fresh = adding.createField({
      name: 'roleCode',
      validator: [{ remoteCheck: { url: '/sys/role/checkRoleCode', param: 'roleCode', idParam: 'id', debounce: 0 } }],
    });
    await fresh.onInput('admin');
    await waitFor(() => expect(fresh.selfErrors).toEqual(['角色编码已存在']));
  });
});

type Props = Record<string, { 'x-validator'?: Array<Record<string, unknown>> }>;
function formProps(file: string): Props {
  const schema = JSON.parse(readFileSync(path.resolve(__dirname, '../../../schemas/system', file), 'utf8')) as ListPage;
  expect(validatePageSchema(schema)).toEqual([]);
  return schema.form?.schema.properties as Props;
}
const remoteOf = (props: Props, field: string) => props[field]['x-validator']?.find((v) => 'remoteCheck' in v)?.remoteCheck;

describe('admin forms use remoteCheck', () => {
  it('UserList checks 用户账号/工号/手机号码/邮箱 with checkOnlyUser and the spec messages', () => {
    const props = formProps('UserList.json');
    const expected: Array<[string, string]> = [
      ['username', '用户名已存在!'],
      ['workNo', '工号已存在!'],
      ['phone', '手机号已存在!'],
      ['email', '邮箱已存在!'],
    ];
    for (const [field, message] of expected) {
      expect(remoteOf(props, field)).toEqual({ url: '/sys/user/checkOnlyUser', param: field, idParam: 'id', message });
    }
  });

  it('RoleList checks 角色编码 and the dictionary item form checks 数据值 within its dictionary', () => {
    expect(remoteOf(formProps('RoleList.json'), 'roleCode')).toEqual({ url: '/sys/role/checkRoleCode', param: 'roleCode', idParam: 'id' });
    expect(remoteOf(formProps('modals/DictItemList.json'), 'itemValue')).toEqual({
      url: '/sys/dictItem/dictItemCheck',
      param: 'itemValue',
      idParam: 'id',
      values: { dictId: 'dictId' },
    });
  });

  it('the user drawer footer is 取消 with 确定放弃编辑？ and 提交', () => {
    const schema = JSON.parse(readFileSync(path.resolve(__dirname, '../../../schemas/system/UserList.json'), 'utf8')) as ListPage;
    expect(schema.form).toMatchObject({ container: 'drawer', okText: '提交', cancelConfirm: '确定放弃编辑？' });
  });
});
