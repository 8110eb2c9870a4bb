import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearDictCache, dictText, loadDictItems, normalizeDictItems } from '@renderer/index';
import { DICT_CACHE_KEY } from '@renderer/data/dict';
import type { RendererHttp } from '@renderer/context';
import { testDataProvider } from '../helpers/dataProvider';
import { JDictSelectTag, DictPretty } from '@widgets/dict/JDictSelectTag';
import { JMultiSelectTag } from '@widgets/dict/JMultiSelectTag';
import { JSearchSelectTag } from '@widgets/dict/JSearchSelectTag';
import { labelDictCode } from '@widgets/dict/search-dict';
import { fakeHttp, ok, renderWith } from './fake-http';

const sex = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

const loadDictOptions = (http: RendererHttp, code: string) => loadDictItems(testDataProvider(http), code);

beforeEach(() => {
  clearDictCache();
  window.localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('dictionary helpers', () => {
  it('an empty code is refused with 字典Code不能为空!', async () => {
    await expect(loadDictOptions(fakeHttp(), '')).rejects.toThrow('字典Code不能为空!');
  });

  it('reads text, label or title and keeps unknown values in text', () => {
    const items = normalizeDictItems([
      { value: 1, label: 'A' },
      { value: '2', title: 'B', disabled: true },
    ]);
    expect(items).toEqual([
      { value: '1', text: 'A', disabled: undefined },
      { value: '2', text: 'B', disabled: true },
    ]);
    expect(dictText(items, '1,2,9')).toBe('A,B,9');
    expect(dictText(items, 0)).toBe('0');
    expect(dictText(items, '')).toBe('');
  });

  it('uses the local cache before asking the server, then caches requests', async () => {
    window.localStorage.setItem(DICT_CACHE_KEY, JSON.stringify({ value: { sex }, expire: null }));
    const http = fakeHttp({ 'GET /sys/dict/getDictItems/priority': () => [{ value: 'L', text: '低' }] });
    expect(await loadDictOptions(http, 'sex')).toEqual(normalizeDictItems(sex));
    await loadDictOptions(http, 'priority');
    await loadDictOptions(http, 'priority');
    expect(http.calls.map((c) => c.url)).toEqual(['/sys/dict/getDictItems/priority']);
  });

  it('cuts a 4-part table dictionary to 3 parts for label lookups', () => {
    expect(labelDictCode('sys_user,realname,username,status=1')).toBe('sys_user,realname,username');
  });
});

describe('JDictSelectTag', () => {
  const http = () => fakeHttp({ 'GET /sys/dict/getDictItems/sex': () => sex });

  it('select has a leading 请选择 option and emits the value as a string', async () => {
    const onChange = vi.fn();
    renderWith(<JDictSelectTag dictCode="sex" value={1} onChange={onChange} />, http());
    expect(await screen.findByText('男')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect((await screen.findAllByText('请选择')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTitle('女'));
    expect(onChange).toHaveBeenLastCalledWith('2');
  });

  it('radio and radio buttons', async () => {
    const onChange = vi.fn();
    renderWith(
      <>
        <JDictSelectTag dictCode="sex" type="radio" onChange={onChange} />
        <JDictSelectTag dictCode="sex" type="radioButton" />
      </>,
      http(),
    );
    const men = await screen.findAllByText('男');
    expect(men).toHaveLength(2);
    fireEvent.click(men[0]);
    expect(onChange).toHaveBeenCalledWith('1');
    expect(document.querySelectorAll('.ant-radio-button-wrapper')).toHaveLength(2);
  });

  it('read-pretty shows dictionary text, or the server _dictText when given', async () => {
    renderWith(
      <>
        <DictPretty dictCode="sex" value="2" />
        <DictPretty dictCode="sex" value="1" text="男士" />
      </>,
      http(),
    );
    expect(await screen.findByText('女')).toBeTruthy();
    expect(screen.getByText('男士')).toBeTruthy();
  });

  it('shows 字典Code不能为空! without a code', async () => {
    renderWith(<JDictSelectTag />);
    expect(await screen.findByText('字典Code不能为空!')).toBeTruthy();
  });
});

describe('JMultiSelectTag', () => {
  it('joins values with the separator and shows one tag', async () => {
    const onChange = vi.fn();
    renderWith(
      <JMultiSelectTag
        options={[
          { value: 'a', text: 'Apple' },
          { value: 'b', text: 'Banana' },
          { value: 'c', text: 'Cherry' },
        ]}
        value="a,b"
        onChange={onChange}
      />,
    );
    expect(await screen.findByText('Apple')).toBeTruthy();
    expect(screen.queryByText('Banana')).toBeNull();
    expect(screen.getByText('+ 1 ...')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Cherry'));
    expect(onChange).toHaveBeenLastCalledWith('a,b,c');
  });

  it('checkbox type', async () => {
    const onChange = vi.fn();
    renderWith(
      <JMultiSelectTag
        type="checkbox"
        spliter=";"
        options={[
          { value: 'a', text: 'A' },
          { value: 'b', text: 'B' },
        ]}
        value="a"
        onChange={onChange}
      />,
    );
    fireEvent.click(await screen.findByText('B'));
    expect(onChange).toHaveBeenLastCalledWith('a;b');
  });
});

describe('JSearchSelectTag async', () => {
  const dict = 'sys_user,realname,username';

  it('searches 800 ms after typing, 10 per page, and drops stale answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const http = fakeHttp({
      [`GET /sys/dict/loadDict/${encodeURIComponent(dict)}`]: (params) =>
        params?.keyword === 'ad' ? [{ value: 'admin', text: '管理员' }] : [],
    });
    renderWith(<JSearchSelectTag async dict={dict} />, http);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    await act(async () => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.getByText('请输入搜索内容')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.getByText('加载中…')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.change(input, { target: { value: 'ad' } });
    act(() => {
      vi.advanceTimersByTime(799);
    });
    expect(http.get).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0].params).toEqual({ keyword: 'ad', pageSize: 10 });
    vi.useRealTimers();
    expect(await screen.findByText('管理员')).toBeTruthy();
  });

  it('says 没有查询到任何数据 when nothing matches and warns with the server message on failure', async () => {
    let fail = false;
    const http = fakeHttp({
      [`GET /sys/dict/loadDict/${encodeURIComponent(dict)}`]: () =>
        fail ? { success: false, message: '字典表不存在', code: 500, result: null } : [],
    });
    renderWith(<JSearchSelectTag async dict={dict} />, http);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    expect(await screen.findByText('没有查询到任何数据', {}, { timeout: 3000 })).toBeTruthy();
    fail = true;
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('字典表不存在', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('resolves the label of a stored value with loadDictItem', async () => {
    const http = fakeHttp({ [`GET /sys/dict/loadDictItem/${encodeURIComponent(dict)}`]: () => ok(['管理员']) });
    renderWith(<JSearchSelectTag async dict={`${dict},status=1`} value="admin" />, http);
    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(http.calls[0].params).toEqual({ key: 'admin' });
  });

  it('sync mode filters given options locally', async () => {
    const onChange = vi.fn();
    renderWith(
      <JSearchSelectTag
        dictOptions={[
          { value: '1', text: 'Alpha' },
          { value: '2', text: 'Beta' },
        ]}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'be' } });
    await waitFor(() => expect(screen.queryByTitle('Alpha')).toBeNull());
    fireEvent.click(screen.getByTitle('Beta'));
    expect(onChange).toHaveBeenCalledWith('2');
  });
});

describe('JSearchSelectTag stale answers', () => {
  it('an older answer arriving after a newer one is dropped', async () => {
    const dict = 'sys_user,realname,username';
    let releaseOld: (value: unknown) => void = () => {};
    const http = fakeHttp({
      [`GET /sys/dict/loadDict/${encodeURIComponent(dict)}`]: (params) =>
        params?.keyword === 'old'
          ? new Promise((resolve) => {
              releaseOld = () => resolve([{ value: 'o', text: '旧结果' }]);
            })
          : [{ value: 'n', text: '新结果' }],
    });
    renderWith(<JSearchSelectTag async dict={dict} />, http);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'old' } });
    await waitFor(() => expect(http.calls).toHaveLength(1), { timeout: 2000 });
    fireEvent.change(input, { target: { value: 'new' } });
    expect(await screen.findByText('新结果', {}, { timeout: 2000 })).toBeTruthy();
    await act(async () => {
      releaseOld(undefined);
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByText('旧结果')).toBeNull();
    expect(screen.getByText('新结果')).toBeTruthy();
  });
});
