import { Button, Input, Table } from 'antd';
import type { ReportParam } from './reportDesign';

/** 报表参数: name, text and default value of each ${parameter} of the SQL; 新增参数 adds one. */
export function ReportParamsTable({
  params,
  onChange,
}: {
  params: ReportParam[];
  onChange: (next: (all: ReportParam[]) => ReportParam[]) => void;
}) {
  const setParam = (i: number, patch: Partial<ReportParam>) => onChange((all) => all.map((p, n) => (n === i ? { ...p, ...patch } : p)));
  return (
    <>
      <Button
        size="small"
        style={{ marginBottom: 8 }}
        onClick={() => onChange((all) => [...all, { paramName: '', paramTxt: '', paramValue: '', orderNum: all.length + 1 }])}
      >
        新增参数
      </Button>
      <Table<ReportParam>
        className="report-params"
        rowKey={(_r) => String(params.indexOf(_r))}
        size="small"
        bordered
        pagination={false}
        dataSource={params}
        columns={[
          {
            title: '参数',
            dataIndex: 'paramName',
            render: (v: string, _r, i) => (
              <Input size="small" aria-label="参数" value={v} onChange={(e) => setParam(i, { paramName: e.target.value })} />
            ),
          },
          {
            title: '名称',
            dataIndex: 'paramTxt',
            render: (v: string, _r, i) => (
              <Input size="small" aria-label="参数名称" value={v} onChange={(e) => setParam(i, { paramTxt: e.target.value })} />
            ),
          },
          {
            title: '默认值',
            dataIndex: 'paramValue',
            render: (v: string, _r, i) => (
              <Input size="small" aria-label="默认值" value={v} onChange={(e) => setParam(i, { paramValue: e.target.value })} />
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_v, _r, i) => <a onClick={() => onChange((all) => all.filter((_, n) => n !== i))}>删除</a>,
          },
        ]}
      />
    </>
  );
}
