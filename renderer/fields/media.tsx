import { Image } from 'antd';
import type { CellProps, FieldParts } from '../registry';
import { useRenderer } from '../context';

const firstPath = (value: unknown): string => (value ? String(value).split(',')[0] : '');

function staticUrl(apiBase: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return `${apiBase}/sys/common/static/${path.replace(/^\//, '')}`;
}

function ImageView({ value, width = 60 }: { value?: unknown; width?: number }) {
  const { apiBase } = useRenderer();
  const path = firstPath(value);
  if (!path) return <span>无图片</span>;
  return <Image src={staticUrl(apiBase, path)} width={width} alt="图片" />;
}

function FileView({ value }: { value?: unknown }) {
  const { apiBase } = useRenderer();
  const path = firstPath(value);
  if (!path) return <span>无文件</span>;
  return (
    <a href={staticUrl(apiBase, path)} target="_blank" rel="noreferrer">
      下载
    </a>
  );
}

/**
 * Display faces only: the upload widgets (with progress, accept lists and the token header)
 * come from widgets/ and may override these registrations.
 */
export const mediaParts: Record<string, FieldParts> = {
  Image: { component: ImageView, readPretty: ImageView, cell: ({ value, props }: CellProps) => <ImageView value={value} width={(props?.width as number) ?? 40} /> },
  File: { component: FileView, readPretty: FileView, cell: ({ value }: CellProps) => <FileView value={value} /> },
};
