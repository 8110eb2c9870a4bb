import { UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Modal, Select, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { fetchCurrentDeparts, selectDepart } from '../../api/auth';
import { attempt, doneOf } from '../../api/request';
import { saveUserInfo } from '../../state/session';
import type { Depart } from '../../types';

/** 部门切换: the current department of the signed-in user. */
export function DepartSelectModal({ open, username, onClose }: { open: boolean; username: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [departs, setDeparts] = useState<Depart[]>([]);
  const [current, setCurrent] = useState<string>();
  const [choice, setChoice] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!open) return;
    setReady(false);
    setInvalid(false);
    fetchCurrentDeparts()
      .then((res) => {
        // a refusal and an empty list both mean the user has no department to switch to
        const found = res.success ? res.result : undefined;
        const list = found?.list ?? [];
        if (list.length === 0) {
          message.warning('您尚未设置部门信息!');
          onClose();
          return;
        }
        setDeparts(list);
        setCurrent(found?.orgCode);
        setChoice(found?.orgCode || undefined);
        setReady(true);
      })
      .catch(() => onClose());
  }, [open, message, onClose]);

  const currentName = departs.find((d) => d.orgCode === current)?.departName;
  const title = currentName ? `部门切换（当前部门 : ${currentName}）` : '部门选择';

  const confirm = async () => {
    if (!choice) {
      setInvalid(true);
      return;
    }
    const done = await attempt(async () => doneOf(await selectDepart(choice, username)));
    if (!done?.result?.userInfo) return;
    saveUserInfo(done.result.userInfo);
    onClose();
  };

  return (
    <Modal
      open={open && ready}
      title={title}
      width={450}
      closable={false}
      maskClosable
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          确认
        </Button>,
      ]}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Tooltip title="您隶属于多部门，请选择当前所在部门">
          <Avatar icon={<UserOutlined />} />
        </Tooltip>
        <Select
          style={{ flex: 1 }}
          status={invalid ? 'error' : undefined}
          placeholder="请选择登录部门"
          value={choice}
          onChange={(v: string) => {
            setChoice(v);
            setInvalid(false);
          }}
          options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
        />
      </div>
    </Modal>
  );
}
