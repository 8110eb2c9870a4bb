import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, THEME_PALETTE, loadSettings, settingsAtom } from '@src/state/settings';
import { readStored, writeStored } from '@src/state/storage';

beforeEach(() => localStorage.clear());

describe('user settings', () => {
  it('defaults to #2f54eb, light, side menu, fixed width, multipage off', () => {
    expect(loadSettings()).toMatchObject({
      color: '#2f54eb',
      theme: 'light',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      multipage: false,
      sidebarOpen: true,
    });
  });

  it('offers 12 named colours including the default', () => {
    expect(THEME_PALETTE).toHaveLength(12);
    expect(new Set(THEME_PALETTE.map((c) => c.color)).size).toBe(12);
    expect(THEME_PALETTE.find((c) => c.color === DEFAULT_SETTINGS.color)?.name).toContain('极客蓝');
  });

  it('saves every change under the pro__ keys and restores it', () => {
    const store = createStore();
    store.set(settingsAtom, { sidebarOpen: false, theme: 'dark', multipage: true, color: '#722ed1', layout: 'topmenu' });
    expect(JSON.parse(localStorage.getItem('pro__SIDEBAR_TYPE') ?? '{}').value).toBe(false);
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_THEME') ?? '{}').value).toBe('dark');
    expect(JSON.parse(localStorage.getItem('pro__DEFAULT_LAYOUT_MODE') ?? '{}').value).toBe('topmenu');
    expect(loadSettings()).toMatchObject({ sidebarOpen: false, theme: 'dark', multipage: true, color: '#722ed1', layout: 'topmenu' });
  });

  it('turns auto-hide off with the fixed header', () => {
    const store = createStore();
    store.set(settingsAtom, { fixedHeader: true, autoHideHeader: true });
    store.set(settingsAtom, { fixedHeader: false });
    expect(store.get(settingsAtom).autoHideHeader).toBe(false);
  });

  it('forgets entries whose lifetime has passed (token kept 7 days)', () => {
    const sevenDays = 604_800_000;
    writeStored('Access-Token', 'abc', sevenDays, 1_000);
    expect(readStored('Access-Token', undefined, 1_000 + sevenDays - 1)).toBe('abc');
    expect(readStored('Access-Token', undefined, 1_000 + sevenDays)).toBeUndefined();
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });
});
