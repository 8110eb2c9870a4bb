import { Image, Space } from 'antd';
import { useFileUrls } from '../shared/useFileUrls';

export interface JImagePreviewProps {
  /** Comma-joined stored paths or URLs. */
  value?: string;
  width?: number;
  height?: number;
}

/** Thumbnails of the stored images; clicking opens a gallery with zoom, rotation and paging. */
export function JImagePreview({ value = '', width = 104, height = 104 }: JImagePreviewProps) {
  const paths = value
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  const urlOf = useFileUrls(paths);
  const urls = paths.map(urlOf);
  if (urls.length === 0) return <span />;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url) => (
          <Image key={url} src={url} width={width} height={height} style={{ objectFit: 'cover' }} alt="" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
