import { useEffect, useState } from 'react';
import { Button, Empty, Modal, Space, Spin, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../api/request';

interface Seal {
  path: string;
  fileName: string;
  dataUrl: string;
}

const SEAL_URL = '/xypj/certificate/seal';

/** 印章设置 of 证书管理: the seal image drawn on every certificate PDF (PNG/JPG, uploaded, then set; or cleared). */
export default function CertificateSealDialog({ onClose }: ViewProps) {
  const notify = useNotifier();
  const [seal, setSeal] = useState<Seal | null>();
  const [busy, setBusy] = useState(false);

  const load = async () => {
    const current = await attempt(() => request.get<Seal | null>(SEAL_URL));
    setSeal(current ?? null);
  };

  useEffect(() => {
    void load();
  }, []);

  const setPath = async (path: string) => {
    const done = await attempt(() => request.post<string>(SEAL_URL, { path }));
    if (!done) return;
    notify.success(done.message);
    await load();
  };

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      form.append('biz', 'certificate');
      const uploaded = await attempt(() => request.upload<string>('/sys/common/upload', form));
      // the upload answers the stored path as its message
      if (uploaded) await setPath(uploaded.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="证书印章设置" width={520} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      <Spin spinning={seal === undefined || busy}>
        <div style={{ textAlign: 'center', minHeight: 180, padding: 16 }}>
          {seal ? (
            <img src={seal.dataUrl} alt={`印章 ${seal.fileName}`} style={{ maxWidth: 160, maxHeight: 160 }} />
          ) : (
            <Empty description="尚未设置印章，证书上不加盖印章" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>PNG或JPG图片，不超过2MB，建议使用透明背景的PNG。设置后下载的证书加盖此印章。</p>
        <Space>
          <Upload
            accept=".png,.jpg,.jpeg"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {seal ? '更换印章' : '上传印章'}
            </Button>
          </Upload>
          {seal && (
            <Button danger onClick={() => void setPath('')}>
              清除印章
            </Button>
          )}
        </Space>
      </Spin>
    </Modal>
  );
}
