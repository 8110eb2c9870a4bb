import { Image, Space } from 'antd';
import { useRenderer } from '@renderer/context';
import { fileAccessUrl, isImagePath } from '../shared/files';
import { valueToItems, type UploadValue } from './upload-rules';

/** Stored files as links (images as thumbnails). */
export function UploadPretty({ value, fileType }: { value?: UploadValue; fileType?: string }) {
  const { apiBase } = useRenderer();
  const items = valueToItems(value);
  if (items.length === 0) return <span />;
  return (
    <Space wrap size={4}>
      {items.map((item) => {
        const url = fileAccessUrl(apiBase, item.path ?? '');
        if (fileType === 'image' || isImagePath(url)) return <Image key={item.uid} src={url} alt={item.name} width={48} height={48} />;
        return <a key={item.uid} href={url} target="_blank" rel="noreferrer">{item.name}</a>;
      })}
    </Space>
  );
}

export function ImageUploadPretty({ value }: { value?: UploadValue }) {
  return <UploadPretty value={value} fileType="image" />;
}
