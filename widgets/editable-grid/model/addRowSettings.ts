import type { AddRowSettings } from '../types';

export const ADD_ROW_SETTINGS_KEY = 'jet-add-btn-settings';
export const DEFAULT_ADD_ROW_SETTINGS: AddRowSettings = { addRowNum: 1, addIndex: 0, addScrollToBottom: false };

/** Clamp the add-row settings: count at least 1, index 0..rowCount (0 = bottom). */
export function normaliseAddRowSettings(s: Partial<AddRowSettings>, rowCount: number): AddRowSettings {
  const num = Math.floor(Number(s.addRowNum));
  const index = Math.floor(Number(s.addIndex));
  return {
    addRowNum: Number.isFinite(num) && num >= 1 ? num : 1,
    addIndex: Number.isFinite(index) && index >= 0 ? Math.min(index, rowCount) : 0,
    addScrollToBottom: !!s.addScrollToBottom,
  };
}

export function loadAddRowSettings(): AddRowSettings {
  try {
    const raw = localStorage.getItem(ADD_ROW_SETTINGS_KEY);
    if (!raw) return { ...DEFAULT_ADD_ROW_SETTINGS };
    return { ...DEFAULT_ADD_ROW_SETTINGS, ...(JSON.parse(raw) as Partial<AddRowSettings>) };
  } catch {
    return { ...DEFAULT_ADD_ROW_SETTINGS };
  }
}

export function saveAddRowSettings(s: AddRowSettings): void {
  localStorage.setItem(ADD_ROW_SETTINGS_KEY, JSON.stringify(s));
}
