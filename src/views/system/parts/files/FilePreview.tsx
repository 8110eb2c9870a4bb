import { Empty, Modal } from 'antd';
import type { ViewProps } from '@renderer/views/registry';
import { JPdfView } from '@widgets/editors/JPdfView';
import { useFileUrls } from '@widgets/shared/useFileUrls';

const IMAGE = /\.(jpe?g|png|gif|bmp)$/i;

/** 文件预览 of the row's stored file (`record.url`): images inline, PDFs in the PDF viewer. */
export default function FilePreview({ record, onClose }: ViewProps) {
  const path = typeof record?.url === 'string' ? record.url : '';
  const urlOf = useFileUrls(path ? [path] : []);
  const name = typeof record?.fileName === 'string' ? record.fileName : path;
  let body = <Empty description="该类型文件不支持预览，请下载后查看" />;
  if (/\.pdf$/i.test(path)) body = <JPdfView value={path} />;
  else if (IMAGE.test(path)) body = <img alt={name} src={urlOf(path)} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />;
  return (
    <Modal open title={`文件预览：${name}`} width={880} onCancel={onClose} footer={null} destroyOnHidden>
      {body}
    </Modal>
  );
}
