import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Divider, Input, Row, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { avatarSrc, useCurrentUser } from '../parts/currentUser';

const TAG_SHOWN_CHARS = 20;

/** Local tags of the profile card: the first cannot be closed, long ones are shortened with a tooltip. */
function ProfileTags() {
  const [tags, setTags] = useState<string[]>(['工程监理', '信用评价']);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const confirm = () => {
    const tag = text.trim();
    if (tag && !tags.includes(tag)) setTags([...tags, tag]);
    setEditing(false);
    setText('');
  };
  return (
    <div>
      {tags.map((tag, index) => {
        const long = tag.length > TAG_SHOWN_CHARS;
        const chip = (
          <Tag key={tag} closable={index !== 0} onClose={() => setTags(tags.filter((t) => t !== tag))} style={{ marginBottom: 8 }}>
            {long ? `${tag.slice(0, TAG_SHOWN_CHARS)}...` : tag}
          </Tag>
        );
        return long ? (
          <Tooltip key={tag} title={tag}>
            {chip}
          </Tooltip>
        ) : (
          chip
        );
      })}
      {editing ? (
        <Input
          size="small"
          autoFocus
          style={{ width: 90 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={confirm}
          onPressEnter={confirm}
        />
      ) : (
        <Tag onClick={() => setEditing(true)} style={{ borderStyle: 'dashed', cursor: 'pointer' }}>
          <PlusOutlined /> 新标签
        </Tag>
      )}
    </div>
  );
}

/** 个人中心: the signed-in user's profile with links to 账户设置. */
export default function AccountCenter() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  if (!user) return <Spin style={{ display: 'block', margin: 48 }} />;
  const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
  return (
    <Row gutter={24} className="account-center">
      <Col xs={24} lg={7}>
        <Card bordered={false}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <Avatar size={104} src={avatarSrc(user.avatar)} icon={<UserOutlined />} alt="头像" />
            <div style={{ fontSize: 20, fontWeight: 500, marginTop: 12 }} className="account-center-name">
              {user.realname}
            </div>
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>{user.username}</div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="部门">{text(user.orgCodeTxt)}</Descriptions.Item>
            <Descriptions.Item label="工号">{text(user.workNo)}</Descriptions.Item>
            <Descriptions.Item label="手机号码">{text(user.phone)}</Descriptions.Item>
            <Descriptions.Item label="电子邮件">{text(user.email)}</Descriptions.Item>
            <Descriptions.Item label="性别">{text(user.sex_dictText)}</Descriptions.Item>
            <Descriptions.Item label="生日">{text(user.birthday)}</Descriptions.Item>
          </Descriptions>
          <Divider dashed />
          <div style={{ marginBottom: 12, fontWeight: 500 }}>标签</div>
          <ProfileTags />
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card bordered={false} title="账户">
          <Descriptions column={1} bordered size="middle">
            <Descriptions.Item label="基本资料">
              昵称、头像、电子邮件与手机号码{' '}
              <Button type="link" onClick={() => navigate('/account/settings/base')}>
                修改资料
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label="账户安全">
              登录密码{' '}
              <Button type="link" onClick={() => navigate('/account/settings/security')}>
                安全设置
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label="消息通知">
              系统消息、通知公告与待办任务的提醒方式{' '}
              <Button type="link" onClick={() => navigate('/account/settings/notification')}>
                新消息通知
              </Button>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
