import { feedback } from '../../../feedback';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { selectDepart } from '../../../api/auth';
import { doneOf, refusalText } from '../../../api/request';
import type { LoginResult } from '../../../types';
import type { LoginSelection } from './loginSelection';

/** After login: pick the department and/or tenant when there are several. */
export function LoginSelectModal({
  result,
  onDone,
  onFail,
}: {
  result: LoginResult;
  onDone: (selection: LoginSelection) => void;
  onFail: () => void;
}) {
  const { notification } = feedback();
  const [form] = Form.useForm<{ orgCode?: string; tenantId?: string }>();
  const [busy, setBusy] = useState(false);
  const pickDepart = result.multi_depart === 2;
  const pickTenant = (result.tenantList?.length ?? 0) > 1;
  const title = pickDepart && pickTenant ? '请选择租户和部门' : pickDepart ? '请选择部门' : '请选择租户';

  const confirm = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      let userInfo = result.userInfo;
      if (pickDepart && values.orgCode) {
        const selected = doneOf(await selectDepart(values.orgCode, result.userInfo.username)).result;
        userInfo = selected?.userInfo ?? userInfo;
      }
      onDone({ userInfo, tenantId: values.tenantId });
    } catch (error) {
      // a refusal says why; a transport failure was shown by the HTTP layer
      const refusal = refusalText(error, '');
      if (refusal) notification.error({ message: '提示', description: refusal, duration: 4 });
      onFail();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      width={450}
      closable={false}
      maskClosable={false}
      okText="确认"
      onOk={confirm}
      confirmLoading={busy}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Form form={form} layout="vertical">
        {pickTenant && (
          <Form.Item name="tenantId" label="租户" rules={[{ required: true, message: '请选择登录租户' }]}>
            <Select placeholder="请选择登录租户" options={result.tenantList?.map((t) => ({ value: String(t.id), label: t.name }))} />
          </Form.Item>
        )}
        {pickDepart && (
          <Form.Item
            name="orgCode"
            label="部门"
            tooltip="您隶属于多部门，请选择当前所在部门"
            rules={[{ required: true, message: '请选择登录部门' }]}
          >
            <Select placeholder="请选择登录部门" options={result.departs?.map((d) => ({ value: d.orgCode, label: d.departName }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
