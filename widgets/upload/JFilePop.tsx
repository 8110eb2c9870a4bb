import { useEffect, useState } from 'react';
import { message } from 'antd';
import { useRenderer } from '@renderer/context';
import { JModal } from '../shared/JModal';
import { JUpload } from './JUpload';
import type { FileRecord, UploadValue } from './upload-rules';

/** One file the pop-up hands back. */
export interface FilePopResult {
  name: string;
  url: string;
  path: string;
  status: 'done';
  id: string;
}

export interface JFilePopProps {
  open: boolean;
  fileType?: 'file' | 'image';
  /** Maximum files, 0 = unlimited (default 1). */
  number?: number;
  bizPath?: string;
  accept?: string;
  /** Initial comma-joined paths. */
  value?: string;
  onOk: (files: FilePopResult[]) => void;
  onCancel: () => void;
}

export const FILE_POP_SIZE = { width: 520, height: 200 } as const;

/** Upload dialog used by grid file/image cells: 520 wide, body 200 high. */
export function JFilePop({ open, fileType = 'file', number = 1, bizPath = 'temp', accept, value, onOk, onCancel }: JFilePopProps) {
  const { data } = useRenderer();
  const [records, setRecords] = useState<UploadValue>(value ?? '');
  useEffect(() => {
    if (open) setRecords(value ?? '');
  }, [open, value]);

  const confirm = () => {
    const files: FileRecord[] = Array.isArray(records) ? records : [];
    if (files.length === 0 && !(typeof records === 'string' && records)) {
      message.warning('未上传任何文件');
      return;
    }
    const list = Array.isArray(records)
      ? records
      : String(records)
          .split(',')
          .filter(Boolean)
          .map((path) => ({ fileName: path.substring(path.lastIndexOf('/') + 1), filePath: path }));
    onOk(
      list.map((file, index) => ({
        name: file.fileName,
        path: file.filePath,
        url: data.fileUrl(file.filePath),
        status: 'done',
        id: `${Date.now()}-${index}`,
      })),
    );
  };

  return (
    <JModal
      open={open}
      title={fileType === 'image' ? '图片上传' : '文件上传'}
      width={FILE_POP_SIZE.width}
      switchFullscreen={false}
      styles={{ body: { height: FILE_POP_SIZE.height, overflowY: 'auto' } }}
      onOk={confirm}
      onCancel={onCancel}
    >
      <JUpload
        value={records}
        onChange={setRecords}
        returnUrl={false}
        fileType={fileType === 'image' ? 'image' : 'all'}
        number={number}
        bizPath={bizPath}
        accept={accept}
      />
    </JModal>
  );
}
