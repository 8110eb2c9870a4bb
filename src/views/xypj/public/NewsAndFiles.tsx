import { useEffect, useState } from 'react';
import { Card, Col, Empty, List, Modal, Row, Tag } from 'antd';
import DOMPurify from 'dompurify';
import { fetchPublicFiles, fetchPublicNews, fetchPublicNewsItem, type PublicFile, type PublicNews } from './publicApi';

const day = (time: string | null) => (time ? time.slice(0, 10) : '');

/** 新闻动态 and 相关文件 under the public result list: the latest published ones; a news title opens its text. */
export default function NewsAndFiles() {
  const [news, setNews] = useState<PublicNews[]>();
  const [files, setFiles] = useState<PublicFile[]>();
  const [open, setOpen] = useState<PublicNews | null>(null);

  useEffect(() => {
    // the lists are extras under the results: one that cannot be read shows as empty
    fetchPublicNews().then(setNews, () => setNews([]));
    fetchPublicFiles().then(setFiles, () => setFiles([]));
  }, []);

  const show = (id: string) => fetchPublicNewsItem(id).then(setOpen, () => undefined);

  return (
    <Row gutter={16} style={{ marginTop: 16 }}>
      <Col xs={24} md={12}>
        <Card title="新闻动态" size="small" loading={!news}>
          <List
            dataSource={news ?? []}
            locale={{ emptyText: <Empty description="暂无新闻" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(item) => (
              <List.Item extra={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{day(item.publishTime)}</span>}>
                <a onClick={() => show(item.id)}>{item.title}</a>
                {item.categoryText && <Tag style={{ marginLeft: 8 }}>{item.categoryText}</Tag>}
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="相关文件" size="small" loading={!files}>
          <List
            dataSource={files ?? []}
            locale={{ emptyText: <Empty description="暂无文件" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(item) => (
              <List.Item extra={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{day(item.publishTime)}</span>}>
                <List.Item.Meta
                  title={item.files[0] ? <a href={item.files[0].url}>{item.title}</a> : item.title}
                  description={[item.categoryText, item.description].filter(Boolean).join(' · ')}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Modal open={!!open} title={open?.title} footer={null} width={800} onCancel={() => setOpen(null)} destroyOnHidden>
        {open && (
          <>
            <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 12 }}>
              {[open.categoryText, day(open.publishTime)].filter(Boolean).join(' · ')}
            </div>
            <div className="public-news-content" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(open.content ?? '') }} />
          </>
        )}
      </Modal>
    </Row>
  );
}
