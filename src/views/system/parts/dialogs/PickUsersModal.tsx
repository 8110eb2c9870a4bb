import { useEffect, useState } from 'react';
import { Modal, Select } from 'antd';
import { useRenderer } from '@renderer/context';
import { queryPickerUsers } from '@widgets/pickers/user-api';
import { useNotifier } from '@renderer/data/useNotifier';
import type { ViewProps } from '@renderer/views/registry';
import { attempt, request } from '../../../../api/request';

export interface PickUsersProps {
  title?: string;
  /** POSTed with `userIdList` added, e.g. `/sys/user/addSysUserRole`. */
  saveUrl: string;
  body: Record<string, string>;
}

/** 添加已有用户: search users by account and link the chosen ones (to a role or a department). */
export default function PickUsersModal({ props, onClose, onChanged }: ViewProps) {
  const config = props as unknown as PickUsersProps;
  const services = useRenderer();
  const notify = useNotifier();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // The user picker's endpoint: managers of department or role members need not hold the user list.
      queryPickerUsers(services.data, { username: keyword.trim(), pageNo: 1, pageSize: 50 }).then(
        (page) => {
          if (live) setOptions(page.records.map((u) => ({ value: String(u.id), label: `${u.realname ?? ''}（${u.username}）` })));
        },
        (error: unknown) => {
          if (live) notify.warning(error instanceof Error ? error.message : String(error));
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [services.data, notify, keyword]);

  const save = async () => {
    if (picked.length === 0) {
      notify.warning('请选择用户');
      return;
    }
    setSaving(true);
    try {
      const done = await attempt(() => request.post(config.saveUrl, { ...config.body, userIdList: picked }));
      if (done) {
        notify.success(done.message || '添加成功!');
        onChanged();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={config.title ?? '添加已有用户'}
      width={600}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        placeholder="输入账号搜索用户"
        filterOption={false}
        showSearch
        onSearch={setKeyword}
        options={options}
        value={picked}
        onChange={setPicked}
        aria-label="选择用户"
      />
    </Modal>
  );
}
