import { Button, Result, Steps } from 'antd';
import { Link } from 'react-router-dom';

/** /user/alteration: forgot-password steps; the phone verification flow arrives with its own issue. */
export default function Alteration() {
  return (
    <div style={{ background: '#fff', padding: 24, borderRadius: 8 }}>
      <h2 style={{ marginTop: 0 }}>找回密码</h2>
      <Steps size="small" current={0} items={[{ title: '手机验证' }, { title: '更改密码' }, { title: '完成' }]} />
      <Result
        status="info"
        subTitle="在线找回密码暂未开放，请联系系统管理员重置密码。"
        extra={
          <Link to="/user/login">
            <Button type="primary">返回登录</Button>
          </Link>
        }
      />
    </div>
  );
}
