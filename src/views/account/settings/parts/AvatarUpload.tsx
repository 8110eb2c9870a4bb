import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Upload } from 'antd';
import { useState } from 'react';
import { attempt, request } from '../../../../api/request';
import { avatarSrc } from '../../parts/currentUser';

const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** 头像: preview and 更换头像; uploads to the public `user` folder and hands back the stored path. */
export function AvatarUpload({ value, onChange }: { value?: string | null; onChange?: (path: string) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const send = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      message.warning('请上传图片');
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      message.warning('图片大小不能超过5MB');
      return;
    }
    const form = new FormData();
    form.append('biz', 'user');
    form.append('file', file);
    setUploading(true);
    try {
      const done = await attempt(() => request.upload<unknown>('/sys/common/upload', form));
      // the upload answers the stored path as its message
      if (done?.message) onChange?.(done.message);
      else if (done) message.warning('上传失败');
    } finally {
      setUploading(false);
    }
  };

  return (
    <div style={{ textAlign: 'center' }}>
      <div style={{ marginBottom: 12, color: 'rgba(0,0,0,0.85)' }}>头像</div>
      <Avatar size={144} src={avatarSrc(value)} icon={<UserOutlined />} alt="头像" />
      <div style={{ marginTop: 16 }}>
        <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => (void send(file), false)}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            更换头像
          </Button>
        </Upload>
      </div>
    </div>
  );
}
