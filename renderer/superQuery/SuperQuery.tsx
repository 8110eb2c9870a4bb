import { useState } from 'react';
import { Button, Card, Col, Empty, Input, Modal, Row, Select, Space, Tooltip } from 'antd';
import { AppstoreTwoTone, CloseOutlined, FilterOutlined, MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { SuperQuery as SuperQueryConfig } from '@contract/schema-types.gen';
import type { Notifier } from '../data/notify';
import { RULES, type Condition, type FilterTree, type Rule } from './model';
import { useSuperQuery } from './useSuperQuery';
import { ValueInput } from './ValueInput';

export interface SuperQueryProps {
  config: SuperQueryConfig;
  /** Storage code; defaults to the current route. */
  saveCode?: string;
  notify: Notifier;
  onApply(tree: FilterTree | undefined): void;
}

type SuperQueryState = ReturnType<typeof useSuperQuery>;

/** One condition: field, rule, value, and the buttons that add one after it or remove it. */
function ConditionRow({
  index,
  condition,
  config,
  sq,
}: {
  index: number;
  condition: Condition;
  config: SuperQueryConfig;
  sq: SuperQueryState;
}) {
  const fieldOf = (value?: string) => config.fields.find((f) => f.value === value);
  return (
    <Row gutter={8} style={{ marginBottom: 8 }} className="super-query-row">
      <Col span={8}>
        <Select
          showSearch
          style={{ width: '100%' }}
          placeholder="选择查询字段"
          value={condition.field}
          optionFilterProp="label"
          options={config.fields.map((f) => ({ value: f.value, label: f.text }))}
          onChange={(field: string) => {
            const meta = fieldOf(field);
            sq.updateCondition(index, {
              field,
              val: undefined,
              type: meta?.type,
              dbType: meta?.dbType,
              dictCode: meta?.dictCode,
            });
          }}
        />
      </Col>
      <Col span={4}>
        <Select
          style={{ width: '100%' }}
          placeholder="匹配规则"
          value={condition.rule}
          options={RULES.map((r) => ({ value: r.value, label: r.text }))}
          onChange={(rule: Rule) => sq.updateCondition(index, { rule })}
        />
      </Col>
      <Col span={8}>
        <ValueInput
          field={fieldOf(condition.field)}
          rule={condition.rule}
          value={condition.val}
          onChange={(val) => sq.updateCondition(index, { val })}
        />
      </Col>
      <Col span={4}>
        <Space>
          <Button aria-label="添加条件" icon={<PlusCircleOutlined />} onClick={() => sq.addCondition(index)} />
          <Button aria-label="删除条件" icon={<MinusCircleOutlined />} onClick={() => sq.removeCondition(index)} />
        </Space>
      </Col>
    </Row>
  );
}

function SavedQueries({ sq }: { sq: SuperQueryState }) {
  return (
    <Card size="small" title="保存的查询">
      {sq.saved.length === 0 ? (
        <Empty description="没有保存任何查询" />
      ) : (
        sq.saved.map((item) => (
          <div key={item.title} className="super-query-saved" style={{ display: 'flex', justifyContent: 'space-between' }}>
            <a onClick={() => sq.restore(item)}>{item.title}</a>
            <CloseOutlined aria-label={`删除 ${item.title}`} onClick={() => void sq.remove(item.title)} />
          </div>
        ))
      )}
    </Card>
  );
}
/** 高级查询: trigger button (with the active marker) and the condition builder modal. */
export function SuperQuery({ config, saveCode, notify, onApply }: SuperQueryProps) {
  const code = config.saveCode ?? saveCode ?? globalThis.location?.pathname ?? 'default';
  const sq = useSuperQuery(code, notify, onApply);
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  return (
    <>
      {sq.active ? (
        <Tooltip
          title={
            <span>
              已有高级查询条件生效 <a onClick={sq.reset}>清空</a>
            </span>
          }
        >
          <Button type="primary" icon={<AppstoreTwoTone spin />} onClick={() => setOpen(true)} data-active="true">
            高级查询
          </Button>
        </Tooltip>
      ) : (
        <Button type="primary" icon={<FilterOutlined />} onClick={() => setOpen(true)}>
          高级查询
        </Button>
      )}
      <Modal
        title="高级查询构造器"
        width={1000}
        open={open}
        onCancel={() => setOpen(false)}
        footer={
          <Row justify="space-between">
            <Space>
              <Button onClick={sq.reset}>重置</Button>
              <Button onClick={() => sq.canSave() && (setName(''), setNaming(true))}>保存查询条件</Button>
            </Space>
            <Space>
              <Button onClick={() => setOpen(false)}>关闭</Button>
              <Button type="primary" onClick={() => sq.run()}>
                查询
              </Button>
            </Space>
          </Row>
        }
      >
        <Row gutter={8}>
          <Col span={19}>
            {sq.tree.conditions.length === 0 ? (
              <Empty
                description={
                  <span>
                    没有任何查询条件 <a onClick={() => sq.addCondition()}>点击新增</a>
                  </span>
                }
              />
            ) : (
              <>
                <div style={{ marginBottom: 12 }}>
                  <span>过滤条件匹配：</span>
                  <Select
                    style={{ width: 260 }}
                    value={sq.tree.matchType}
                    onChange={sq.setMatchType}
                    options={[
                      { value: 'and', label: 'AND（所有条件都要求匹配）' },
                      { value: 'or', label: 'OR（条件中的任意一个匹配）' },
                    ]}
                  />
                </div>
                {sq.tree.conditions.map((condition, index) => (
                  <ConditionRow key={index} index={index} condition={condition} config={config} sq={sq} />
                ))}
              </>
            )}
          </Col>
          <Col span={5}>
            <SavedQueries sq={sq} />
          </Col>
        </Row>
      </Modal>
      <Modal
        title="请输入保存的名称"
        open={naming}
        onCancel={() => setNaming(false)}
        okText="确定"
        cancelText="取消"
        onOk={() => void sq.save(name).then((ok) => ok && setNaming(false))}
      >
        <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="请输入保存的名称" />
      </Modal>
    </>
  );
}
