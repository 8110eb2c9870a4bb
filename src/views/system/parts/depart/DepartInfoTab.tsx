import { useEffect } from 'react';
import { Button, Empty, Form, Popconfirm } from 'antd';
import { useRenderer } from '@renderer/context';
import { useNotifier } from '@renderer/data/useNotifier';
import { attempt, request } from '../../../../api/request';
import { DepartFields } from './DepartFields';
import { formValues, orderText, type DepartNode } from './model';

export interface DepartInfoTabProps {
  tree: DepartNode[];
  selected?: DepartNode;
  onSaved(): void;
  onDelete(id: string): void;
}

/** 基本信息 of the chosen department: edit and save (保存成功!), reset, delete with its children. */
export function DepartInfoTab({ tree, selected, onSaved, onDelete }: DepartInfoTabProps) {
  const services = useRenderer();
  const notify = useNotifier();
  const [form] = Form.useForm();
  const editable = services.can('depart:edit');

  useEffect(() => {
    if (selected) form.setFieldsValue(formValues(selected));
  }, [selected, form]);

  if (!selected) return <Empty description="请点击选择要修改部门!" />;

  const save = async () => {
    const values = (await form.validateFields().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!values) return;
    const body = { ...values, id: selected.id, departOrder: orderText(values.departOrder) };
    if (await attempt(() => request.put('/sys/sysDepart/edit', body))) {
      notify.success('保存成功!');
      onSaved();
    }
  };

  return (
    <Form form={form} name="departInfo" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} className="admin-depart-info">
      <DepartFields tree={tree} existing readOnly={!editable} />
      <Form.Item wrapperCol={{ offset: 5 }}>
        {editable && (
          <>
            <Button style={{ marginRight: 8 }} onClick={() => form.setFieldsValue(formValues(selected))}>
              重置
            </Button>
            <Button type="primary" onClick={() => void save()}>
              保存
            </Button>
          </>
        )}
        {services.can('depart:delete') && (
          <Popconfirm title="确定要删除此部门以及子节点数据吗?" okText="确定" cancelText="取消" onConfirm={() => onDelete(selected.id)}>
            <Button danger style={{ marginLeft: 8 }}>
              删除
            </Button>
          </Popconfirm>
        )}
      </Form.Item>
    </Form>
  );
}
