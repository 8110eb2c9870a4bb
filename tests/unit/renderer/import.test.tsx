import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ImportModal } from '@renderer/list/ImportModal';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

function xls(name: string) {
  return new File(['data'], name, { type: 'application/vnd.ms-excel' });
}

function setup(response: () => unknown, multiple = false) {
  const s = fakeHttp({ 'UPLOAD /sys/position/importExcel': response });
  const rec = recordingNotifier();
  const events: string[] = [];
  renderWith(
    <ImportModal
      open
      url="/sys/position/importExcel"
      multiple={multiple}
      notify={rec.notifier}
      onClose={() => events.push('close')}
      onImported={() => events.push('imported')}
    />,
    s.http,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const uploadButton = () => screen.getByRole('button', { name: /开始上传|上传中/ }) as HTMLButtonElement;
  return { s, rec, events, input, uploadButton };
}

describe('import modal', () => {
  it('opens 600 wide, accepts .xls/.xlsx and keeps upload disabled without a file', () => {
    const { input, uploadButton } = setup(() => ok(''));
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('600px');
    expect(input.accept).toBe('.xls,.xlsx');
    expect(uploadButton().disabled).toBe(true);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('allows only one file when multiple is off', async () => {
    const { input, rec } = setup(() => ok(''));
    fireEvent.change(input, { target: { files: [xls('a.xls'), xls('b.xls')] } });
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '只能上传一个文件!' }));
    expect(await screen.findByText('a.xls')).toBeTruthy();
    expect(screen.queryByText('b.xls')).toBeNull();
  });

  it('sends files[], isSingleTableImport, foreignKeys and validateStatus, then reports success', async () => {
    const { input, rec, s, events, uploadButton } = setup(() => ok(null, '共2行数据全部导入成功！'));
    fireEvent.change(input, { target: { files: [xls('职务.xlsx')] } });
    await screen.findByText('职务.xlsx');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(uploadButton());
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'success', text: '共2行数据全部导入成功！' }));
    const body = s.last('upload')?.body as FormData;
    expect((body.getAll('files[]')[0] as File).name).toBe('职务.xlsx');
    expect(body.get('isSingleTableImport')).toBe('true');
    expect(body.get('foreignKeys')).toBe('');
    expect(body.get('validateStatus')).toBe('1');
    expect(events).toEqual(['imported', 'close']);
  });

  async function partialImport(report: () => unknown) {
    const saved: Array<{ name: string; text: string }> = [];
    const s = fakeHttp({
      'UPLOAD /sys/position/importExcel': () => ({
        success: true,
        code: 201,
        message: '文件导入成功，但有错误。',
        result: {
          msg: '总上传行数：3，已导入行数：2，错误行数：1',
          fileUrl: '/sys/entity/importError/abc',
          fileName: '职务导入错误信息.txt',
        },
      }),
      'DOWNLOAD /sys/entity/importError/abc': report,
    });
    const rec = recordingNotifier();
    renderWith(
      <ImportModal
        open
        url="/sys/position/importExcel"
        notify={rec.notifier}
        onClose={() => undefined}
        onImported={() => undefined}
        saveFile={(blob, name) => void blob.text().then((text) => saved.push({ name, text }))}
      />,
      s.http,
    );
    fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [xls('a.xls')] } });
    await screen.findByText('a.xls');
    fireEvent.click(screen.getByRole('button', { name: /开始上传/ }));
    await waitFor(() => expect(rec.said.some((x) => x.kind === 'warningDialog')).toBe(true));
    const dialog = rec.said.find((x) => x.kind === 'warningDialog') as unknown as { text: string; content: JSX.Element };
    const { container } = renderWith(dialog.content, s.http);
    return { s, rec, saved, dialog, container };
  }

  it('warns 导入成功,但是有错误数据! on code 201 and downloads the error report through the HTTP client', async () => {
    const { s, saved, dialog, container } = await partialImport(() => ({ blob: new Blob(['第2行：职级的值不在字典中']) }));
    expect(dialog.text).toBe('文件导入成功，但有错误。');
    expect(container.textContent).toContain('导入成功,但是有错误数据!');
    expect(container.textContent).toContain('总上传行数：3，已导入行数：2，错误行数：1');
    fireEvent.click(within(container).getByText('点击下载'));
    await waitFor(() => expect(saved).toEqual([{ name: '职务导入错误信息.txt', text: '第2行：职级的值不在字典中' }]));
    expect(s.last('download')?.url).toBe('/sys/entity/importError/abc');
  });

  it('says 文件下载失败 when the error report cannot be downloaded', async () => {
    const { rec, saved, container } = await partialImport(() => {
      throw new Error('Request failed with status code 401');
    });
    fireEvent.click(within(container).getByText('点击下载'));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '文件下载失败' }));
    expect(saved).toEqual([]);
  });

  it('reports other failures as "{file} {message}." and transport errors as 文件上传失败', async () => {
    const a = setup(() => ({ success: false, code: 500, message: '文件导入失败:有重复数据！', result: null }));
    fireEvent.change(a.input, { target: { files: [xls('a.xls')] } });
    await screen.findByText('a.xls');
    fireEvent.click(a.uploadButton());
    await waitFor(() => expect(a.rec.said).toContainEqual({ kind: 'warning', text: 'a.xls 文件导入失败:有重复数据！.' }));
  });

  it('reports a failed upload as 文件上传失败', async () => {
    const a = setup(() => {
      throw new Error('Network Error');
    });
    fireEvent.change(a.input, { target: { files: [xls('b.xls')] } });
    await screen.findByText('b.xls');
    fireEvent.click(a.uploadButton());
    await waitFor(() => expect(a.rec.texts().some((t) => t.startsWith('文件上传失败'))).toBe(true));
  });
});
