import { useEffect, useMemo, useState } from 'react';
import { Button, Col, Input, Row, Space, Table } from 'antd';
import { useRenderer } from '@renderer/context';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { JModal } from '../shared/JModal';
import { DepartTree } from './DepartTree';
import { queryPickerUsers, sexText, type PickerUser } from './user-api';

export const USER_BY_DEP_MODAL_WIDTH = 1250;

interface UserFilter {
  username: string;
  departId?: string;
}
const NO_FILTER: UserFilter = { username: '' };
const PAGE_SIZE = 10;

export interface UserPickerModalProps {
  open: boolean;
  multi?: boolean;
  /** Rows already chosen (kept across pages). */
  initialRows: PickerUser[];
  /** Field the selection is keyed on (default username). */
  rowKey?: string;
  onOk: (rows: PickerUser[]) => void;
  onCancel: () => void;
}

/** 根据部门选择用户: department tree on the left, paged users on the right; selection survives paging. */
export function UserPickerModal({ open, multi = true, initialRows, rowKey = 'username', onOk, onCancel }: UserPickerModalProps) {
  const { data } = useRenderer();
  const notify = useNotifier();
  const [departId, setDepartId] = useState<string | undefined>();
  const [username, setUsername] = useState('');
  const [chosen, setChosen] = useState<PickerUser[]>(initialRows);
  const keyOf = (row: PickerUser) => String(row[rowKey] ?? row.id);
  const load = useMemo(
    () =>
      open ? ({ query, pageNo, pageSize }: PagedQuery<UserFilter>) => queryPickerUsers(data, { ...query, pageNo, pageSize }) : undefined,
    [data, open],
  );
  const list = usePagedList<UserFilter, PickerUser>({ initialQuery: NO_FILTER, pageSize: PAGE_SIZE, load, notify });

  useEffect(() => {
    if (open) {
      setChosen(initialRows);
      setUsername('');
      setDepartId(undefined);
    } else {
      // Closed: the next opening starts from the first page, unfiltered (nothing loads while closed).
      list.search(NO_FILTER);
      list.changePage(1, PAGE_SIZE);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice resets only when the dialog opens
  }, [open]);

  const selectedKeys = chosen.map(keyOf);
  const toggle = (row: PickerUser, on: boolean) => {
    if (!multi) {
      setChosen(on ? [row] : []);
      return;
    }
    setChosen((prev) => (on ? [...prev.filter((r) => keyOf(r) !== keyOf(row)), row] : prev.filter((r) => keyOf(r) !== keyOf(row))));
  };

  return (
    <JModal
      open={open}
      title="根据部门选择用户"
      width={USER_BY_DEP_MODAL_WIDTH}
      style={{ top: 50 }}
      className="j-user-select-modal"
      onCancel={onCancel}
      onOk={() => onOk(chosen)}
    >
      <Row gutter={10}>
        <Col md={7} sm={24}>
          <DepartTree
            selectedKeys={departId ? [departId] : []}
            onSelect={(node) => {
              setDepartId(node?.key);
              list.search((q) => ({ ...q, departId: node?.key }));
            }}
          />
        </Col>
        <Col md={17} sm={24}>
          <Space style={{ marginBottom: 8 }}>
            用户账号:
            <Input.Search
              aria-label="用户账号"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              onSearch={(text) => list.search((q) => ({ ...q, username: text }))}
              style={{ width: 200 }}
            />
            <Button
              onClick={() => {
                setUsername('');
                list.search({ username: '', departId });
              }}
            >
              重置
            </Button>
          </Space>
          <Table<PickerUser>
            size="small"
            bordered
            rowKey={keyOf}
            loading={list.loading}
            dataSource={list.rows}
            scroll={window.innerWidth < 500 ? { x: 800 } : undefined}
            columns={[
              { title: '用户账号', dataIndex: 'username' },
              { title: '用户姓名', dataIndex: 'realname' },
              { title: '性别', dataIndex: 'sex', render: (sex: unknown) => sexText(sex) },
              { title: '手机', dataIndex: 'phone' },
              { title: '部门', dataIndex: 'orgCodeTxt' },
            ]}
            rowSelection={{
              type: multi ? 'checkbox' : 'radio',
              selectedRowKeys: selectedKeys,
              preserveSelectedRowKeys: true,
              onSelect: (row, on) => toggle(row, on),
              onSelectAll: (on, _rows, changed) => changed.forEach((row) => toggle(row, on)),
            }}
            onRow={(row) => ({ onClick: () => toggle(row, !selectedKeys.includes(keyOf(row))) })}
            pagination={{
              current: list.pageNo,
              pageSize: list.pageSize,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: ['10', '20', '30'],
              showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
              onChange: list.changePage,
            }}
          />
        </Col>
      </Row>
    </JModal>
  );
}
