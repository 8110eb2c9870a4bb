import { describe, expect, it } from 'vitest';
import { HOME_TAB, closeLeft, closeOthers, closeRight, closeTab, openTab, type Tab, type TabState } from '@src/state/tabs';

const tab = (key: string, title = key): Tab => ({ key, path: key.split('?')[0], title });
const keys = (s: TabState) => s.tabs.map((t) => t.key);
const start: TabState = { tabs: [HOME_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')], activeKey: '/c' };

describe('multi-page tabs', () => {
  it('adds a tab unless already open and keeps the first title', () => {
    let s: TabState = { tabs: [HOME_TAB], activeKey: HOME_TAB.key };
    s = openTab(s, tab('/a', '用户管理'));
    s = openTab(s, tab('/a', '别的标题'));
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a']);
    expect(s.tabs[1].title).toBe('用户管理');
    expect(s.activeKey).toBe('/a');
  });

  it('puts home first when the app starts on another page', () => {
    const s = openTab({ tabs: [], activeKey: '' }, tab('/a'));
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a']);
  });

  it('refuses to close home and the last page', () => {
    expect(closeTab(start, HOME_TAB.key).warning).toBe('首页不能关闭!');
    expect(closeTab({ tabs: [tab('/a')], activeKey: '/a' }, '/a').warning).toBe('这是最后一页，不能再关闭了啦');
  });

  it('closing the active tab activates its neighbour', () => {
    const s = closeTab(start, '/c');
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a', '/b', '/d']);
    expect(s.activeKey).toBe('/d');
    expect(closeTab({ ...start, activeKey: '/d' }, '/d').activeKey).toBe('/c');
    expect(closeTab(start, '/a').activeKey).toBe('/c');
  });

  it('closes left, right and others', () => {
    expect(keys(closeLeft(start, '/c'))).toEqual(['/dashboard/analysis', '/c', '/d']);
    expect(closeLeft(start, HOME_TAB.key)).toBe(start);
    const right = closeRight(start, '/b');
    expect(keys(right)).toEqual(['/dashboard/analysis', '/a', '/b']);
    expect(right.activeKey).toBe('/b');
    const others = closeOthers(start, '/b');
    expect(keys(others)).toEqual(['/dashboard/analysis', '/b']);
    expect(others.activeKey).toBe('/b');
    expect(keys(closeOthers(start, HOME_TAB.key))).toEqual(['/dashboard/analysis']);
  });
});
