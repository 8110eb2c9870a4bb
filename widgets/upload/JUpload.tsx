import { useState } from 'react';
import { Button, Space, Typography, Upload, message, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { isImagePath } from '../shared/files';
import { useFileUrls } from '../shared/useFileUrls';
import { ImagePreviewModal } from './ImagePreviewModal';
import { useUploadList } from './useUploadList';
import {
  DEFAULT_ACCEPT,
  DEFAULT_MAX_SIZE_MB,
  checkUploadFile,
  checkUploadSize,
  moveItem,
  uploadLimitText,
  type MoveDirection,
  type UploadFileType,
  type UploadItem,
  type UploadValue,
} from './upload-rules';

export interface JUploadProps {
  value?: UploadValue;
  onChange?: (value: UploadValue) => void;
  text?: string;
  fileType?: UploadFileType;
  /** Sent as `biz` (default temp). */
  bizPath?: string;
  accept?: string;
  /** true: comma-joined paths; false: [{fileName, filePath, fileSize}]. */
  returnUrl?: boolean;
  /** Maximum files kept, 0 = unlimited. */
  number?: number;
  multiple?: boolean;
  buttonVisible?: boolean;
  disabled?: boolean;
  /** Extra check before a file is sent; false refuses it. */
  beforeUpload?: (file: File) => boolean;
  /** Largest file in MB (the server refuses more than 10); 0 = no check here. Written beside the button. */
  maxSize?: number;
}

function toAntFile(item: UploadItem, urlOf: (path: string) => string): UploadFile {
  const url = item.url ?? (item.path ? urlOf(item.path) : undefined);
  return {
    uid: item.uid,
    name: item.name,
    size: item.size,
    type: item.type,
    percent: item.percent,
    url,
    thumbUrl: url,
    status: item.status,
    response: item.message,
  };
}

/** File or image upload to /sys/common/upload with type checks, limit, progress, preview and reordering. */
export function JUpload({
  value,
  onChange,
  text,
  fileType = 'all',
  bizPath = 'temp',
  accept = DEFAULT_ACCEPT,
  returnUrl = true,
  number = 0,
  multiple = true,
  buttonVisible = true,
  disabled,
  beforeUpload,
  maxSize = DEFAULT_MAX_SIZE_MB,
}: JUploadProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const { items, upload, remove, reorder } = useUploadList({
    value,
    onChange,
    bizPath,
    returnUrl,
    limit: number,
    onUploadError: (item) => message.error(`${item.name} 上传失败.`),
  });
  const isImage = fileType === 'image';
  const urlOf = useFileUrls(items.map((item) => item.path ?? ''));
  const fileList = items.map((item) => toAntFile(item, urlOf));

  const move = (index: number, direction: MoveDirection) => {
    const moved = moveItem(items, index, direction);
    if (moved.error) message.warning(moved.error);
    else reorder(moved.items);
  };

  const label = text ?? (isImage ? '上传' : '点击上传');
  const limits = (
    <Typography.Text type="secondary" className="j-upload-limit" style={{ fontSize: 12 }}>
      {uploadLimitText(fileType, accept, maxSize)}
    </Typography.Text>
  );
  const button = isImage ? (
    <div>
      <PlusOutlined />
      <div style={{ marginTop: 8 }}>{label}</div>
    </div>
  ) : (
    <Space size={8} wrap>
      <Button icon={<UploadOutlined />} disabled={disabled}>
        {label}
      </Button>
      {/* the limits sit beside the button, but a click on them is not a click on it */}
      <span onClick={(e) => e.stopPropagation()}>{limits}</span>
    </Space>
  );

  return (
    <>
      <Upload
        accept={isImage ? 'image/*' : accept}
        multiple={multiple}
        disabled={disabled}
        listType={isImage ? 'picture-card' : 'text'}
        fileList={fileList}
        beforeUpload={(file) => {
          const refusal = checkUploadFile(file, fileType, accept) ?? checkUploadSize(file, maxSize);
          if (refusal) {
            message.warning(refusal);
            return Upload.LIST_IGNORE;
          }
          if (beforeUpload && !beforeUpload(file)) return Upload.LIST_IGNORE;
          void upload(file);
          return false;
        }}
        onRemove={(file) => {
          remove(file.uid);
          return true;
        }}
        onPreview={(file) => {
          if (!file.url) return;
          if (isImage || isImagePath(file.url) || file.type?.includes('image')) setPreview(file.url);
          else window.open(file.url, '_blank');
        }}
        itemRender={
          isImage
            ? (node, file) => {
                const index = items.findIndex((item) => item.uid === file.uid);
                return (
                  <div className="j-upload-card" style={{ position: 'relative', width: '100%', height: '100%' }}>
                    {node}
                    {!disabled && file.status === 'done' && (
                      <div style={{ position: 'absolute', bottom: 2, left: 0, right: 0, display: 'flex', justifyContent: 'space-between' }}>
                        <Button size="small" type="text" aria-label="左移" onClick={() => move(index, 'left')}>
                          ←
                        </Button>
                        <Button size="small" type="text" aria-label="右移" onClick={() => move(index, 'right')}>
                          →
                        </Button>
                      </div>
                    )}
                  </div>
                );
              }
            : undefined
        }
      >
        {buttonVisible && !disabled ? button : null}
      </Upload>
      {isImage && buttonVisible && !disabled && limits}
      <ImagePreviewModal url={preview} onClose={() => setPreview(null)} />
    </>
  );
}

export function JImageUpload({ isMultiple = false, number = 0, ...props }: JUploadProps & { isMultiple?: boolean }) {
  return <JUpload fileType="image" text="上传" multiple={isMultiple} number={isMultiple ? number : 1} {...props} />;
}
