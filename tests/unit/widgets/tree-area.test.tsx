import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { isValidCondition, CONDITION_ERROR } from '@widgets/dict/tree-api';
import { JCategorySelect } from '@widgets/dict/JCategorySelect';
import { JTreeSelect } from '@widgets/dict/JTreeSelect';
import { CategoryPretty } from '@widgets/dict/TreePretty';
import { areaPath, areaRecords, areaText, areaChildren, AREA_ROOT } from '@widgets/area/area-data';
import { JAreaLinkage, AreaPretty } from '@widgets/area/JAreaLinkage';
import { fakeHttp, ok, renderWith } from './fake-http';

describe('tree condition', () => {
  it('must be empty or a JSON object string', () => {
    expect(isValidCondition(undefined)).toBe(true);
    expect(isValidCondition('{"a":"1"}')).toBe(true);
    expect(isValidCondition('a=1')).toBe(false);
    expect(isValidCondition('[1]')).toBe(false);
  });

  it('a bad condition shows the spec message and loads nothing', () => {
    const http = fakeHttp();
    renderWith(
      <>
        <JCategorySelect condition="a=1" />
        <JTreeSelect dict="t,name,id" condition="x" />
      </>,
      http,
    );
    expect(screen.getAllByText(CONDITION_ERROR)).toHaveLength(2);
    expect(http.get).not.toHaveBeenCalled();
  });
});

describe('JCategorySelect', () => {
  it('loads roots by pcode, children lazily by pid, and emits the key', async () => {
    const http = fakeHttp({
      'GET /sys/category/loadTreeData': (params) =>
        params?.pid === '' ? [{ key: 'r1', title: '根分类', leaf: false }] : [{ key: 'c1', title: '子分类', leaf: true }],
    });
    const onChange = vi.fn();
    renderWith(<JCategorySelect pcode="B01" onChange={onChange} />, http);
    await waitFor(() => expect(http.calls).toHaveLength(1));
    expect(http.calls[0].params).toEqual({ pid: '', pcode: 'B01', condition: '' });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('根分类')).toBeTruthy();
    expect(http.calls).toHaveLength(1);
    fireEvent.click(document.querySelector('.ant-select-tree-switcher') as HTMLElement);
    expect(await screen.findByText('子分类')).toBeTruthy();
    expect(http.calls[1].params).toEqual({ pid: 'r1', condition: '' });
    fireEvent.click(screen.getByText('子分类'));
    expect(onChange).toHaveBeenCalledWith('c1');
  });

  it('shows names of stored ids from loadDictItem', async () => {
    const http = fakeHttp({
      'GET /sys/category/loadTreeData': () => [],
      'GET /sys/category/loadDictItem': () => ok(['甲', '乙']),
    });
    renderWith(
      <>
        <JCategorySelect value="a,b" multiple />
        <CategoryPretty value="a,b" />
      </>,
      http,
    );
    expect(await screen.findByText('甲,乙')).toBeTruthy();
    expect(await screen.findByText('甲')).toBeTruthy();
  });
});

describe('JTreeSelect', () => {
  it('asks /sys/dict/loadTreeData with the table dictionary parts', async () => {
    const http = fakeHttp({ 'GET /sys/dict/loadTreeData': () => [{ key: '1', title: '节点', leaf: true }] });
    renderWith(
      <JTreeSelect dict="sys_depart,depart_name,id" pidField="parent_id" hasChildField="has_child" condition='{"status":"1"}' />,
      http,
    );
    await waitFor(() => expect(http.calls).toHaveLength(1));
    expect(http.calls[0].params).toEqual({
      pid: '',
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'id',
      pidField: 'parent_id',
      hasChildField: 'has_child',
      condition: '{"status":"1"}',
    });
  });
});

describe('area data', () => {
  it('hangs provinces under 86 with levels 1–3 and 6-digit codes', () => {
    const records = areaRecords();
    expect(records.length).toBeGreaterThan(3000);
    const beijing = areaChildren(AREA_ROOT).find((r) => r.text === '北京市');
    expect(beijing).toMatchObject({ id: '110000', level: 1, pid: '86' });
    expect(areaPath('110101')).toEqual(['110000', '110100', '110101']);
    expect(areaText('110101')).toBe('北京市/市辖区/东城区');
  });
});

describe('JAreaLinkage', () => {
  it('an unknown type shows Bad type value', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWith(<JAreaLinkage type="radio" />);
    expect(screen.getByText('Bad type value: radio')).toBeTruthy();
    error.mockRestore();
  });

  it('cascader shows the path of the stored code and emits the last level', async () => {
    const onChange = vi.fn();
    renderWith(<JAreaLinkage value="110101" onChange={onChange} />);
    expect(screen.getByText('北京市 / 市辖区 / 东城区')).toBeTruthy();
  });

  it('select mode offers one select per level and emits the deepest code', async () => {
    const onChange = vi.fn();
    renderWith(<JAreaLinkage type="select" level={2} value="110000" onChange={onChange} />);
    const selects = screen.getAllByRole('combobox');
    expect(selects).toHaveLength(2);
    fireEvent.mouseDown(selects[1]);
    fireEvent.click(await screen.findByTitle('市辖区'));
    expect(onChange).toHaveBeenCalledWith('110100');
  });

  it('read-pretty shows the names', () => {
    renderWith(<AreaPretty value="110101" />);
    expect(screen.getByText('北京市/市辖区/东城区')).toBeTruthy();
  });
});
