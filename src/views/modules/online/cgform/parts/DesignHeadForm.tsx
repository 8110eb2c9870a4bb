import { Col, Form, Input, Row as GridLine, Select, type FormInstance } from 'antd';

export type HeadValues = Record<string, string | number | undefined>;

const YES_NO = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];

/** The head settings of a form design: table name and text, type, layout, theme, paging and the tree columns. */
export function DesignHeadForm({ form }: { form: FormInstance<HeadValues> }) {
  const tableType = Form.useWatch('tableType', form);
  const isTree = Form.useWatch('isTree', form);
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 8 }} wrapperCol={{ span: 16 }} size="small">
      <GridLine gutter={8}>
        <Col span={8}>
          <Form.Item
            name="tableName"
            label="表名"
            rules={[
              { required: true, message: '请输入表名' },
              { pattern: /^[a-z][a-z0-9_]{1,49}$/, message: '表名只能用小写字母开头，由小写字母、数字和下划线组成' },
            ]}
          >
            <Input placeholder="请输入表名" maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tableTxt" label="表描述" rules={[{ required: true, message: '请输入表描述' }]}>
            <Input placeholder="请输入表描述" maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tableType" label="表类型">
            <Select
              aria-label="表类型"
              options={[
                { value: 1, label: '单表' },
                { value: 2, label: '主表' },
                { value: 3, label: '附表' },
              ]}
            />
          </Form.Item>
        </Col>
        {tableType === 3 && (
          <>
            <Col span={8}>
              <Form.Item name="relationType" label="映射关系">
                <Select
                  options={[
                    { value: 0, label: '一对多' },
                    { value: 1, label: '一对一' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="tabOrderNum" label="附表排序">
                <Input />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={8}>
          <Form.Item name="formTemplate" label="表单风格">
            <Select
              options={[
                { value: '1', label: '一列' },
                { value: '2', label: '两列' },
                { value: '3', label: '三列' },
                { value: '4', label: '四列' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="themeTemplate" label="主题模板">
            <Select
              options={[
                { value: 'normal', label: '默认主题' },
                { value: 'erp', label: 'ERP主题(一对多)' },
                { value: 'innerTable', label: '内嵌子表主题(一对多)' },
                { value: 'tab', label: 'TAB主题(一对多)' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="isCheckbox" label="显示复选框">
            <Select options={YES_NO} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="isPage" label="是否分页">
            <Select options={YES_NO} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="isTree" label="是否树">
            <Select options={YES_NO} />
          </Form.Item>
        </Col>
        {isTree === 'Y' && (
          <>
            <Col span={8}>
              <Form.Item name="treeParentIdField" label="树表父ID" rules={[{ required: true, message: '请输入树表父ID字段' }]}>
                <Input placeholder="例如 pid" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="treeIdField" label="是否有子节点字段" rules={[{ required: true, message: '请输入是否有子节点字段' }]}>
                <Input placeholder="例如 has_child" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="treeFieldname" label="树开表单列" rules={[{ required: true, message: '请输入树开表单列' }]}>
                <Input placeholder="例如 name" />
              </Form.Item>
            </Col>
          </>
        )}
      </GridLine>
    </Form>
  );
}
