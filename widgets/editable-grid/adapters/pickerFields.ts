import type { GridColumn } from '../types';

export interface PickerFields {
  store: string;
  text: string;
  multi: boolean;
}

function extend(column: GridColumn): Record<string, unknown> {
  const raw = column.fieldExtendJson;
  if (!raw) return {};
  if (typeof raw === 'object') return raw;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Department picker: store id / show departName unless configured; multi unless turned off. */
export function departFields(column: GridColumn): PickerFields {
  const ext = extend(column);
  return {
    store: String(ext.store ?? column.store ?? 'id'),
    text: String(ext.text ?? column.text ?? 'departName'),
    multi: column.props?.multi !== false && column.multi !== false,
  };
}

/** User picker: store username / show realname; multi unless fieldExtendJson.multiSelect is false. */
export function userFields(column: GridColumn): PickerFields {
  const ext = extend(column);
  return {
    store: String(ext.store ?? column.store ?? 'username'),
    text: String(ext.text ?? column.text ?? 'realname'),
    multi: ext.multiSelect !== false && column.multi !== false,
  };
}

/** File column upload limit: column.number, else fieldExtendJson.uploadnum, else unlimited. */
export function uploadLimit(column: GridColumn): number {
  const n = column.number ?? Number(extend(column).uploadnum ?? 0);
  return Number.isFinite(n) ? n : 0;
}
