import { Image, Space } from 'antd';
import { useRenderer } from '@renderer/context';
import { fileAccessUrl } from '../shared/files';

export interface JImagePreviewProps {
  /** Comma-joined stored paths or URLs. */
  value?: string;
  width?: number;
  height?: number;
}

/** Thumbnails of the stored images; clicking opens a gallery with zoom, rotation and paging. */
export function JImagePreview({ value = '', width = 104, height = 104 }: JImagePreviewProps) {
  const { apiBase } = useRenderer();
  const urls = value.split(',').map((path) => path.trim()).filter(Boolean).map((path) => fileAccessUrl(apiBase, path));
  if (urls.length === 0) return <span />;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => <Image key={url} src={url} width={width} height={height} style={{ objectFit: 'cover' }} alt="" />)}
      </Space>
    </Image.PreviewGroup>
  );
}
