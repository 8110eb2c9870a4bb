import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Space, Spin } from 'antd';
import { fillRecord, fillTemplate } from '../placeholders';
import { CheckboxList } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import type { AuthorizeConfig } from './model';
import { attempt, request } from '../../../../api/request';

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn?: string;
  ruleConditions?: string;
  ruleValue?: string;
}

/** 数据规则/按钮权限配置 for one menu of one owner: tick the rules that apply. */
export function DataRulePanel({
  config,
  values,
  permission,
  onClose,
}: {
  config: AuthorizeConfig;
  values: Record<string, unknown>;
  permission: { key: string; title: string };
  onClose(): void;
}) {
  const notify = useNotifier();
  const [rules, setRules] = useState<DataRule[]>();
  const [checked, setChecked] = useState<string[]>([]);
  const context = { ...values, permissionId: permission.key };

  useEffect(() => {
    if (!config.dataRuleLoadUrl) return;
    const url = fillTemplate(config.dataRuleLoadUrl, context);
    void attempt(() => request.get<{ datarule?: DataRule[]; drChecked?: string } | null>(url)).then((reply) => {
      setRules(reply?.datarule ?? []);
      setChecked((reply?.drChecked ?? '').split(',').filter(Boolean));
    });
    // once per menu
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [permission.key]);

  const save = async () => {
    const saveUrl = config.dataRuleSaveUrl;
    if (!saveUrl) return;
    if (checked.length === 0) notify.info('请注意，现未勾选任何数据权限!');
    const body = { ...fillRecord(config.dataRuleBody, context), dataRuleIds: checked.join(',') };
    const done = await attempt(() => request.post(saveUrl, body));
    if (done) notify.success(done.message || '保存成功!');
  };

  return (
    <Drawer open title={`数据规则/按钮权限配置 · ${permission.title}`} width={450} onClose={onClose}>
      {rules === undefined ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description="未找到权限配置信息" />
      ) : (
        <>
          <CheckboxList
            value={checked}
            onChange={setChecked}
            itemStyle={{ marginBottom: 8 }}
            options={rules.map((rule) => ({
              value: rule.id,
              label: (
                <>
                  {rule.ruleName}
                  <span style={{ color: '#999', marginLeft: 8 }}>
                    {[rule.ruleColumn, rule.ruleConditions, rule.ruleValue].filter(Boolean).join(' ')}
                  </span>
                </>
              ),
            }))}
          />
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" onClick={() => void save()}>
              点击保存
            </Button>
          </Space>
        </>
      )}
    </Drawer>
  );
}
