import { Button, Descriptions, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { isRegisteredCompany } from './registration';

/** /user/register-result: what a registration just sent and what happens next; a direct visit only links to login. */
export default function RegisterResult() {
  const { state } = useLocation();
  const login = (
    <Link to="/user/login">
      <Button type="primary">返回登录</Button>
    </Link>
  );
  if (!isRegisteredCompany(state)) {
    return <Result status="info" title="企业注册" subTitle="没有可显示的注册信息。已有账户请直接登录。" extra={login} />;
  }
  return (
    <Result
      className="register-result"
      status="success"
      title="注册申请已提交"
      subTitle="协会工作人员审核通过后，即可使用该账户登录；审核期间登录会提示正在审核中。"
      extra={login}
    >
      <Descriptions column={1} bordered size="small" labelStyle={{ whiteSpace: 'nowrap' }} contentStyle={{ wordBreak: 'break-all' }}>
        <Descriptions.Item label="企业名称">{state.companyName}</Descriptions.Item>
        <Descriptions.Item label="统一社会信用代码">{state.creditCode}</Descriptions.Item>
        <Descriptions.Item label="联系人">{state.contact}</Descriptions.Item>
        <Descriptions.Item label="手机号">{state.mobile}</Descriptions.Item>
        <Descriptions.Item label="用户名">{state.username}</Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
