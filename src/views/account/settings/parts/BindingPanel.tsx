import { Empty } from 'antd';

/** 账户绑定: no third-party accounts are offered. */
export function BindingPanel() {
  return <Empty description="暂无可绑定的第三方账户" />;
}
