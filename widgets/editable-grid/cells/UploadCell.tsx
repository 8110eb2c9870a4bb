import { useRef, useState } from 'react';
import { Button, Dropdown, Image, Modal, Space, Tooltip, message } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined, PaperClipOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import type { CellRenderProps } from './registry';
import { useGridContext } from '../parts/gridContext';
import { checkUploadFile, fileUrl, shortName, uploadCellFile, type UploadState } from '../adapters/upload';

function paths(value: unknown): string[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value.map(String) : String(value).split(',').filter(Boolean);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** upload / file / image cells: a button until a file is stored, then name (or thumbnail), status and 下载/删除. */
export function UploadCell({ value, column, disabled, onCommit }: CellRenderProps) {
  const { services } = useGridContext();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState | null>(null);
  const files = paths(value);
  const isImage = column.type === 'image';
  const limit = column.number ?? 1;
  const canAdd = !disabled && (limit === 0 || files.length < limit || column.type !== 'file');

  const start = (file: File) => {
    const refused = checkUploadFile(file, column);
    if (refused) return void message.warning(refused);
    if (!services) return void message.error('上传失败');
    setState({ status: 'uploading', percent: 0, name: file.name });
    uploadCellFile(services, column, file, (percent) => setState({ status: 'uploading', percent, name: file.name }))
      .then((path) => {
        setState({ status: 'done', percent: 100, name: file.name });
        const next = column.type === 'file' && limit !== 1 ? [...files, path] : [path];
        onCommit(next.join(','));
      })
      .catch((e: Error) => setState({ status: 'error', percent: 0, name: file.name, message: e.message || '上传失败' }));
  };

  const remove = (path: string) => {
    setState(null);
    onCommit(files.filter((p) => p !== path).join(','));
  };
  const download = (path: string) => services && window.open(fileUrl(services, path), '_blank');

  const status = state && (
    state.status === 'uploading' ? (
      <Tooltip title={`上传中(${state.percent}%)`}><LoadingOutlined /> {state.percent}%</Tooltip>
    ) : state.status === 'done' ? (
      <Tooltip title="上传完成"><CheckCircleOutlined style={{ color: '#52c41a' }} /></Tooltip>
    ) : (
      <Tooltip title={state.message || '上传失败'}>
        <ExclamationCircleOutlined
          style={{ color: '#ff4d4f' }}
          onClick={() => isImage && Modal.error({ title: '上传出错', content: `错误信息：${state.message || '上传失败'}` })}
        />
      </Tooltip>
    )
  );

  return (
    <Space size={4} wrap>
      {files.map((path) => {
        const items = [
          column.allowDownload !== false && { key: 'download', label: '下载', onClick: () => download(path) },
          column.allowRemove !== false && !disabled && { key: 'remove', label: '删除', onClick: () => remove(path) },
        ].filter((x): x is { key: string; label: string; onClick: () => void } => !!x);
        return (
          <Space key={path} size={2}>
            {isImage && services ? (
              <Image width={32} height={32} src={fileUrl(services, path)} alt={baseName(path)} />
            ) : (
              <span title={baseName(path)}><PaperClipOutlined /> {shortName(baseName(path))}</span>
            )}
            {items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']}>
                <SettingOutlined aria-label="文件操作" />
              </Dropdown>
            )}
          </Space>
        );
      })}
      {status}
      {canAdd && (files.length === 0 || column.type === 'file') && (
        <>
          <input
            ref={input}
            type="file"
            hidden
            accept={isImage ? 'image/*' : (column.props?.accept as string | undefined)}
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) start(f);
            }}
          />
          <Button size="small" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {column.btnText ?? (isImage ? '上传图片' : column.type === 'file' ? '上传文件' : '点击上传')}
          </Button>
        </>
      )}
    </Space>
  );
}
