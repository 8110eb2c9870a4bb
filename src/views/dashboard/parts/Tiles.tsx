import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import type { Tile } from './xypjSummaryModel';

/** Figures as cards, each opening the list behind it. */
export function Tiles({ tiles, lastLabel = '上年' }: { tiles: Tile[]; lastLabel?: string }) {
  return (
    <Row gutter={[16, 16]}>
      {tiles.map((tile) => (
        <Col key={tile.key} xs={12} sm={8} lg={6}>
          <Link to={tile.to} data-tile={tile.key}>
            <Card hoverable size="small">
              <Statistic title={tile.title} value={tile.value} />
              {tile.before !== undefined && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{`${lastLabel}：${tile.before}`}</div>}
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
