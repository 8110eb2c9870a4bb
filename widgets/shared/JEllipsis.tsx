import { Tooltip } from 'antd';

export const DEFAULT_ELLIPSIS_LENGTH = 25;

/** Cuts text to `length` characters and adds "..." (the reference's `ellipsis` filter). */
export function ellipsis(text: string, length = DEFAULT_ELLIPSIS_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

export interface JEllipsisProps {
  value?: unknown;
  text?: string;
  length?: number;
}

/** Truncated text with the full text in a tooltip. */
export function JEllipsis({ value, text, length = DEFAULT_ELLIPSIS_LENGTH }: JEllipsisProps) {
  const full = text ?? (value === undefined || value === null ? '' : String(value));
  if (full.length <= length) return <span>{full}</span>;
  return (
    <Tooltip title={full}>
      <span>{ellipsis(full, length)}</span>
    </Tooltip>
  );
}
