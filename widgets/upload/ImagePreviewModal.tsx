import { Modal } from 'antd';

/** A picture shown full width in a dialog. */
export function ImagePreviewModal({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Modal open={!!url} footer={null} onCancel={onClose} title="预览" width={800}>
      {url && <img alt="预览" src={url} style={{ width: '100%' }} />}
    </Modal>
  );
}
