import { useEffect, useState } from 'react';
import { Button, Drawer, Empty, Space, Spin } from 'antd';
import { useRenderer } from '@renderer/context';
import { fillRecord, fillTemplate } from '../placeholders';
import { CheckboxList } from '@renderer/index';
import { useNotifier } from '@renderer/data/useNotifier';
import type { AuthorizeConfig } from './model';

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
  const services = useRenderer();
  const notify = useNotifier();
  const [rules, setRules] = useState<DataRule[]>();
  const [checked, setChecked] = useState<string[]>([]);
  const context = { ...values, permissionId: permission.key };

  useEffect(() => {
    if (!config.dataRuleLoadUrl) return;
    void services.http.get<{ datarule?: DataRule[]; drChecked?: string }>(fillTemplate(config.dataRuleLoadUrl, context)).then((res) => {
      if (!res.success) {
        notify.warning(res.message);
        setRules([]);
        return;
      }
      setRules(res.result?.datarule ?? []);
      setChecked((res.result?.drChecked ?? '').split(',').filter(Boolean));
    });
    // once per menu
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [permission.key]);

  const save = async () => {
    if (!config.dataRuleSaveUrl) return;
    if (checked.length === 0) notify.info('请注意，现未勾选任何数据权限!');
    const body = { ...fillRecord(config.dataRuleBody, context), dataRuleIds: checked.join(',') };
    const res = await services.http.post(config.dataRuleSaveUrl, body);
    if (res.success) notify.success(res.message || '保存成功!');
    else notify.warning(res.message);
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
