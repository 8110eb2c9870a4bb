import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../config';

export type ExceptionStatus = 403 | 404 | 500;

export const EXCEPTION_TEXT: Record<ExceptionStatus, string> = {
  403: '抱歉，你无权访问该页面',
  404: '抱歉，你访问的页面不存在或无权访问',
  500: '抱歉，服务器出错了',
};

export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <Result
      status={String(status) as '403' | '404' | '500'}
      title={status}
      subTitle={EXCEPTION_TEXT[status]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
