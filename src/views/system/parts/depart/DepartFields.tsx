import { Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { JSelectUserByDep } from '@widgets/pickers/JSelectUserByDep';
import { categoryOptions, type DepartNode } from './model';

function toTreeSelect(nodes: DepartNode[]): Array<{ value: string; title: string; children?: ReturnType<typeof toTreeSelect> }> {
  return nodes.map((n) => ({ value: n.key, title: n.title, children: n.children?.length ? toTreeSelect(n.children) : undefined }));
}

/**
 * The department fields shared by the 基本信息 tab (`existing`: shows the read-only 机构编码, keeps 上级部门
 * since the server does not move departments) and the add dialog.
 */
export function DepartFields({ tree, existing, readOnly }: { tree: DepartNode[]; existing?: boolean; readOnly?: boolean }) {
  const form = Form.useFormInstance();
  const parentId = Form.useWatch('parentId', form) as string | undefined;
  return (
    <>
      <Form.Item label="机构名称" name="departName" rules={[{ required: true, message: '请输入机构/部门名称!' }]}>
        <Input placeholder="请输入机构/部门名称" disabled={readOnly} />
      </Form.Item>
      <Form.Item label="上级部门" name="parentId">
        <TreeSelect
          onChange={(value?: string) => form.setFieldValue('orgCategory', value ? '2' : '1')}
          treeData={toTreeSelect(tree)}
          allowClear
          treeDefaultExpandAll
          placeholder="无"
          disabled={readOnly || existing}
          showSearch
          treeNodeFilterProp="title"
        />
      </Form.Item>
      {existing && (
        <Form.Item label="机构编码" name="orgCode">
          <Input disabled />
        </Form.Item>
      )}
      <Form.Item label="机构类型" name="orgCategory" initialValue="1">
        <Radio.Group options={categoryOptions(!!parentId)} disabled={readOnly} />
      </Form.Item>
      <Form.Item label="部门负责人" name="directorUserIds">
        <JSelectUserByDep store="id" disabled={readOnly} />
      </Form.Item>
      <Form.Item label="排序" name="departOrder" initialValue={0}>
        <InputNumber disabled={readOnly} />
      </Form.Item>
      <Form.Item label="手机号" name="mobile">
        <Input placeholder="请输入手机号" disabled={readOnly} />
      </Form.Item>
      <Form.Item label="传真" name="fax">
        <Input placeholder="请输入传真" disabled={readOnly} />
      </Form.Item>
      <Form.Item label="地址" name="address">
        <Input placeholder="请输入地址" disabled={readOnly} />
      </Form.Item>
      <Form.Item label="备注" name="memo">
        <Input.TextArea placeholder="请输入备注" disabled={readOnly} />
      </Form.Item>
    </>
  );
}
