import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

/** /user/register: self-registration arrives with its own issue; the route exists and explains where to go. */
export default function Register() {
  return (
    <Result
      status="info"
      title="注册账户"
      subTitle="账户注册暂未开放，请联系系统管理员开通账号。"
      extra={
        <Link to="/user/login">
          <Button type="primary">使用已有账户登录</Button>
        </Link>
      }
    />
  );
}
