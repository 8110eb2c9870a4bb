import { beforeEach, describe, expect, it } from 'vitest';
import type { ListAction, RendererServices } from '@renderer/index';
import { registerAction } from '@renderer/index';
import { resetActionsForTests } from '@renderer/actions/registry';
import { runAction, type ActionRunContext, type OpenDialog } from '@renderer/actions/run';
import { actionDisabled, actionShown } from '@renderer/actions/rules';
import { actionScope } from '@renderer/actions/scope';
import { fakeHttp, fail, ok, recordingNotifier } from './harness';
import { testDataProvider } from '../helpers/dataProvider';

type Row = Record<string, unknown>;

const admin = { id: 'u1', username: 'admin', status: 1 };
const staff = { id: 'u2', username: 'staff', status: 1 };
const frozen = { id: 'u3', username: 'expert', status: 2 };

function setup(options: { record?: Row; selected?: Row[]; can?: (code: string) => boolean; frozenAnswer?: () => unknown } = {}) {
  const s = fakeHttp({
    'PUT /sys/user/frozenBatch': options.frozenAnswer ?? (() => ok(null, '操作成功!')),
    'DELETE /sys/dict/back/a%2Fb%20c': () => ok(null),
  });
  const rec = recordingNotifier();
  const reloads: number[] = [];
  const dialogs: OpenDialog[] = [];
  const selected = options.selected ?? [];
  const services: RendererServices = {
    http: s.http,
    data: testDataProvider(s.http),
    can: options.can ?? (() => true),
    apiBase: '/api',
    user: { id: 'u1', username: 'admin', realname: '管理员' },
  };
  const scope = actionScope(
    { selectedRowKeys: selected.map((r) => String(r.id)), selectedRows: selected, query: { username: 'st*' } },
    options.record,
    services.user,
  );
  const context: ActionRunContext = {
    services,
    notify: rec.notifier,
    scope,
    reload: () => reloads.push(1),
    openDialog: (d) => dialogs.push(d),
    pickFile: async () => undefined,
  };
  return { s, rec, reloads, dialogs, context, scope };
}

const freezeRow: ListAction = {
  text: '冻结',
  auth: 'user:frozen',
  visibleWhen: '{{ $record.status == 1 }}',
  refuseWhen: [{ when: "{{ $record.username === 'admin' }}", message: '管理员账号不允许此操作！' }],
  confirm: '确定冻结 {{ $record.username }} 吗?',
  request: { method: 'put', url: '/sys/user/frozenBatch', body: { ids: '{{ $record.id }}', status: '2' } },
};

const freezeSelected: ListAction = {
  text: '冻结',
  selection: 'some',
  confirm: '确认操作',
  request: {
    method: 'put',
    url: '/sys/user/frozenBatch',
    body: { ids: "{{ $selection.keys.join(',') }}", status: '2', count: '{{ $selection.count }}' },
  },
};

beforeEach(() => resetActionsForTests());

describe('request actions', () => {
  it('sends the body filled from the row, after the confirm naming it, and reloads the list', async () => {
    const { s, rec, reloads, context } = setup({ record: staff });
    expect(await runAction(freezeRow, context)).toBe(true);
    expect(s.last('put', '/sys/user/frozenBatch')?.body).toEqual({ ids: 'u2', status: '2' });
    expect(rec.texts()).toEqual(['确定冻结 staff 吗?', '操作成功!']);
    expect(reloads).toHaveLength(1);
  });

  it('sends the body filled from the selection; a whole {{ }} value keeps its type', async () => {
    const { s, context } = setup({ selected: [staff, frozen] });
    await runAction(freezeSelected, context);
    expect(s.last('put', '/sys/user/frozenBatch')?.body).toEqual({ ids: 'u2,u3', status: '2', count: 2 });
  });

  it('sends nothing and says 请选择一条记录！ when the toolbar action needs rows and none are selected', async () => {
    const { s, rec, reloads, context } = setup();
    expect(await runAction(freezeSelected, context)).toBe(false);
    expect(s.calls).toHaveLength(0);
    expect(rec.said).toEqual([{ kind: 'warning', text: '请选择一条记录！' }]);
    expect(reloads).toHaveLength(0);
  });

  it('with selection "one" needs exactly one row, which becomes $record', async () => {
    const one: ListAction = {
      text: '编辑',
      selection: 'one',
      request: { method: 'put', url: '/sys/user/frozenBatch', body: { ids: '{{ $record.id }}' } },
    };
    const two = setup({ selected: [staff, frozen] });
    await runAction(one, two.context);
    expect(two.rec.texts()).toEqual(['请选择一条记录！']);
    const single = setup({ selected: [frozen] });
    await runAction(one, single.context);
    expect(single.s.last('put')?.body).toEqual({ ids: 'u3' });
  });

  it('sends nothing when the confirm is declined', async () => {
    const { s, rec, reloads, context } = setup({ record: staff });
    rec.answers.push(false);
    expect(await runAction(freezeRow, context)).toBe(false);
    expect(s.calls).toHaveLength(0);
    expect(reloads).toHaveLength(0);
  });

  it('refuses with the refuseWhen message before asking', async () => {
    const { s, rec, context } = setup({ record: admin });
    expect(await runAction(freezeRow, context)).toBe(false);
    expect(rec.said).toEqual([{ kind: 'warning', text: '管理员账号不允许此操作！' }]);
    expect(s.calls).toHaveLength(0);
  });

  it('shows the server message (or the failure text) when refused, without reloading', async () => {
    const refused = setup({ record: staff, frozenAnswer: () => fail('用户不存在') });
    expect(await runAction(freezeRow, refused.context)).toBe(false);
    expect(refused.rec.said.at(-1)).toEqual({ kind: 'warning', text: '用户不存在' });
    expect(refused.reloads).toHaveLength(0);
    const replaced = setup({ record: staff, frozenAnswer: () => fail('x') });
    await runAction({ ...freezeRow, request: { ...freezeRow.request!, failure: '冻结失败' } }, replaced.context);
    expect(replaced.rec.said.at(-1)).toEqual({ kind: 'warning', text: '冻结失败' });
  });

  it('URL-encodes {{ }} parts of the address and uses the success text when the server sends none', async () => {
    const { s, rec, context } = setup({ record: { id: 'a/b c' } });
    await runAction({ text: '取回', request: { method: 'delete', url: '/sys/dict/back/{{ $record.id }}', success: '取回成功' } }, context);
    expect(s.last('delete')?.url).toBe('/sys/dict/back/a%2Fb%20c');
    expect(rec.texts()).toContain('取回成功');
  });
});

describe('visibleWhen, disabledWhen and auth', () => {
  it('shows a row action only for rows its condition holds for', () => {
    const can = () => true;
    expect(actionShown(freezeRow, setup({ record: staff }).scope, can)).toBe(true);
    expect(actionShown(freezeRow, setup({ record: frozen }).scope, can)).toBe(false);
  });

  it('hides an action whose permission the user lacks', () => {
    const { scope } = setup({ record: staff });
    expect(actionShown(freezeRow, scope, (code) => code !== 'user:frozen')).toBe(false);
    expect(actionShown({ ...freezeRow, auth: undefined }, scope, () => false)).toBe(true);
  });

  it('disables by disabledWhen over the selection; a condition that cannot be evaluated counts as false', () => {
    const action: ListAction = { text: '导出选中', disabledWhen: '{{ $selection.count === 0 }}', download: { url: '/x' } };
    expect(actionDisabled(action, setup().scope)).toBe(true);
    expect(actionDisabled(action, setup({ selected: [staff] }).scope)).toBe(false);
    expect(actionShown({ ...freezeRow, visibleWhen: '{{ $record.status == 1 }}' }, setup().scope, () => true)).toBe(false);
  });
});

describe('dialog and custom actions', () => {
  it('opens a dialog with its values filled from the row', async () => {
    const { dialogs, reloads, context } = setup({ record: { id: 'm1', name: '系统管理' } });
    const child: ListAction = {
      text: '添加下级',
      dialog: { form: 'self', mode: 'add', values: { parentId: '{{ $record.id }}', menuType: 1, route: true } },
    };
    await runAction(child, context);
    expect(dialogs[0].dialog.values).toEqual({ parentId: 'm1', menuType: 1, route: true });
    expect(dialogs[0].record).toEqual({ id: 'm1', name: '系统管理' });
    expect(reloads).toHaveLength(0);
  });

  it('runs a registered action with its props, the record and the selection', async () => {
    const seen: Row[] = [];
    registerAction('remember', (ctx) => {
      seen.push({ record: ctx.record, selection: ctx.selection, props: ctx.props, query: ctx.query });
    });
    const { context, reloads } = setup({ record: staff, selected: [frozen] });
    expect(await runAction({ text: '记住', custom: { name: 'remember', props: { a: 1 } }, reload: true }, context)).toBe(true);
    expect(seen).toEqual([{ record: staff, selection: [frozen], props: { a: 1 }, query: { username: 'st*' } }]);
    expect(reloads).toHaveLength(1);
  });

  it('says so for an unknown named action', async () => {
    const { rec, context } = setup();
    expect(await runAction({ text: '?', custom: { name: 'missing' } }, context)).toBe(false);
    expect(rec.said).toEqual([{ kind: 'error', text: '未知的操作 missing' }]);
  });
});
