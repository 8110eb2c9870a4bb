import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';
import { readSavedQueries } from '@renderer/superQuery/saved';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

function builder(): HTMLElement {
  const modal = [...document.querySelectorAll('.ant-modal')].find((m) => m.textContent?.includes('高级查询构造器'));
  if (!modal) throw new Error('builder not open');
  return modal as HTMLElement;
}

async function pickOption(selectorIndex: number, optionText: string) {
  const selects = builder().querySelectorAll('.super-query-row .ant-select-selector');
  fireEvent.mouseDown(selects[selectorIndex]);
  const options = await screen.findAllByTitle(optionText);
  fireEvent.click(options[options.length - 1]);
}

async function setup() {
  const s = fakeHttp({
    'GET /sys/position/list': () => ok({ records: positions(2), total: 2 }),
    'GET /sys/dict/getDictItems/position_rank': () =>
      ok([
        { value: '1', text: '员级' },
        { value: '2', text: '助级' },
      ]),
  });
  const rec = recordingNotifier();
  renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} saveCode="positions" />, s.http);
  await screen.findByText('职务1');
  fireEvent.click(screen.getByRole('button', { name: /高级查询/ }));
  await screen.findByText('高级查询构造器');
  return { s, rec };
}

async function fillNameCondition(value: string) {
  await pickOption(0, '职务名称');
  const input = within(builder()).getByPlaceholderText('请输入值');
  fireEvent.change(input, { target: { value } });
}

describe('advanced query', () => {
  it('refuses to run or save an empty condition', async () => {
    const { rec } = await setup();
    fireEvent.click(within(builder()).getByRole('button', { name: /^查\s*询$/ }));
    fireEvent.click(within(builder()).getByRole('button', { name: '保存查询条件' }));
    expect(rec.texts()).toEqual(['不能查询空条件', '空条件不能保存']);
  });

  it('runs the query as superQueryParams and shows the active marker; reset clears it', async () => {
    const { s } = await setup();
    await fillNameCondition('经理');
    fireEvent.click(within(builder()).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params?.superQueryMatchType).toBe('and'));
    const sent = s.last('get', '/sys/position/list')!.params!;
    expect(JSON.parse(decodeURI(String(sent.superQueryParams)))).toEqual([{ field: 'name', rule: 'eq', val: '经理', type: 'string' }]);
    expect(sent.pageNo).toBe(1);
    expect(document.querySelector('[data-active="true"]')).toBeTruthy();

    fireEvent.click(within(builder()).getByRole('button', { name: /^重\s*置$/ }));
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params?.superQueryParams).toBeUndefined());
    expect(document.querySelector('[data-active="true"]')).toBeNull();
  });

  it('重置 of the query form clears the advanced query and its active marker like a fresh page', async () => {
    const { s } = await setup();
    await fillNameCondition('经理');
    fireEvent.click(within(builder()).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(document.querySelector('[data-active="true"]')).toBeTruthy());
    fireEvent.click(within(builder()).getByRole('button', { name: /^关\s*闭$/ }));
    const queryReset = [...document.querySelectorAll('button')].find(
      (b) => /^重\s*置$/.test(b.textContent ?? '') && !b.closest('.ant-modal'),
    );
    fireEvent.click(queryReset!);
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params?.superQueryParams).toBeUndefined());
    await waitFor(() => expect(document.querySelector('[data-active="true"]')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /高级查询/ }));
    await waitFor(() => expect(within(builder()).queryByDisplayValue('经理')).toBeNull());
  });

  it("uses the field's dictionary widget and allows several values for the in rule", async () => {
    const { s } = await setup();
    await pickOption(0, '职级');
    await pickOption(1, '在...中');
    const valueSelect = builder().querySelectorAll('.super-query-row .ant-select-selector')[2];
    fireEvent.mouseDown(valueSelect);
    fireEvent.click(await screen.findByTitle('员级'));
    fireEvent.click(await screen.findByTitle('助级'));
    fireEvent.click(within(builder()).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params?.superQueryParams).toBeDefined());
    const sent = JSON.parse(decodeURI(String(s.last('get', '/sys/position/list')!.params!.superQueryParams)));
    expect(sent).toEqual([{ field: 'postRank', rule: 'in', val: '1,2', type: 'list' }]);
  });

  it('saves under a name, asks before overwriting, restores and deletes', async () => {
    const { rec } = await setup();
    await fillNameCondition('经理');
    const save = () => fireEvent.click(within(builder()).getByRole('button', { name: '保存查询条件' }));
    const nameInput = () => screen.getByPlaceholderText('请输入保存的名称');
    const confirmName = () => {
      const dialog = [...document.querySelectorAll('.ant-modal')].find((m) => m.textContent?.includes('请输入保存的名称')) as HTMLElement;
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    };

    save();
    await screen.findByPlaceholderText('请输入保存的名称');
    confirmName();
    await waitFor(() => expect(rec.texts()).toContain('保存名称不能为空'));

    fireEvent.change(nameInput(), { target: { value: '经理职务' } });
    confirmName();
    await waitFor(() => expect(rec.texts()).toContain('保存成功'));
    expect(readSavedQueries('positions')).toEqual([
      { title: '经理职务', matchType: 'and', records: [{ field: 'name', rule: 'eq', val: '经理', type: 'string' }] },
    ]);
    expect(within(builder()).getByText('经理职务')).toBeTruthy();

    save();
    fireEvent.change(nameInput(), { target: { value: '经理职务' } });
    confirmName();
    await waitFor(() => expect(rec.texts()).toContain('经理职务 已存在，是否覆盖？'));
    await waitFor(() => expect(rec.texts().filter((t) => t === '保存成功')).toHaveLength(2));

    fireEvent.click(within(builder()).getByLabelText('删除 经理职务'));
    await waitFor(() => expect(rec.texts()).toContain('是否删除当前查询？'));
    await waitFor(() => expect(readSavedQueries('positions')).toEqual([]));
    expect(within(builder()).getByText('没有保存任何查询')).toBeTruthy();
  });
});
