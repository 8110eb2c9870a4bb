import { Descriptions, Modal, Typography } from 'antd';
import type { ViewProps } from '@renderer/views/registry';

function pretty(param: unknown): string {
  if (typeof param !== 'string' || param === '') return '';
  try {
    return JSON.stringify(JSON.parse(param), null, 2);
  } catch {
    return param;
  }
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** 日志详情: one log row in full, the (already masked) request parameters pretty-printed. */
export default function LogDetail({ record, onClose }: ViewProps) {
  const r = record ?? {};
  return (
    <Modal open title="日志详情" width={760} onCancel={onClose} footer={null} destroyOnHidden>
      <Descriptions column={2} size="small" bordered styles={{ label: { width: 100, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="日志内容" span={2}>
          {text(r.logContent)}
        </Descriptions.Item>
        <Descriptions.Item label="操作人">{text(r.username)}</Descriptions.Item>
        <Descriptions.Item label="IP">{text(r.ip)}</Descriptions.Item>
        <Descriptions.Item label="操作类型">{text(r.operateType_dictText)}</Descriptions.Item>
        <Descriptions.Item label="耗时(毫秒)">{text(r.costTime)}</Descriptions.Item>
        <Descriptions.Item label="请求方法">{text(r.requestType)}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{text(r.createTime)}</Descriptions.Item>
        <Descriptions.Item label="请求路径" span={2}>
          {text(r.requestUrl)}
        </Descriptions.Item>
        <Descriptions.Item label="请求参数" span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', margin: 0, maxHeight: 320, overflow: 'auto' }}>
            {pretty(r.requestParam)}
          </Typography.Paragraph>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
