import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';

export default function RegisterResult() {
  const [params] = useSearchParams();
  const account = params.get('username') ?? params.get('mobile') ?? '';
  return (
    <Result
      status="success"
      title="注册结果"
      subTitle={account ? `你的账户：${account} 注册成功` : '注册成功'}
      extra={
        <Link to="/user/login">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
