import { beforeEach, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { useListPage } from '@renderer/list/useListPage';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, fail, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const SIGNED = '/api/sys/position/exportXls?paramsStr=x&sid=t1&exp=1&sig=s';

function navigatingExport(link: () => unknown) {
  const s = fakeHttp({
    'GET /sys/position/list': () => ok({ records: positions(3), total: 3 }),
    'GET /sys/dict/getDictItems/position_rank': () => ok([]),
    'GET /sys/position/exportXls/link': link,
  });
  const rec = recordingNotifier();
  const visited: string[] = [];
  let list: ReturnType<typeof useListPage> | undefined;
  function Probe() {
    list = useListPage({ ...positionSchema, exportMode: 'navigate' }, { notifier: rec.notifier, navigate: (url) => visited.push(url) });
    return null;
  }
  renderWith(<Probe />, s.http);
  return { s, rec, visited, list: () => list! };
}

describe('export by navigation (exportMode: navigate)', () => {
  it('asks the server to sign {export url}?paramsStr=… with the filters and selection, then goes there', async () => {
    const a = navigatingExport(() => ok({ url: SIGNED, expireTime: 1 }));
    await act(async () => a.list().select(['p1', 'p2'], []));
    await act(async () => a.list().exportXls());
    expect(a.visited).toEqual([SIGNED]);
    const paramsStr = String(a.s.last('get', '/sys/position/exportXls/link')?.params?.paramsStr);
    expect(JSON.parse(paramsStr)).toMatchObject({ selections: 'p1,p2', column: 'createTime', order: 'desc' });
    expect(a.s.calls.some((c) => c.method === 'download')).toBe(false);
  });

  it('warns with the server message, or 文件下载失败, when no address comes back', async () => {
    const a = navigatingExport(() => fail('没有权限，请联系管理员授权'));
    await act(async () => a.list().exportXls());
    expect(a.visited).toEqual([]);
    expect(a.rec.said).toContainEqual({ kind: 'warning', text: '没有权限，请联系管理员授权' });

    const b = navigatingExport(() => {
      throw new Error('Network Error');
    });
    await act(async () => b.list().exportXls());
    expect(b.rec.said).toContainEqual({ kind: 'warning', text: '文件下载失败' });
  });
});
