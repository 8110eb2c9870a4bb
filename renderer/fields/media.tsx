import { Image } from 'antd';
import type { CellProps, FieldParts } from '../registry';
import { useRenderer } from '../context';
import { defaultNotifier } from '../data/notify';

/** Message for a download asked for an empty or unreadable path. */
export const UNKNOWN_FILE = '未知的文件';

const firstPath = (value: unknown): string => (value ? String(value).split(',')[0] : '');

function ImageView({ value, width = 60 }: { value?: unknown; width?: number }) {
  const { data } = useRenderer();
  const path = firstPath(value);
  if (!path) return <span>无图片</span>;
  return <Image src={data.fileUrl(path)} width={width} alt="图片" />;
}

/** The first usable path of a comma list; '' when there is none (e.g. ',' or 'null'). */
export function filePath(value: unknown): string {
  if (value === undefined || value === null) return '';
  const path =
    String(value)
      .split(',')
      .map((p) => p.trim())
      .find((p) => p !== '') ?? '';
  return path === 'null' || path === 'undefined' ? '' : path;
}

function FileView({ value }: { value?: unknown }) {
  const { data, notify } = useRenderer();
  if (value === undefined || value === null || value === '') return <span>无文件</span>;
  const path = filePath(value);
  if (!path) return <a onClick={() => (notify ?? defaultNotifier).warning(UNKNOWN_FILE)}>下载</a>;
  return (
    <a href={data.fileUrl(path)} target="_blank" rel="noreferrer">
      下载
    </a>
  );
}

/**
 * Display faces only: the upload widgets (with progress, accept lists and the token header)
 * come from widgets/ and may override these registrations.
 */
export const mediaParts: Record<string, FieldParts> = {
  Image: {
    component: ImageView,
    readPretty: ImageView,
    cell: ({ value, props }: CellProps) => <ImageView value={value} width={(props?.width as number) ?? 40} />,
  },
  File: { component: FileView, readPretty: FileView, cell: ({ value }: CellProps) => <FileView value={value} /> },
};
