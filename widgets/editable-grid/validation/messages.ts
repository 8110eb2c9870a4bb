import type { GridColumn } from '../types';

/** Messages support ${title}, ${key} and ${defaultValue}. */
export function interpolate(message: string, column: GridColumn): string {
  return message.replace(/\$\{(title|key|defaultValue)\}/g, (_, name: 'title' | 'key' | 'defaultValue') => {
    const v = column[name];
    return v == null ? '' : String(v);
  });
}

export const DEFAULT_UNIQUE_MESSAGE = '${title}不能重复';
export const DEFAULT_PATTERN_MESSAGE = '${title}格式不正确';
export const DEFAULT_HANDLER_MESSAGE = '${title}校验未通过';
export const UNKNOWN_HANDLER_MESSAGE = '${title}的校验函数${name}未注册';
