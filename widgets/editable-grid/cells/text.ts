import type { GridColumn, GridOption } from '../types';

export function optionLabel(o: GridOption): string {
  return String(o.text ?? o.label ?? o.title ?? o.value);
}

/** Translate stored value(s) into option labels; unknown values show as they are. */
export function optionsText(value: unknown, options: readonly GridOption[] | undefined): string {
  if (value == null || value === '') return '';
  const parts = Array.isArray(value) ? value : String(value).split(',');
  return parts
    .map((v) => {
      const hit = options?.find((o) => String(o.value) === String(v));
      return hit ? optionLabel(hit) : String(v);
    })
    .join(',');
}

export function plainText(value: unknown, _column?: GridColumn): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return '';
  return String(value);
}
