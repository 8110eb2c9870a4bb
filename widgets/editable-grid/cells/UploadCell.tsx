import { useRef, useState } from 'react';
import { Button, Dropdown, Modal, Space, Tooltip, message } from 'antd';
import {
  CheckCircleOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  PaperClipOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { RendererServices } from '@renderer/context';
import { JFilePop, signedUrls, useFileUrls } from '@widgets/reuse';
import type { CellRenderProps } from './registry';
import { plainText } from './text';
import { useGridContext } from '../parts/gridContext';
import { checkUploadFile, shortName, uploadCellFile, uploadLimitTip, type UploadState } from '../adapters/upload';
import { uploadLimit } from '../adapters/pickerFields';
import { GRID_Z_INDEX } from '../parts/layout';

function paths(value: unknown): string[] {
  if (value == null || value === '') return [];
  return Array.isArray(value) ? value.map(String) : String(value).split(',').filter(Boolean);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** upload / file / image cells; uploading needs the app's services, without them the paths show as text. */
export function UploadCell(props: CellRenderProps) {
  const { services } = useGridContext();
  if (!services) return <span className="eg-td-text">{plainText(props.value, props.column)}</span>;
  return <FileCell {...props} services={services} />;
}

/**
 * A button until a file is stored, then name (or thumbnail), status and a menu 下载 / 删除 / 更多
 * (更多 and a thumbnail click open the JFilePop dialog). Previews and downloads use signed addresses.
 */
function FileCell({ value, column, disabled, onCommit, services }: CellRenderProps & { services: RendererServices }) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState | null>(null);
  const [popOpen, setPopOpen] = useState(false);
  const files = paths(value);
  const urlOf = useFileUrls(files);
  const withPop = column.type === 'file' || column.type === 'image';
  const isImage = column.type === 'image';
  const limit = column.number ?? 1;
  const canAdd = !disabled && (limit === 0 || files.length < limit || column.type !== 'file');

  const start = (file: File) => {
    const refused = checkUploadFile(file, column);
    if (refused) return void message.warning(refused);
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
  const download = async (path: string) => {
    if (!signedUrls.get(path)) await signedUrls.load(services.data, [path]);
    window.open(urlOf(path), '_blank');
  };

  const status =
    state &&
    (state.status === 'uploading' ? (
      <Tooltip title={`上传中(${state.percent}%)`}>
        <LoadingOutlined /> {state.percent}%
      </Tooltip>
    ) : state.status === 'done' ? (
      <Tooltip title="上传完成">
        <CheckCircleOutlined style={{ color: '#52c41a' }} />
      </Tooltip>
    ) : (
      <Tooltip title={state.message || '上传失败'}>
        <ExclamationCircleOutlined
          style={{ color: '#ff4d4f' }}
          onClick={() => isImage && Modal.error({ title: '上传出错', content: `错误信息：${state.message || '上传失败'}` })}
        />
      </Tooltip>
    ));

  return (
    <Space size={4} wrap>
      {files.map((path) => {
        const items = [
          column.allowDownload !== false && { key: 'download', label: '下载', onClick: () => download(path) },
          column.allowRemove !== false && !disabled && { key: 'remove', label: '删除', onClick: () => remove(path) },
          withPop && !disabled && { key: 'more', label: '更多', onClick: () => setPopOpen(true) },
        ].filter((x): x is { key: string; label: string; onClick: () => void } => !!x);
        return (
          <Space key={path} size={2}>
            {isImage ? (
              <img
                width={32}
                height={32}
                style={{ objectFit: 'cover', cursor: 'pointer' }}
                src={urlOf(path)}
                alt={baseName(path)}
                onClick={() => !disabled && setPopOpen(true)}
              />
            ) : (
              <span title={baseName(path)}>
                <PaperClipOutlined /> {shortName(baseName(path))}
              </span>
            )}
            {items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']} overlayStyle={{ zIndex: GRID_Z_INDEX }}>
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
          <Button size="small" icon={<UploadOutlined />} title={uploadLimitTip(column)} onClick={() => input.current?.click()}>
            {column.btnText ?? (isImage ? '上传图片' : column.type === 'file' ? '上传文件' : '点击上传')}
          </Button>
        </>
      )}
      {withPop && popOpen && (
        // the dialog is portalled, but React still bubbles its clicks to the row
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          <JFilePop
            open
            fileType={isImage ? 'image' : 'file'}
            number={uploadLimit(column)}
            accept={column.props?.accept as string | undefined}
            value={files.join(',')}
            onCancel={() => setPopOpen(false)}
            onOk={(picked) => {
              setPopOpen(false);
              setState(null);
              onCommit(picked.map((f) => f.path).join(','));
            }}
          />
        </span>
      )}
    </Space>
  );
}
