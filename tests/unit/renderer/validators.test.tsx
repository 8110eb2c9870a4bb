import { describe, expect, it } from 'vitest';
import { createForm } from '@formily/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  checkChecked,
  checkLength,
  checkMobile,
  checkPreset,
  checkUserName,
  GRID_PATTERNS,
  registerPresetValidators,
} from '@renderer/validators';
import type { RendererHttp } from '@renderer/context';
import type { DuplicateCheckOptions } from '@renderer/data/provider';
import { testDataProvider } from '../helpers/dataProvider';
import { SchemaForm } from '@renderer/form/SchemaForm';
import { fakeHttp, fail, ok, renderWith } from './harness';

describe('form presets', () => {
  it('mobile: required, then 1 + 3/4/5/7/8 + 9 digits', () => {
    expect(checkMobile('')).toBe('请输入手机号');
    expect(checkMobile('13812345678')).toBe('');
    expect(checkMobile('16812345678')).toBe('请输入正确手机号');
    expect(checkMobile('1381234567')).toBe('请输入正确手机号');
  });

  it('userName: required, letters/digits/underscore, length 4-18 with the 6-18 message', () => {
    expect(checkUserName('')).toBe('请输入用户名');
    expect(checkUserName('ab-c')).toBe('只允许字母、数字、下划线');
    expect(checkUserName('abc')).toBe('长度6到18个字符');
    expect(checkUserName('abcd')).toBe('');
    expect(checkUserName('a'.repeat(19))).toBe('长度6到18个字符');
  });

  it.each([
    ['email', 'a@b', '邮箱格式不正确', 'a.b@example.com'],
    ['naturalNumber', '-1', '请输入自然数', '0'],
    ['english', 'ab1', '请输入英文字符', 'abc'],
    ['telephone', '12345', '请输入正确的座机号', '0571-88888888'],
    ['bankCard', '012345678901', '请输入正确的银行卡号码', '6222021234567890'],
    ['IDNumber', 'AB-12', '请输入正确的证件号码', 'AB12'],
    ['IDCard', '11010519491231002', '请输入正确的身份证号码', '11010519491231002X'],
    ['qq', '1234', '请输入正确的QQ号码', '12345'],
    ['url', 'ftp://a.com', '请输入以http和https开头的网址', 'https://a.com/x?y=1'],
    ['enNum0to20', 'a'.repeat(21), '请输入20位以内的英文字符和数字', 'abc123'],
    ['cnEnSpace2to100', '中', '请输入2到100位的中英文字符和空格', '中文 abc'],
    ['numLinefeed', '12a', '请输入数字和换行符', '12\n34'],
    ['char0to255', 'x'.repeat(256), '请输入255位以内的字符', 'x'.repeat(255)],
  ])('%s rejects %j with its message and accepts a valid value', (name, bad, message, good) => {
    expect(checkPreset(name, bad)).toBe(message);
    expect(checkPreset(name, good)).toBe('');
    expect(checkPreset(name, '')).toBe('');
  });

  it('length and checked-list ranges', () => {
    expect(checkLength('a', 2, 5)).toBe('最小长度2位字符');
    expect(checkLength('abcdef', 2, 5)).toBe('最大长度5位字符');
    expect(checkLength('abc', 2, 5)).toBe('');
    expect(checkChecked(['a'], 2, 3)).toBe('最少选择2项');
    expect(checkChecked('a,b,c,d', 2, 3)).toBe('最多选择3项');
    expect(checkChecked(['a', 'b'], 2, 3)).toBe('');
  });

  it('grid presets by short name', () => {
    expect(Object.keys(GRID_PATTERNS)).toEqual(['n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', 'money']);
    expect(GRID_PATTERNS.m.regexp.test('19912345678')).toBe(true);
    expect(GRID_PATTERNS.money.regexp.test('12.345')).toBe(false);
    expect(GRID_PATTERNS.money.regexp.test('12.34')).toBe(true);
  });
});

const checkDuplicate = (http: RendererHttp, value: unknown, options: DuplicateCheckOptions) =>
  testDataProvider(http).duplicateCheck(value, options);
const checkRuleCode = (http: RendererHttp, value: unknown, ruleCode: string | undefined) =>
  testDataProvider(http).checkRule(value, ruleCode);

describe('async checks', () => {
  it('duplicate check: empty passes without a call; failure gives the server message', async () => {
    const s = fakeHttp({
      'GET /sys/duplicate/check': (c) => (c.params?.fieldVal === 'taken' ? fail('该值不可用，系统中已存在！') : ok('该值可用！')),
    });
    expect(await checkDuplicate(s.http, '', { tableName: 't', fieldName: 'f' })).toBe('');
    expect(s.calls).toHaveLength(0);
    expect(await checkDuplicate(s.http, 'free', { tableName: 't', fieldName: 'f', dataId: '9' })).toBe('');
    expect(s.last('get')?.params).toEqual({ tableName: 't', fieldName: 'f', fieldVal: 'free', dataId: '9' });
    expect(await checkDuplicate(s.http, 'taken', { tableName: 't', fieldName: 'f' })).toBe('该值不可用，系统中已存在！');
  });

  it('rule-code check: empty passes; failure gives the rule message', async () => {
    const s = fakeHttp({ 'GET /sys/checkRule/checkByCode': () => fail('首位必须是字母') });
    expect(await checkRuleCode(s.http, '', 'common')).toBe('');
    expect(await checkRuleCode(s.http, 'x', undefined)).toBe('');
    expect(s.calls).toHaveLength(0);
    expect(await checkRuleCode(s.http, '1ab', 'common')).toBe('首位必须是字母');
    expect(s.last('get')?.params).toEqual({ ruleCode: 'common', value: '1ab' });
  });
});

describe('validators inside Formily', () => {
  it('strongPassword: a letter, a digit and a special character in 8 to 64 characters, with the form message', async () => {
    registerPresetValidators(testDataProvider(fakeHttp({}).http));
    const form = createForm();
    const message = '密码由8位数字、大小写字母和特殊符号组成!';
    const password = form.createField({ name: 'password', validator: [{ strongPassword: true, message }] });
    for (const weak of ['abc12345', 'Abcdefg#', '1234567#', 'Ab#1']) {
      await password.onInput(weak);
      expect(password.selfErrors, weak).toEqual([message]);
    }
    await password.onInput('Admin#2026pass');
    expect(password.selfErrors).toEqual([]);
  });

  it('string and object validators give the spec messages', async () => {
    const s = fakeHttp({ 'GET /sys/checkRule/checkByCode': () => fail('编码不符合规则') });
    registerPresetValidators(testDataProvider(s.http));
    const form = createForm();
    const phone = form.createField({ name: 'phone', validator: 'mobile' });
    const user = form.createField({ name: 'user', validator: [{ userName: true }] });
    const tags = form.createField({ name: 'tags', validator: [{ checked: { min: 2 } }] });
    const code = form.createField({ name: 'code', validator: [{ checkRule: 'common' }] });
    await phone.onInput('123');
    await user.onInput('a!');
    await tags.onInput(['x']);
    await code.onInput('1');
    await waitFor(() => expect(code.selfErrors).toEqual(['编码不符合规则']));
    expect(phone.selfErrors).toEqual(['请输入正确手机号']);
    expect(user.selfErrors).toEqual(['只允许字母、数字、下划线']);
    expect(tags.selfErrors).toEqual(['最少选择2项']);
  });

  it('shows the message under the field in a rendered form', async () => {
    const form = createForm();
    renderWith(
      <SchemaForm
        form={form}
        schema={{
          type: 'object',
          properties: {
            email: {
              type: 'string',
              title: '邮箱',
              'x-decorator': 'FormItem',
              'x-component': 'Input',
              'x-validator': 'email',
              'x-component-props': { placeholder: '邮箱' },
            },
          },
        }}
      />,
      fakeHttp({}).http,
    );
    fireEvent.change(await screen.findByPlaceholderText('邮箱'), { target: { value: 'nope' } });
    expect(await screen.findByText('邮箱格式不正确')).toBeTruthy();
  });
});
