import { useState } from 'react';
import { Alert, Modal, Select } from 'antd';
import { RequestError } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import { request, showRequestError } from '../../api/request';

export interface ExpertChoice {
  id: string;
  name: string;
  workUnit: string | null;
  status: string;
  load: number;
}

interface Props {
  application: { id: string; companyName: string; sheets: Array<{ expertId: string }> };
  experts: ExpertChoice[];
  count: number;
  onClose(): void;
  onDone(): void;
}

/** 分配专家: pick exactly N experts; the server's refusal (count, inactive, own unit) is shown in the dialog. */
export function AssignDialog({ application, experts, count, onClose, onDone }: Props) {
  const notify = useNotifier();
  const [chosen, setChosen] = useState<string[]>(application.sheets.map((s) => s.expertId));
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      const done = await request.post('/xypj/application/assign', { id: application.id, expertIds: chosen });
      notify.success(done.message || '分配成功');
      onDone();
      onClose();
    } catch (error) {
      // the server's refusal (count, inactive, own unit) stays in the dialog
      if (error instanceof RequestError) setProblem(error.message);
      else showRequestError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`分配专家：${application.companyName}`}
      width={640}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <p>请选择{count}位评审专家（不能选择申报企业本单位的专家）。</p>
      <Select
        mode="multiple"
        aria-label="评审专家"
        style={{ width: '100%' }}
        placeholder="请选择评审专家"
        value={chosen}
        onChange={(v) => {
          setChosen(v);
          setProblem('');
        }}
        optionFilterProp="label"
        options={experts.map((e) => ({
          value: e.id,
          label: `${e.name}（${e.workUnit ?? '未填工作单位'}，已分配${e.load}份${e.status === '1' ? '' : '，已停用'}）`,
        }))}
      />
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
