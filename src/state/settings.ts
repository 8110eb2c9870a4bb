import { atom } from 'jotai';
import { StorageKey, readStored, writeStored } from './storage';

export type NavTheme = 'light' | 'dark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

/** User settings kept locally. The tenant lives with the session (TENANT_ID). */
export interface UserSettings {
  sidebarOpen: boolean;
  theme: NavTheme;
  layout: LayoutMode;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  autoHideHeader: boolean;
  contentWidth: ContentWidth;
  color: string;
  colorWeak: boolean;
  multipage: boolean;
}

export const DEFAULT_PRIMARY_COLOR = '#2f54eb';

export const DEFAULT_SETTINGS: UserSettings = {
  sidebarOpen: true,
  theme: 'light',
  layout: 'sidemenu',
  fixedHeader: false,
  fixedSidebar: false,
  autoHideHeader: false,
  contentWidth: 'Fixed',
  color: DEFAULT_PRIMARY_COLOR,
  colorWeak: false,
  multipage: false,
};

/** The 12 colours of the theme palette: the reference's 8 plus four antd presets. */
export const THEME_PALETTE: ReadonlyArray<{ name: string; color: string }> = [
  { name: '薄暮', color: '#f5222d' },
  { name: '火山', color: '#fa541c' },
  { name: '日暮', color: '#faad14' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '拂晓蓝', color: '#1890ff' },
  { name: '极客蓝（默认）', color: DEFAULT_PRIMARY_COLOR },
  { name: '酱紫', color: '#722ed1' },
  { name: '橘黄', color: '#fa8c16' },
  { name: '日出', color: '#fadb14' },
  { name: '青柠', color: '#a0d911' },
  { name: '法式洋红', color: '#eb2f96' },
];

const KEYS: Record<keyof UserSettings, string> = {
  sidebarOpen: StorageKey.sidebar,
  theme: StorageKey.theme,
  layout: StorageKey.layoutMode,
  fixedHeader: StorageKey.fixedHeader,
  fixedSidebar: StorageKey.fixedSidebar,
  autoHideHeader: StorageKey.autoHideHeader,
  contentWidth: StorageKey.contentWidth,
  color: StorageKey.color,
  colorWeak: StorageKey.colorWeak,
  multipage: StorageKey.multipage,
};

export function loadSettings(): UserSettings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof UserSettings, unknown>;
  for (const key of Object.keys(KEYS) as Array<keyof UserSettings>) {
    const stored = readStored<unknown>(KEYS[key], undefined);
    if (stored !== undefined && typeof stored === typeof DEFAULT_SETTINGS[key]) out[key] = stored;
  }
  return out as UserSettings;
}

export function saveSettings(settings: UserSettings, previous?: UserSettings): void {
  for (const key of Object.keys(KEYS) as Array<keyof UserSettings>) {
    if (!previous || previous[key] !== settings[key]) writeStored(KEYS[key], settings[key]);
  }
}

const baseSettingsAtom = atom<UserSettings>(loadSettings());

/** Settings; every change is saved at once. */
export const settingsAtom = atom(
  (get) => get(baseSettingsAtom),
  (get, set, patch: Partial<UserSettings>) => {
    const previous = get(baseSettingsAtom);
    let next = { ...previous, ...patch };
    if (patch.layout && patch.layout !== previous.layout) next = { ...next, fixedSidebar: false };
    if (patch.fixedHeader === false) next = { ...next, autoHideHeader: false };
    if (next.layout === 'sidemenu') next = { ...next, contentWidth: 'Fixed' };
    saveSettings(next, previous);
    set(baseSettingsAtom, next);
  },
);

export const reloadSettingsAtom = atom(null, (_get, set) => set(baseSettingsAtom, loadSettings()));
