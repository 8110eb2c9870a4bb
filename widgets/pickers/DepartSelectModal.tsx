import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dropdown, Input, Space } from 'antd';
import { showRequestError } from '@renderer/data/requestError';
import { useNotifier } from '@renderer/data/useNotifier';
import { useRenderer } from '@renderer/context';
import { JModal } from '../shared/JModal';
import { DepartTree } from './DepartTree';
import { searchDeparts, type DepartNode } from './depart-api';

export const DEPART_MODAL_WIDTH = 500;
export const NO_DEPART_MESSAGE = '您尚未设置部门信息!';

export interface DepartSelectModalProps {
  open: boolean;
  multi?: boolean;
  /** Unlinked parent/child checks (default true). */
  checkStrictly?: boolean;
  /** Show the 树操作 menu (linked / unlinked) in multi mode. */
  treeOpera?: boolean;
  initialKeys: string[];
  onOk: (nodes: DepartNode[]) => void;
  onCancel: () => void;
}

/** Dialog 选择部门: lazy checkable tree, search by name, single keeps the newest check. */
export function DepartSelectModal({
  open,
  multi = false,
  checkStrictly = true,
  treeOpera = false,
  initialKeys,
  onOk,
  onCancel,
}: DepartSelectModalProps) {
  const { data } = useRenderer();
  const notify = useNotifier();
  const [checked, setChecked] = useState<string[]>(initialKeys);
  const [strict, setStrict] = useState(checkStrictly);
  const [results, setResults] = useState<DepartNode[] | null>(null);
  const [empty, setEmpty] = useState(false);
  const known = useRef(new Map<string, DepartNode>());

  useEffect(() => {
    if (open) {
      setChecked(initialKeys);
      setResults(null);
      setStrict(checkStrictly);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice resets only when the dialog opens
  }, [open]);

  const remember = (nodes: DepartNode[]) => nodes.forEach((node) => known.current.set(node.key, node));
  const check = (keys: string[]) => {
    if (multi) {
      setChecked(keys);
      return;
    }
    const added = keys.filter((key) => !checked.includes(key));
    setChecked(added.length ? [added[added.length - 1]] : keys.slice(-1));
  };
  const toggle = (node: DepartNode | undefined) => {
    if (!node) return;
    check(checked.includes(node.key) ? checked.filter((k) => k !== node.key) : [...checked, node.key]);
  };
  const search = async (keyWord: string) => {
    if (!keyWord.trim()) {
      setResults(null);
      return;
    }
    try {
      const found = await searchDeparts(data, keyWord.trim());
      remember(found);
      setResults(found);
    } catch (error) {
      showRequestError(notify, error);
    }
  };
  const confirm = () => onOk(checked.map((key) => known.current.get(key)).filter((n): n is DepartNode => !!n));

  return (
    <JModal
      open={open}
      title="选择部门"
      width={DEPART_MODAL_WIDTH}
      onCancel={onCancel}
      footer={
        <Space>
          {treeOpera && multi && (
            <Dropdown
              menu={{
                items: [
                  { key: 'link', label: '父子关联' },
                  { key: 'unlink', label: '取消关联' },
                ],
                onClick: ({ key }) => setStrict(key === 'unlink'),
              }}
            >
              <Button>树操作</Button>
            </Dropdown>
          )}
          <Button onClick={onCancel}>关闭</Button>
          <Button type="primary" onClick={confirm}>
            确认
          </Button>
        </Space>
      }
    >
      {empty && <Alert type="warning" message={NO_DEPART_MESSAGE} showIcon style={{ marginBottom: 8 }} />}
      <Input.Search placeholder="请输入部门名称按回车进行搜索" allowClear onSearch={search} style={{ marginBottom: 8 }} />
      <DepartTree
        checkable
        checkStrictly={strict}
        checkedKeys={checked}
        onCheck={(keys) => check(keys)}
        onSelect={toggle}
        selectedKeys={[]}
        flatNodes={results}
        onNodesLoaded={remember}
        onEmpty={() => setEmpty(true)}
        height={350}
      />
    </JModal>
  );
}
