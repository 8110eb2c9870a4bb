import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { JSelectDepart } from '@widgets/pickers/JSelectDepart';
import { JSelectUserByDep } from '@widgets/pickers/JSelectUserByDep';
import { JSelectRole, JSelectPosition } from '@widgets/pickers/biz-widgets';
import { JPopup } from '@widgets/pickers/JPopup';
import {
  clearPopupCache,
  cachedRequest,
  mapPopupRows,
  paramQuery,
  parseSorter,
  popupConfigError,
  popupDisplay,
} from '@widgets/pickers/popup-logic';
import { Providers, fakeHttp, ok, renderWith } from './fake-http';

const modal = () => document.querySelector('.ant-modal') as HTMLElement;

const departs = {
  'GET /sys/sysDepart/queryDepartTreeSync': (params?: Record<string, unknown>) =>
    params?.pid
      ? [
          { id: 'd2', key: 'd2', title: '研发部', departName: '研发部', leaf: true },
          { id: 'd3', key: 'd3', title: '财务部', departName: '财务部', leaf: true },
        ]
      : [{ id: 'd1', key: 'd1', title: '总公司', departName: '总公司', leaf: false }],
  'GET /sys/sysDepart/queryTreeList': () => [{ id: 'd2', key: 'd2', title: '研发部', departName: '研发部' }],
  'GET /sys/sysDepart/searchBy': () => [{ id: 'd3', key: 'd3', title: '财务部', departName: '财务部', leaf: true }],
};

describe('JSelectDepart', () => {
  it('shows the name of the stored id and picks a department in the 500 px dialog', async () => {
    const onChange = vi.fn();
    renderWith(<JSelectDepart value="d2" onChange={onChange} />, fakeHttp(departs));
    expect(await screen.findByDisplayValue('研发部')).toBeTruthy();
    fireEvent.click(screen.getByDisplayValue('研发部'));
    expect(await screen.findByText('选择部门')).toBeTruthy();
    expect(modal().style.width).toBe('500px');
    expect(screen.getByPlaceholderText('请输入部门名称按回车进行搜索')).toBeTruthy();
    expect(await screen.findByText('财务部')).toBeTruthy();
    fireEvent.click(screen.getByText('财务部'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    expect(onChange).toHaveBeenCalledWith('d3', [expect.objectContaining({ departName: '财务部' })]);
  });

  it('single mode keeps only the newest check; multi keeps all', async () => {
    const single = vi.fn();
    const { unmount } = renderWith(<JSelectDepart onChange={single} />, fakeHttp(departs));
    fireEvent.click(screen.getByPlaceholderText('请点击选择部门'));
    fireEvent.click(await screen.findByText('研发部'));
    fireEvent.click(screen.getByText('财务部'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    expect(single).toHaveBeenCalledWith('d3', expect.any(Array));
    unmount();
    const multi = vi.fn();
    renderWith(<JSelectDepart multi onChange={multi} />, fakeHttp(departs));
    fireEvent.click(screen.getByPlaceholderText('请点击选择部门'));
    fireEvent.click(await screen.findByText('研发部'));
    fireEvent.click(screen.getByText('财务部'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    expect(multi).toHaveBeenCalledWith('d2,d3', expect.any(Array));
  });

  it('searches by name and lists matches flat', async () => {
    const http = fakeHttp(departs);
    renderWith(<JSelectDepart />, http);
    fireEvent.click(screen.getByPlaceholderText('请点击选择部门'));
    const search = await screen.findByPlaceholderText('请输入部门名称按回车进行搜索');
    fireEvent.change(search, { target: { value: '财务' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(http.calls.some((c) => c.url === '/sys/sysDepart/searchBy' && c.params?.keyWord === '财务')).toBe(true));
    await waitFor(() => expect(screen.queryByText('总公司')).toBeNull());
    expect(screen.getByText('财务部')).toBeTruthy();
  });

  it('warns 您尚未设置部门信息! when there is no department', async () => {
    renderWith(<JSelectDepart />, fakeHttp({ 'GET /sys/sysDepart/queryDepartTreeSync': () => [] }));
    fireEvent.click(screen.getByPlaceholderText('请点击选择部门'));
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
  });
});

describe('JSelectUserByDep', () => {
  const users = (pageNo: number) =>
    pageNo === 1
      ? [{ id: 'u1', username: 'admin', realname: '管理员', sex: 1, phone: '13800000000', orgCodeTxt: '总公司' }]
      : [{ id: 'u2', username: 'jeecg', realname: '张三', sex: 2, phone: '13900000000', orgCodeTxt: '研发部' }];
  const routes = {
    ...departs,
    'GET /sys/user/getMultiUser': () => [{ id: 'u1', username: 'admin', realname: '管理员' }],
    'GET /sys/user/queryUserComponentData': (params?: Record<string, unknown>) => ({ records: users(Number(params?.pageNo)), total: 11 }),
  };

  it('resolves stored usernames to names with a trailing comma', async () => {
    const http = fakeHttp(routes);
    renderWith(<JSelectUserByDep value="admin" />, http);
    expect(await screen.findByDisplayValue('管理员')).toBeTruthy();
    expect(http.calls[0]).toMatchObject({ url: '/sys/user/getMultiUser', params: { username: 'admin,' } });
  });

  it('lists users sorted by createTime desc and keeps the selection across pages', async () => {
    const http = fakeHttp(routes);
    const onChange = vi.fn();
    renderWith(<JSelectUserByDep onChange={onChange} />, http);
    fireEvent.click(screen.getByText('选择用户'));
    expect(await screen.findByText('根据部门选择用户')).toBeTruthy();
    expect(modal().style.width).toBe('1250px');
    fireEvent.click(await screen.findByText('管理员'));
    const call = http.calls.find((c) => c.url === '/sys/user/queryUserComponentData');
    expect(call?.params).toMatchObject({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    expect(screen.getByText('男')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(await screen.findByText('张三'));
    fireEvent.click(screen.getByText('OK'));
    expect(onChange).toHaveBeenCalledWith('admin,jeecg', expect.any(Array));
  });
});

describe('business-record pickers', () => {
  it('JSelectRole: 角色选择, 5 per page, returns roleCode', async () => {
    const http = fakeHttp({
      'GET /sys/role/list': () => ({ records: [{ id: 'r1', roleName: '管理员角色', roleCode: 'admin' }], total: 1 }),
    });
    const onChange = vi.fn();
    renderWith(<JSelectRole onChange={onChange} />, http);
    fireEvent.click(screen.getByText('选择'));
    expect(await screen.findByText('角色选择')).toBeTruthy();
    expect(modal().style.width).toBe('900px');
    expect(screen.getByPlaceholderText('请输入角色编码')).toBeTruthy();
    fireEvent.click(await screen.findByText('管理员角色'));
    expect(http.calls[0].params).toMatchObject({ pageNo: 1, pageSize: 5 });
    expect(within(modal()).getByText('已选角色')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    expect(onChange).toHaveBeenCalledWith('admin', [expect.objectContaining({ id: 'r1' })]);
  });

  it('JSelectPosition resolves stored codes through the list URL', async () => {
    const http = fakeHttp({
      'GET /sys/position/list': () => ({ records: [{ id: 'p1', name: '研发部经理', code: 'devleader' }], total: 1 }),
    });
    renderWith(<JSelectPosition value="devleader" />, http);
    expect(await screen.findByText('研发部经理')).toBeTruthy();
    expect(http.calls[0].params).toEqual({ code: 'devleader,', pageNo: 1, pageSize: 1 });
  });

  it('the query box sends the preset query parameter', async () => {
    const http = fakeHttp({ 'GET /sys/position/list': () => ({ records: [], total: 0 }) });
    renderWith(<JSelectPosition />, http);
    fireEvent.click(screen.getByText('选择'));
    const box = await screen.findByPlaceholderText('请输入职务名称');
    fireEvent.change(box, { target: { value: '经理' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(http.calls.some((c) => c.params?.name === '经理')).toBe(true));
  });
});

describe('popup logic', () => {
  beforeEach(() => clearPopupCache());

  it('reports configuration errors', () => {
    expect(popupConfigError({ code: 'r', orgFields: 'a' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ code: 'r', orgFields: 'a,b', destFields: 'x' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(popupConfigError({ code: 'r', orgFields: 'a,b', destFields: 'x,y' })).toBeNull();
  });

  it('maps chosen rows to destination fields', () => {
    const config = { code: 'r', field: 'userName', orgFields: 'realname,id', destFields: 'userName,userId', multi: true };
    const mapped = mapPopupRows(config, [
      { id: '1', realname: 'A' },
      { id: '2', realname: 'B' },
    ]);
    expect(mapped).toEqual({ userName: 'A,B', userId: '1,2' });
    expect(popupDisplay(config, mapped)).toBe('A,B');
  });

  it('reads the sorter and the params', () => {
    expect(parseSorter('create_time=desc')).toEqual({ column: 'create_time', order: 'desc' });
    expect(parseSorter('bad')).toBeNull();
    expect(paramQuery({ sex: "'1'", x: '2' }, ['sex'])).toEqual({ self: { self_sex: "'1'", self_x: '2' }, query: { sex: '1' } });
  });

  it('caches requests per group for 30 s', async () => {
    const load = vi.fn(async () => 1);
    await cachedRequest('g', 'k', load, 0);
    await cachedRequest('g', 'k', load, 29_000);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedRequest('g', 'k', load, 31_000);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('JPopup', () => {
  beforeEach(() => clearPopupCache());
  const report = {
    'GET /online/cgreport/api/getRpColumns/user_rpt': () => ({
      columns: [
        { title: '姓名', dataIndex: 'realname' },
        { title: '性别', dataIndex: 'sex', customRender: 'sex' },
      ],
      dictOptions: { sex: [{ value: '1', text: '男' }] },
      cgRpConfigId: 'cfg1',
      cgRpConfigName: '用户报表',
    }),
    'GET /online/cgreport/api/getQueryInfo/cfg1': () => [],
    'GET /online/cgreport/api/getData/cfg1': () => ({ records: [{ id: '7', realname: '李四', sex: '1' }], total: 1 }),
  };

  it('hides itself behind the configuration error', () => {
    renderWith(<JPopup code="r" orgFields="a,b" destFields="x" />);
    expect(screen.getByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeTruthy();
  });

  it('fills two destination fields of the form', async () => {
    const form = createForm();
    const http = fakeHttp(report);
    render(
      <Providers http={http}>
        <FormProvider form={form}>
          <Field
            name="userName"
            component={[
              JPopup,
              { code: 'user_rpt', field: 'userName', orgFields: 'realname,id', destFields: 'userName,userId', sorter: 'realname=asc' },
            ]}
          />
          <Field name="userId" component={['input']} />
        </FormProvider>
      </Providers>,
    );
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    expect(await screen.findByText('用户报表')).toBeTruthy();
    expect(modal().style.width).toBe('1200px');
    expect(await screen.findByText('男')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    fireEvent.click(screen.getByText('李四'));
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(form.values).toEqual({ userName: '李四', userId: '7' }));
    const dataCall = http.calls.find((c) => c.url === '/online/cgreport/api/getData/cfg1');
    expect(dataCall?.params).toMatchObject({ column: 'realname', order: 'asc', pageNo: 1, pageSize: 10 });
  });

  it('shows 出错了 when the report cannot be loaded', async () => {
    renderWith(
      <JPopup code="nope" orgFields="a" destFields="b" />,
      fakeHttp({
        'GET /online/cgreport/api/getRpColumns/nope': () => ({ success: false, message: '报表不存在', code: 500, result: null }),
      }),
    );
    fireEvent.click(screen.getByPlaceholderText('请选择'));
    expect((await screen.findAllByText('出错了')).length).toBeGreaterThan(0);
    expect(screen.getByText(/Popup初始化失败，请检查你的配置或稍后重试！.*报表不存在/)).toBeTruthy();
  });
});

describe('ok helper', () => {
  it('wraps results', () => expect(ok(1).success).toBe(true));
});
