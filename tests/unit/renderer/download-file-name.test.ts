import { describe, expect, it } from 'vitest';
import type { ListAction, RendererServices } from '@renderer/index';
import { runAction, type ActionRunContext } from '@renderer/actions/run';
import { actionScope } from '@renderer/actions/scope';
import { fakeHttp, recordingNotifier } from './harness';
import { testDataProvider } from '../helpers/dataProvider';

type Row = Record<string, unknown>;

function downloadOf(record: Row, serverName?: string) {
  const saved: string[] = [];
  const s = fakeHttp({
    'DOWNLOAD /xypj/certificate/pdf/c1': () => ({ blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), fileName: serverName }),
  });
  const rec = recordingNotifier();
  const services: RendererServices = {
    http: s.http,
    data: testDataProvider(s.http),
    can: () => true,
    apiBase: '/api',
    user: { id: 'u1', username: 'admin', realname: '管理员' },
  };
  const context: ActionRunContext = {
    services,
    notify: rec.notifier,
    scope: actionScope({ selectedRowKeys: [], selectedRows: [], query: {} }, record, services.user),
    reload: () => undefined,
    openDialog: () => undefined,
    pickFile: async () => undefined,
    saveFile: (_blob, fileName) => saved.push(fileName),
  };
  return { saved, context, rec };
}

const pdf = (fileName?: string): ListAction => ({
  text: '下载证书',
  download: { url: '/xypj/certificate/pdf/{{ $record.id }}', fileName },
});

describe('download actions name the saved file', () => {
  it('fills {{ }} in fileName from the row', async () => {
    const { saved, context } = downloadOf({ id: 'c1', certNo: 'XYPJ-2025-00001' });
    expect(await runAction(pdf('{{ $record.certNo }}.pdf'), context)).toBe(true);
    expect(saved).toEqual(['XYPJ-2025-00001.pdf']);
  });

  it('turns path separators and reserved characters from the row into _', async () => {
    const { saved, context } = downloadOf({ id: 'c1', certNo: '../a\\b:c' });
    await runAction(pdf('{{ $record.certNo }}.pdf'), context);
    expect(saved).toEqual(['.._a_b_c.pdf']);
  });

  it("uses the server's name without a fileName, and 下载文件 without either", async () => {
    const first = downloadOf({ id: 'c1' }, '信用等级证书.pdf');
    await runAction(pdf(), first.context);
    expect(first.saved).toEqual(['信用等级证书.pdf']);
    const second = downloadOf({ id: 'c1' });
    await runAction(pdf(), second.context);
    expect(second.saved).toEqual(['下载文件']);
  });
});
