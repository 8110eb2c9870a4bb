import { Image, Space } from 'antd';
import { isImagePath } from '../shared/files';
import { useFileUrls } from '../shared/useFileUrls';
import { valueToItems, type UploadValue } from './upload-rules';

/** Stored files as links (images as thumbnails). */
export function UploadPretty({ value, fileType }: { value?: UploadValue; fileType?: string }) {
  const items = valueToItems(value);
  const urlOf = useFileUrls(items.map((item) => item.path ?? ''));
  if (items.length === 0) return <span />;
  return (
    <Space wrap size={4}>
      {items.map((item) => {
        const url = urlOf(item.path ?? '');
        if (fileType === 'image' || isImagePath(url)) return <Image key={item.uid} src={url} alt={item.name} width={48} height={48} />;
        return (
          <a key={item.uid} href={url} target="_blank" rel="noreferrer">
            {item.name}
          </a>
        );
      })}
    </Space>
  );
}

export function ImageUploadPretty({ value }: { value?: UploadValue }) {
  return <UploadPretty value={value} fileType="image" />;
}
