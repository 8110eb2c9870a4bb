import { atom } from 'jotai';
import { HOME_PATH, HOME_TITLE } from '../config';

/** One open page of the multi-page tab bar, keyed by the route's full path. */
export interface Tab {
  key: string;
  path: string;
  title: string;
  componentName?: string;
}

export interface TabState {
  tabs: Tab[];
  activeKey: string;
}

export interface TabChange extends TabState {
  /** Warning to show instead of changing anything. */
  warning?: string;
}

export const HOME_TAB: Tab = { key: HOME_PATH, path: HOME_PATH, title: HOME_TITLE };
export const HOME_NOT_CLOSABLE = '首页不能关闭!';
export const LAST_PAGE_NOT_CLOSABLE = '这是最后一页，不能再关闭了啦';

export const isHomeTab = (tab: Pick<Tab, 'path'>): boolean => tab.path === HOME_PATH;

export const tabStateAtom = atom<TabState>({ tabs: [HOME_TAB], activeKey: HOME_PATH });

/** Opening a route adds a tab unless already open; an open tab keeps its title. Home always stays first. */
export function openTab(state: TabState, tab: Tab): TabState {
  let tabs = state.tabs.some(isHomeTab) || isHomeTab(tab) ? state.tabs : [HOME_TAB, ...state.tabs];
  const index = tabs.findIndex((t) => t.key === tab.key);
  if (index < 0) tabs = [...tabs, tab];
  else tabs = tabs.map((t, i) => (i === index ? { ...tab, title: t.title || tab.title } : t));
  return { tabs, activeKey: tab.key };
}

export function closeTab(state: TabState, key: string): TabChange {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  if (isHomeTab(state.tabs[index])) return { ...state, warning: HOME_NOT_CLOSABLE };
  if (state.tabs.length === 1) return { ...state, warning: LAST_PAGE_NOT_CLOSABLE };
  const tabs = state.tabs.filter((t) => t.key !== key);
  const activeKey = state.activeKey === key ? tabs[Math.min(index, tabs.length - 1)].key : state.activeKey;
  return { tabs, activeKey };
}

function keepActiveOr(tabs: Tab[], activeKey: string, fallback: string): string {
  return tabs.some((t) => t.key === activeKey) ? activeKey : fallback;
}

/** 关闭左侧: keeps home, this tab and the tabs to its right. Ignored on home. */
export function closeLeft(state: TabState, key: string): TabChange {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0 || isHomeTab(state.tabs[index])) return state;
  const tabs = state.tabs.filter((t, i) => i >= index || isHomeTab(t));
  return { tabs, activeKey: keepActiveOr(tabs, state.activeKey, key) };
}

/** 关闭右侧: keeps the tabs up to and including this one. */
export function closeRight(state: TabState, key: string): TabChange {
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index < 0) return state;
  const tabs = state.tabs.slice(0, index + 1);
  return { tabs, activeKey: keepActiveOr(tabs, state.activeKey, key) };
}

/** 关闭其它: keeps home and this tab, and activates it. */
export function closeOthers(state: TabState, key: string): TabChange {
  const tab = state.tabs.find((t) => t.key === key);
  if (!tab) return state;
  const tabs = isHomeTab(tab) ? [tab] : [...state.tabs.filter(isHomeTab), tab];
  return { tabs, activeKey: key };
}
